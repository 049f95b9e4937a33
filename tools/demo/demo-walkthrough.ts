/**
 * The headless demo's walk: tick invoices on two pages and rows on a register, connect, review the
 * statuses, opt in and out of reconciled, delete, open the restore preview, and screenshot each popup
 * state on the way.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { SeededCompany, Simulator } from '../simulator/api';
import { categoryOf, pick } from '../support/categories';
import { LedgerPage } from '../support/pages/ledger';
import { PopupPage } from '../support/pages/popup';
import type { Shooter } from './shots';

interface Walk {
  context: BrowserContext;
  sim: Simulator;
  company: SeededCompany;
  extensionId: string;
  shots: Shooter<Page>;
  ledger: Page;
}

/** What the simulator ended with: how many were deleted, and how many of those should not have been. */
export interface WalkResult {
  deleted: number;
  wrong: number;
}

export async function walkThrough({
  context,
  sim,
  company,
  extensionId,
  shots,
  ledger: page,
}: Walk): Promise<WalkResult> {
  const ledger = new LedgerPage(page);
  let ticked = 0;
  const tickAll = async (ids: string[]) => {
    for (const id of ids) await ledger.tick(id);
    ticked += ids.length;
  };
  await ledger.open('/app/invoices');
  await tickAll(await pick(ledger, company, 'Invoice', { plain: 30, reconciled: 2, linked: 2 }));
  await ledger.next();
  await tickAll(await pick(ledger, company, 'Invoice', { plain: 20, reconciled: 1 }));
  await shots.shoot(page, 'ledger-ticked', 'the ledger page with rows ticked', { popup: false });
  await ledger.open('/app/invoices?page=3'); // the oldest invoices: some fall in the closed period
  await tickAll(await pick(ledger, company, 'Invoice', { closed: 2 }));
  await ledger.open('/app/sales?page=2');
  await tickAll(await pick(ledger, company, 'Payment', { deposited: 1 }));
  await page.waitForTimeout(500);

  const popupPage = await context.newPage();
  await popupPage.setViewportSize({ width: 460, height: 600 }); // the real popup's size
  await popupPage.goto(`chrome-extension://${extensionId}/popup.html`);
  const popup = new PopupPage(popupPage);
  await popupPage.getByRole('button', { name: 'Connect to QuickBooks' }).waitFor({ timeout: 60_000 });
  await shots.shoot(popupPage, 'connect', 'not connected: Connect to QuickBooks (the access token under Advanced)');
  await popup.connect(company.realmId, company.token);
  // Rows known by what they show join the selection as the connection resolves them: wait for all.
  const counts = await popup.waitForPreflight(ticked);
  await shots.shoot(popupPage, 'preflight', `the safety preflight: ${JSON.stringify(counts)}`);
  await popupPage.getByLabel('Include reconciled transactions').check();
  await popupPage
    .getByText(/reconciled transactions? will be deleted/)
    .first()
    .waitFor();
  await shots.shoot(popupPage, 'include-reconciled', 'the opt-in warning naming the reconciled count');
  await popupPage.getByLabel('Include reconciled transactions').uncheck();
  // The check done at the service's own limit, the job meets a low one: the screenshots show a wait.
  sim.setBatchLimit(1);
  await popup.deleteButton().click();
  await popupPage.getByText(/QuickBooks asked us to slow down/).waitFor({ timeout: 60_000 });
  await shots.shoot(popupPage, 'running', 'running: progress, ETA, and the current wait in words');
  const result = await popup.resultCounts();
  for (const group of ['Deleted', 'Skipped', 'Refused'] as const) await popup.openGroup(group);
  await shots.shoot(popupPage, 'result', `finished: ${JSON.stringify(result)}`);
  // The way back: the restore preview, before anything is re-created.
  await popupPage.getByRole('button', { name: 'Restore deleted records' }).click();
  const restore = popupPage.getByRole('button', { name: /^Restore \d+ records?$/ });
  await restore.waitFor();
  await restore.scrollIntoViewIfNeeded();
  await shots.shoot(popupPage, 'restore-preview', 'the way back: what a restore brings back, and what it cannot');
  const truth = sim.truth(company.realmId);
  const wrong = truth.deletedKeys().filter((k) => categoryOf(company, k, sim) !== 'plain');
  return { deleted: truth.deletedKeys().length, wrong: wrong.length };
}
