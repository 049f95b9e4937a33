/**
 * Screen by screen, in real Chromium: every state of a run at the popup's 460 × 600 and in the full
 * view at 1280 × 800 with the production build, saved under the test's output folder (attached to
 * the report) and measured: with 50 records selected the list keeps room for 8 rows above the deck
 * (a row with nothing to explain takes one row's height; one with a why-text is as tall as its
 * text) while the delete button stays within 600 px; no state slides sideways; no cell of a row
 * (type, number, date, amount, name, status, why) is cut in either view and no two cells of a row
 * overlap. Then every transaction type in every status, drawn by the
 * screens harness (the same components and CSS, from a fixture state), measured the same way.
 */
import type { Page, TestInfo } from '@playwright/test';
import { ROW_HEIGHT } from '../../components/SelectionList';
import { launchChromium } from '../../tools/bench/browser/launch';
import { everyTypeAndStatus } from '../../tools/screens/every-row';
import { screenHarness } from '../../tools/screens/render';
import { SCREENS } from '../../tools/screens/states';
import { APP, LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import { expect, test } from './fixtures';
import { type Category, categoryOf, connectPopup } from './helpers';
import {
  createTwinInvoices,
  expectNoSideways,
  fullFigures,
  openFullView,
  openList,
  openPopupBehind,
  pickInvoices,
  popupFigures,
  shoot,
  takeDown,
  tickInvoices,
} from './screen-checks';

test.use({
  // A client's name of one header line (the layout's room for 8 rows is measured with it): left to
  // the simulator, one run in 16 got 'Greenfield Landscaping & Snow Removal', whose second header
  // line takes its height from the list (254 px in view against 288).
  seed: {
    count: 400,
    seed: 11,
    reconciledShare: 0.12,
    closedShare: 0.1,
    linkedShare: 0.08,
    companyName: 'Blue Ridge Plumbing Co.',
  },
  // Real-payload mode: a record in a period closed after the check is refused per record (6210), as in
  // rules.spec. The job is held "running" between its two chunks by the simulator (hold-before), not by
  // waiting out a throttle window.
  simulatorOptions: { mode: 'real' },
});

/** Screenshots of one state in both views; the popup's figures checked and returned. */
async function capture(testInfo: TestInfo, popup: PopupPage, full: Page, state: string) {
  await shoot(testInfo, popup.page, `${state}-popup`);
  const figures = await popupFigures(popup.page);
  console.log(`${state} popup 460×600: ${JSON.stringify(figures)}`);
  expectNoSideways(figures, `${state} (popup)`);
  expectWhole(await fullFigures(popup.page), `${state} (popup)`);
  await shoot(testInfo, full, `${state}-full`);
  const wide = await fullFigures(full);
  console.log(
    `${state} full 1280×800: rows ${wide.rowsChecked}, cells ${wide.cellsChecked}, cut ${wide.cut.length}, scroll ${wide.scrollWidth}/${wide.clientWidth}`,
  );
  expectWhole(wide, `${state} (full view)`);
  expectNoSideways(wide, `${state} (full view)`);
  return { figures, wide };
}

/** Rows with nothing to explain take the least row height (its why-text alone makes a row taller). */
function expectPlainRowsLeast(heights: number[], least: number, state: string) {
  expect(heights.length, `${state}: rows with no why`).toBeGreaterThan(0);
  expect.soft(Math.max(...heights), `${state}: the tallest row with no why (px)`).toBeLessThanOrEqual(least + 1);
}

/** No identifying cell cut, no two cells of a row over each other. */
function expectWhole(figures: { cut: string[]; overlaps: string[] }, state: string) {
  // Soft: every state is still shot and measured, and the test fails at its end naming every cell.
  expect.soft(figures.cut, `${state}: cut cells`).toEqual([]);
  expect.soft(figures.overlaps, `${state}: overlapping cells`).toEqual([]);
}

const WANT: Record<Category, number> = { plain: 34, reconciled: 6, closed: 5, linked: 5, deposited: 0 };

test('a run of 50 records, screen by screen: not connected, checked, check failed, running, result, restore preview', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}, testInfo) => {
  test.setTimeout(240_000);
  const ledger = await openList(context);
  const ids = await pickInvoices(ledger, company, WANT, sim);
  expect(ids).toHaveLength(50);
  await tickInvoices(ledger, ids);
  const keys = ids.map((id) => `Invoice:${id}`);

  // Not connected: one step, naming the company and the 50 waiting.
  const popup = new PopupPage(await openPopup());
  const full = await openFullView(context, extensionId);
  await expect(popup.page.getByText(/to check the 50 selected\./)).toBeVisible();
  await expect(popup.page.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  await expect(full.getByRole('button', { name: 'Connect to QuickBooks' })).toBeVisible();
  await capture(testInfo, popup, full, '01-not-connected');

  // Connected, 50 checked, mixed statuses: the records first.
  await popup.connect(company.realmId, company.token);
  const counts = await popup.waitForPreflight(50);
  expect(Object.keys(counts).length).toBeGreaterThanOrEqual(4);
  await expect(full.getByRole('button', { name: 'Sort by Amount' })).toBeVisible();
  await expect(full.locator('li.row').first()).toBeVisible();
  // The full view follows the selection on its own (storage changes): all 50 listed before it is measured.
  await expect(full.locator('li.row').first()).toHaveAttribute('aria-setsize', '50');
  // ...with its own check finished (it may still show "Checking each transaction…" after the popup's
  // is done), and drawn in a settled order: while statuses still arrive the windowed list re-sorts under
  // the scroll and a pass through it misses rows (42 of 50 seen twice in CI).
  await expect(full.getByText(/^Not checked yet: \d+/)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await fullFigures(full)).rowsChecked, { timeout: 30_000 }).toBe(50);
  const checked = await capture(testInfo, popup, full, '02-checked-50');
  // The why-texts are whole, so a row that has one is taller: the list keeps the room of 8 rows, and a
  // row with nothing to explain still takes one row's height.
  expect(checked.figures.listInView, 'the list in view above the deck (px)').toBeGreaterThanOrEqual(8 * ROW_HEIGHT);
  expect(checked.figures.rowsVisible, 'rows with amounts in view above the deck').toBeGreaterThanOrEqual(4);
  expectPlainRowsLeast((await fullFigures(popup.page)).plainRowHeights, ROW_HEIGHT, '02-checked-50 (popup)');
  expect(checked.figures.buttonBottom ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(600);
  expect(checked.wide.headers).toEqual(expect.arrayContaining(['Number', 'Name', 'Date', 'Amount', 'Status', 'Why']));
  expect(checked.wide.rowsChecked).toBe(50); // every row scrolled through and measured
  await popup.expectInView(popup.deleteButton());

  // The check fails (QuickBooks down): one banner at the top, the button unavailable.
  takeDown(sim, company.realmId);
  await popup.page.getByRole('button', { name: 'Check again' }).click();
  const banner = popup.page.getByRole('region', { name: 'The check failed' });
  await expect(banner).toContainText("QuickBooks isn't responding");
  await expect(full.getByRole('region', { name: 'The check failed' })).toBeVisible();
  await expect(popup.deleteButton()).toBeDisabled();
  await capture(testInfo, popup, full, '03-check-failed');
  await popup.expectInView(banner);
  sim.clearFaults();
  await popup.page.getByRole('button', { name: 'Try now' }).click();
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await popup.waitForPreflight(50);

  // Behind the bookkeeper's back: one ready record edited (skipped, R1), the oldest ready ones closed (refused, R3).
  const ready = keys.filter((k) => categoryOf(company, k, sim) === 'plain');
  const byDate = [...ready].sort((x, y) =>
    String(sim.record(company.realmId, x)?.TxnDate).localeCompare(String(sim.record(company.realmId, y)?.TxnDate)),
  );
  sim.editRecord(company.realmId, byDate[byDate.length - 1] as string); // the newest: never the closed one
  sim.setBookCloseDate(company.realmId, String(sim.record(company.realmId, byDate[0] as string)?.TxnDate));

  // The first chunk of 30 is done; the second chunk's delete call is held by the simulator: running.
  sim.injectFault({ endpoint: 'batch', kind: 'hold-before', after: 1, realmId: company.realmId });
  await popup.deleteButton().click();
  await expect(popup.page.getByText(/^30 of \d+ processed/)).toBeVisible({ timeout: 30_000 });
  await expect(full.getByRole('heading', { name: 'Deleting' })).toBeVisible();
  await expect.poll(() => sim.heldCount()).toBe(1);
  await capture(testInfo, popup, full, '04-job-running');
  expect(sim.releaseHeld()).toBe(1);

  const result = await popup.resultCounts();
  expect(result.Skipped).toBeGreaterThanOrEqual(1);
  expect(result.Refused).toBeGreaterThanOrEqual(1);
  expect(result.Deleted).toBe(ready.length - result.Skipped - result.Refused);
  await popup.openGroup('Deleted');
  await expect(full.getByRole('heading', { name: 'Finished' })).toBeVisible({ timeout: 30_000 });
  await capture(testInfo, popup, full, '05-job-result');

  // The restore preview, in both views.
  const restoreName = `Restore ${result.Deleted} records`;
  for (const page of [popup.page, full]) {
    await page.getByRole('button', { name: 'Restore deleted records' }).click();
    await expect(page.getByRole('button', { name: restoreName })).toBeVisible();
  }
  await capture(testInfo, popup, full, '06-restore-preview');
  expect(sim.truth(company.realmId).createdKeys()).toEqual([]);
});

