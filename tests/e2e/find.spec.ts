/**
 * Issue 22's acceptance in real Chromium, judged by the simulator's ground truth: the full view's
 * three find tools ("Find transactions", "Import a list", "Find likely duplicates") add to the same
 * selection as ticks, the same preflight checks it, and "Verify and delete selected" deletes exactly
 * what was found, nothing else. Each test seeds one scenario (tools/simulator/README.md "Seeded
 * scenarios") instead of the default company.
 */
import type { BrowserContext, Locator } from '@playwright/test';
import { ENTITY_LABEL, type Entity } from '../../lib/domain/entities';
import { extensionWorker, launchWithExtension } from '../../tools/chromium/chromium';
import type { SeededCompany } from '../../tools/simulator/api';
import { PopupPage } from '../../tools/support/pages/popup';
import { test as base, expect } from './fixtures';
import { categoryOf, deleteAndExpectExactly } from './helpers';

/** The browser's time zone: the bad import's window is written at -07:00, as the service's clock. */
const test = base.extend<{ browserZone: string }>({
  /** An IANA zone; '' keeps this machine's. (Not Playwright's own timezoneId: the context is ours.) */
  browserZone: ['', { option: true }],
  context: async ({ sim, browserZone }, use) => {
    const context = await launchWithExtension({ port: sim.port, timezoneId: browserZone || undefined });
    await use(context);
    await context.close();
  },
  // The context above, not the fixture's own: the worker and id must come from the same browser.
  serviceWorker: async ({ context }, use) => {
    await use(await extensionWorker(context));
  },
});

/** The full view at its real size, connected to the scenario's company, one tool open. */
async function openTool(context: BrowserContext, extensionId: string, company: SeededCompany, tool: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`chrome-extension://${extensionId}/popup.html?view=full`);
  const view = new PopupPage(page);
  await view.connect(company.realmId, company.token);
  // The tools name the company they find in.
  await expect(page.getByRole('heading', { name: `Find in ${company.companyName}` })).toBeVisible();
  await page.getByRole('button', { name: tool, exact: true }).click();
  const panel = page.getByRole('region', { name: tool, exact: true });
  await expect(panel).toBeVisible();
  return { view, panel };
}

async function tickTypes(panel: Locator, types: readonly Entity[]) {
  for (const t of types) await panel.getByRole('checkbox', { name: ENTITY_LABEL[t], exact: true }).check();
}

/** Every record the preflight checks is Ready: what the button deletes is the whole selection. */
async function expectAllReady(view: PopupPage, count: number) {
  const counts = await view.waitForPreflight(count);
  expect(counts).toEqual({ Ready: count });
}

test.describe('a bad import found by date created', () => {
  test.use({ browserZone: 'America/Phoenix' });

  test('40 invoices created in one five-minute window among 300: found by date created, exactly those deleted', async ({
    sim,
    context,
    extensionId,
  }) => {
    const bad = await sim.seedScenario('badImport');
    expect(bad.imported).toHaveLength(40);
    expect(bad.window.zoneOffset).toBe('-07:00');
    const { view, panel } = await openTool(context, extensionId, bad, 'Find transactions');
    // The person's clock is the service's: what they type is the window as the scenario states it.
    expect(await view.page.evaluate(() => new Date('2026-11-03T12:00:00Z').getTimezoneOffset())).toBe(420);

    await tickTypes(panel, ['Invoice']);
    // "2026-11-03T14:00:00-07:00" → the datetime-local value "2026-11-03T14:00".
    await panel.getByLabel('Created from').fill(bad.window.from.slice(0, 16));
    await panel.getByLabel('Created to').fill(bad.window.to.slice(0, 16));
    await panel.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(panel.locator('.find-total')).toHaveText(/^40 found\b/, { timeout: 30_000 });
    await panel.getByRole('button', { name: 'Add all 40', exact: true }).click();
    await expect(panel.getByText('Added 40 to the selection.', { exact: false })).toBeVisible();

    await expectAllReady(view, 40);
    await deleteAndExpectExactly(view, sim, bad.realmId, bad.imported);
    for (const key of bad.nearMisses) expect(sim.record(bad.realmId, key), key).toBeDefined();
  });
});

