/**
 * The headless demo's walk: tick invoices on two pages and rows on a register, connect, review the
 * statuses, opt in and out of reconciled, delete, and screenshot each popup state on the way.
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { categoryOf, pick } from '../../tests/e2e/helpers';
import { LedgerPage } from '../../tests/e2e/pages/ledger';
import { PopupPage } from '../../tests/e2e/pages/popup';
import type { SeededCompany, Simulator } from '../simulator/api';

interface Walk {
  context: BrowserContext;
  sim: Simulator;
  company: SeededCompany;
  extensionId: string;
  dir: string;
  ledger: Page;
}

export async function walkThrough({ context, sim, company, extensionId, dir, ledger: page }: Walk): Promise<string[]> {
  const shots: string[] = [];
  const shoot = async (p: Page, name: string, note: string) => {
    const file = path.join(dir, `${String(shots.length + 1).padStart(2, '0')}-${name}.png`);
    await p.screenshot({ path: file, fullPage: false });
    shots.push(`${file}  (${note})`);
    console.log(`  ✓ ${note}`);
  };
  const ledger = new LedgerPage(page);
  await ledger.open('/app/invoices');
  for (const id of await pick(ledger, company, 'Invoice', { plain: 30, reconciled: 2, linked: 2 })) {
    await ledger.tick(id);
  }
  await ledger.next();
  for (const id of await pick(ledger, company, 'Invoice', { plain: 20, reconciled: 1 })) {
    await ledger.tick(id);
  }
  await shoot(page, 'ledger-ticked', 'the ledger page with rows ticked');
  await ledger.open('/app/invoices?page=3'); // the oldest invoices: some fall in the closed period
  for (const id of await pick(ledger, company, 'Invoice', { closed: 2 })) await ledger.tick(id);
  await ledger.open('/app/sales?page=2');
  for (const id of await pick(ledger, company, 'Payment', { deposited: 1 })) await ledger.tick(id);
  await page.waitForTimeout(500);

  const popupPage = await context.newPage();
  await popupPage.setViewportSize({ width: 460, height: 600 }); // the real popup's size
  await popupPage.goto(`chrome-extension://${extensionId}/popup.html`);
  const popup = new PopupPage(popupPage);
  await popupPage.getByRole('button', { name: 'Connect to QuickBooks' }).waitFor();
  await shoot(popupPage, 'connect', 'not connected: Connect to QuickBooks, or use an access token instead');
  await popup.connect(company.realmId, company.token);
  const counts = await popup.waitForPreflight(await popup.selectedCount());
  await shoot(popupPage, 'preflight', `the safety preflight: ${JSON.stringify(counts)}`);
  await popupPage.getByLabel('Include reconciled transactions').check();
  await shoot(popupPage, 'include-reconciled', 'the opt-in warning naming the reconciled count');
  await popupPage.getByLabel('Include reconciled transactions').uncheck();
  await popup.deleteButton().click();
  await popupPage.getByText(/QuickBooks asked us to slow down/).waitFor({ timeout: 30_000 });
  await shoot(popupPage, 'running', 'running: progress, ETA, and the current wait in words');
  const result = await popup.resultCounts();
  for (const group of ['Deleted', 'Skipped', 'Refused'] as const) await popup.openGroup(group);
  await shoot(popupPage, 'result', `finished: ${JSON.stringify(result)}`);
  const truth = sim.truth(company.realmId);
  const wrong = truth.deletedKeys().filter((k) => categoryOf(company, k, sim) !== 'plain');
  console.log(`  simulator: ${truth.deletedKeys().length} deleted, ${wrong.length} that should not have been`);
  return shots;
}