test('rows the page ticked: a one-line notice at the top, a tick per row', async ({
  context,
  company,
  openPopup,
  extensionId,
}, testInfo) => {
  const ledger = await openList(context);
  const mine = await pickInvoices(ledger, company, { plain: 12 });
  await tickInvoices(ledger, mine.slice(0, 9));
  // A script in the page ticks three more: a synthetic click, not the person's.
  const theirs = mine.slice(9);
  // The rows link nothing: each is found by what it shows, then clicked by the page's own world.
  const rows = new LedgerPage(ledger);
  for (const id of theirs)
    await (await rows.row(id))
      .locator('input[type="checkbox"], [role="checkbox"]')
      .first()
      .evaluate((box) => (box as HTMLElement).click());
  const popup = await connectPopup(openPopup, company);
  await popup.waitForPreflight(9);
  await expect(popup.page.getByText(/^3 rows were ticked by the page, not by you: not selected\./)).toBeVisible();
  const full = await openFullView(context, extensionId);
  await expect(full.getByRole('heading', { name: 'Ticked by the page, not by you' })).toBeVisible();
  await expect(full.locator('li.row').first()).toBeVisible();
  await capture(testInfo, popup, full, '07-page-ticked');
  await popup.page.getByRole('heading', { name: 'Ticked by the page, not by you' }).scrollIntoViewIfNeeded();
  await shoot(testInfo, popup.page, '07-page-ticked-panel-popup');
  expectNoSideways(await popupFigures(popup.page), 'page-ticked panel (popup)');
});