const FILES = {
  csv: { name: 'Transaction List by Date.csv', mimeType: 'text/csv' },
  xlsx: {
    name: 'Transaction List by Date.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
} as const;

for (const format of ['csv', 'xlsx'] as const) {
  test(`a QuickBooks report export (${format.toUpperCase()}) with its title rows and totals: exactly its listed transactions selected, the twin line "can't tell", those deleted`, async ({
    sim,
    context,
    extensionId,
  }) => {
    const exp = await sim.seedScenario('reportExport');
    const { view, panel } = await openTool(context, extensionId, exp, 'Import a list');
    const buffer = format === 'csv' ? Buffer.from(exp.csv, 'utf8') : Buffer.from(exp.xlsx);
    await panel.getByLabel('Choose a report file').setInputFiles({ ...FILES[format], buffer });
    await panel.getByRole('button', { name: 'Match in QuickBooks', exact: true }).click();

    const listed = exp.lines.flatMap((l) => ('key' in l ? [l.row] : []));
    await expect(panel.getByText(`Matched (${listed.length})`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('heading', { name: "Can't tell (1)", exact: true })).toBeVisible();
    await expect(panel.getByText('Not found (0)', { exact: true })).toBeVisible();
    // The matched lines are the file's rows that name one record; the twin's row is the one can't-tell.
    // Matched and Not found start open: what the person checks before adding is in view.
    await expect(panel.locator('details.find-group').first()).toHaveAttribute('open', '');
    const matchedRows = await panel.locator('details.find-group').first().locator('li').allInnerTexts();
    expect(matchedRows.map((t) => Number(/^Row (\d+):/.exec(t)?.[1]))).toEqual(listed);
    const cantTell = panel.locator('fieldset.find-pick');
    await expect(cantTell).toHaveCount(1);
    await expect(cantTell.locator('legend')).toHaveText(new RegExp(`^Row ${exp.ambiguous.row}: `));
    await expect(cantTell.getByRole('radio', { name: 'Leave this line out' })).toBeChecked();
    // The title rows are the report's, its total row skipped as a total.
    await panel.getByText(/^Skipped lines \(\d+\)$/).click();
    await expect(panel.getByText(`Row ${exp.totalRow}: A total row`, { exact: true })).toBeVisible();

    await expect(panel.getByText(`${exp.listed.length} to add`, { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Add to selection', exact: true }).click();
    await expect(panel.getByText(`Added ${exp.listed.length} to the selection.`, { exact: false })).toBeVisible();

    await expectAllReady(view, exp.listed.length);
    await deleteAndExpectExactly(view, sim, exp.realmId, exp.listed);
    for (const key of exp.ambiguous.candidates) expect(sim.record(exp.realmId, key), key).toBeDefined();
  });
}

/** The start of a proposed box's name (components/find/DuplicateGroup.tsx memberLabel): type, number, name. */
function boxPrefix(sim: { record: (r: string, k: string) => Record<string, unknown> | undefined }, realm: string) {
  return (key: string): string => {
    const [entity, id] = key.split(':') as [Entity, string];
    const json = sim.record(realm, key) ?? {};
    const ref = (json.CustomerRef ?? json.VendorRef ?? json.EntityRef) as { name?: string } | undefined;
    const number = typeof json.DocNumber === 'string' && json.DocNumber !== '' ? json.DocNumber : `(Id ${id})`;
    return `Select ${ENTITY_LABEL[entity]} ${number} · ${ref?.name ?? ''} · `;
  };
}

test('25 duplicate pairs, 5 with one side reconciled: 25 proposed, none protected, the kept side never; 20 ticked, exactly those deleted', async ({
  sim,
  context,
  extensionId,
}) => {
  const dup = await sim.seedScenario('duplicatePairs');
  expect(dup.pairs).toHaveLength(25);
  expect(dup.pairs.filter((p) => p.keepBecause === 'reconciled')).toHaveLength(5);
  const prefixOf = boxPrefix(sim, dup.realmId);
  // Each box is known by its prefix: no two records of the pairs share one.
  const byPrefix = new Map([...dup.proposed, ...dup.kept].map((k) => [prefixOf(k), k]));
  expect(byPrefix.size).toBe(50);

  const { view, panel } = await openTool(context, extensionId, dup, 'Find likely duplicates');
  await tickTypes(panel, dup.types);
  await panel.getByLabel('Date from').fill(dup.range.from);
  await panel.getByLabel('Date to').fill(dup.range.to);
  await expect(panel.getByLabel('Days apart (at most)')).toHaveValue('3');
  await panel.getByRole('button', { name: 'Find duplicates', exact: true }).click();
  await expect(panel.locator('.find-total')).toHaveText(/^25 groups of likely duplicates among /, { timeout: 30_000 });

  // A box only on the proposed ones: 25, each one the truth proposes, none kept, none protected.
  const boxes = panel.getByRole('checkbox', { name: /^Select / });
  await expect(boxes).toHaveCount(25);
  const names = await boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  const boxKey = (name: string) => [...byPrefix].find(([prefix]) => name.startsWith(prefix))?.[1];
  const offered = names.map(boxKey);
  expect(offered.sort()).toEqual([...dup.proposed].sort());
  for (const key of offered) expect(categoryOf(dup, key ?? '', sim), key).toBe('plain');
  await expect(panel.getByText('Kept: reconciled', { exact: true })).toHaveCount(5);
  await expect(panel.getByText('Kept: earliest created', { exact: true })).toHaveCount(20);
  await expect(panel.getByText(/^Not proposed/)).toHaveCount(0);
  // One table, one header; the Source column, the most telling, is never cut at 1280 px.
  await expect(panel.getByRole('table')).toHaveCount(1);
  const cut = await panel
    .locator('tbody td:nth-child(8)')
    .evaluateAll(
      (cells) => cells.filter((c) => c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight).length,
    );
  expect(cut).toBe(0);

  // Tick 20: every reconciled pair's twin and 15 of the others.
  const reconciledTwins = dup.pairs.filter((p) => p.keepBecause === 'reconciled').map((p) => p.propose);
  const others = dup.pairs.filter((p) => p.keepBecause !== 'reconciled').map((p) => p.propose);
  const chosen = [...reconciledTwins, ...others.slice(0, 15)];
  for (const [i, name] of names.entries()) {
    const key = boxKey(name);
    if (key && chosen.includes(key)) await boxes.nth(i).check();
  }
  await expect(panel.getByText('20 ticked', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Add to selection', exact: true }).click();
  await expect(panel.getByText('Added 20 to the selection.', { exact: false })).toBeVisible();

  await expectAllReady(view, 20);
  await deleteAndExpectExactly(view, sim, dup.realmId, chosen);
  for (const key of dup.kept) expect(sim.record(dup.realmId, key), key).toBeDefined();
});