test('rows not tied to one transaction: two invoices alike on the real-markup Invoices list', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}, testInfo) => {
  const twins = await createTwinInvoices(sim, company, '9999');
  const page = await context.newPage();
  await page.goto(`${APP}/app/invoices?markup=real&rows=200`, { waitUntil: 'load' });
  const twinRows = page.locator('tr.idsTable__row').filter({ hasText: '9999' });
  await expect(twinRows).toHaveCount(2);
  await twinRows.first().locator('input[type="checkbox"]').click();
  const plainRow = page.locator('tr.idsTable__row').filter({ hasNotText: '9999' }).first();
  await plainRow.locator('input[type="checkbox"]').click();
  const popup = await connectPopup(openPopup, company);
  await expect(popup.page.getByText("Can't tell which transaction")).toBeVisible({ timeout: 30_000 });
  await expect(popup.page.getByRole('list', { name: 'The transactions that match' }).getByRole('listitem')).toHaveCount(
    2,
  );
  const full = await openFullView(context, extensionId);
  await expect(full.getByText("Can't tell which transaction")).toBeVisible();
  await capture(testInfo, popup, full, '08-not-tied');
  for (const key of twins) expect(sim.truth(company.realmId).exists(key)).toBe(true);
});

test('another client in view: B in the active tab, A with a selection elsewhere', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}, testInfo) => {
  const other = sim.seedCompany({ count: 120, seed: 12 });
  sim.setPageCompany(company.realmId);
  const ledger = await openList(context);
  await tickInvoices(ledger, await pickInvoices(ledger, company, { plain: 8 }));
  const a = await connectPopup(openPopup, company);
  await a.waitForPreflight(8);
  await a.page.close();

  sim.setPageCompany(other.realmId);
  const bTab = await openList(context);
  const popup = await openPopupBehind(context, extensionId, bTab);
  await popup.connect(other.realmId, other.token);
  await expect(popup.page.getByText(`${company.companyName} has 8 selected; this window shows`)).toBeVisible({
    timeout: 30_000,
  });
  const full = await openFullView(context, extensionId);
  await expect(full.getByText(`${company.companyName} has 8 selected`)).toBeVisible();
  await popup.page.bringToFront();
  await capture(testInfo, popup, full, '09-another-client');
});

test('every transaction type in every status, at 460 × 600 and 1280 × 800: nothing that identifies a record is cut', async () => {
  const testInfo = test.info();
  const rows = everyTypeAndStatus(Date.UTC(2026, 10, 26, 17, 57));
  const connection = {
    realmId: '9130350000000001',
    environment: 'production',
    hasToken: true,
    remember: true,
    method: 'oauth',
    companyName: 'Redwood Roofing & Gutters',
  } as const;
  const base = {
    version: 1,
    connection,
    selection: rows,
    pageTicked: [],
    unresolved: [],
    recentRuns: [],
    connections: [],
    scope: { realmId: connection.realmId, environment: connection.environment, stamp: 'screens' },
    preflight: { at: Date.UTC(2026, 10, 26, 17, 56), running: false },
  };
  const voiding = { operation: 'void', includeReconciled: false, includeLinked: false } as const;
  const browser = await launchChromium();
  try {
    const harness = await screenHarness(browser);
    for (const [name, state] of [
      ['10-every-type-status', base],
      ['11-every-type-void', { ...base, choice: voiding }],
    ] as const) {
      for (const full of [false, true]) {
        const page = await harness.open(state, full);
        const view = full ? 'full' : 'popup';
        await shoot(testInfo, page, `${name}-${view}`);
        const figures = await fullFigures(page);
        console.log(`${name} ${view}: rows ${figures.rowsChecked}, cells ${figures.cellsChecked}`);
        expect(figures.rowsChecked, `${name} (${view}): every row looked at`).toBe(rows.length);
        expectWhole(figures, `${name} (${view})`);
        expectNoSideways(figures, `${name} (${view})`);
        if (!full) expectPlainRowsLeast(figures.plainRowHeights, ROW_HEIGHT, `${name} (${view})`);
        // The client's name in the header, what is not in this click and the click's words: whole.
        const cutLines = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.topbar-company, .plan-for, button.danger')]
            .filter((el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 1)
            .map((el) => el.innerText),
        );
        expect.soft(cutLines, `${name} (${view}): cut header or deck lines`).toEqual([]);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
});

test('Tab through the popup: every control it reaches shows between the top bar and the deck', async () => {
  const state = SCREENS.find((s) => s.name === 'checked-50')?.state;
  expect(state).toBeDefined();
  const browser = await launchChromium();
  try {
    const page = await (await screenHarness(browser)).open(state!, false);
    const hidden: string[] = [];
    let reached = 0;
    for (let i = 1; i <= 200; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return undefined;
        const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.innerText).trim().slice(0, 40)}"`;
        if (el.closest('.topbar, .deck')) return { name, hidden: false };
        const box = el.getBoundingClientRect();
        const top = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
        const bottom = document.querySelector('.deck')?.getBoundingClientRect().top ?? innerHeight;
        return { name, hidden: box.top < top - 0.5 || box.bottom > bottom + 0.5 };
      });
      if (!where) continue;
      reached += 1;
      if (where.hidden) hidden.push(`Tab ${i}: ${where.name}`);
    }
    expect(reached, "controls reached with Tab (the list's 100 and those below it)").toBeGreaterThan(110);
    expect(hidden, 'controls behind the top bar or the deck').toEqual([]);
  } finally {
    await browser.close();
  }
});
