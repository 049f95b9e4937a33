/** Shared steps of the end-to-end tests: pick rows by category, tick them, connect, check. */
import { type BrowserContext, type CDPSession, expect } from '@playwright/test';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { type Category, pick } from '../../tools/support/categories';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import { untilFiled } from './extension-state';

export { type Category, categoryOf, EXPECTED_STATUS, pick } from '../../tools/support/categories';

export async function connectPopup(openPopup: () => Promise<import('@playwright/test').Page>, company: SeededCompany) {
  const popup = new PopupPage(await openPopup());
  await popup.connect(company.realmId, company.token);
  return popup;
}

/**
 * The job's batch calls: those carrying a write (delete, void, create). Reading ticked rows known by
 * what they show sends batches too, of queries only: they write nothing.
 */
const WRITE_OPERATION = /"operation"\s*:\s*"(delete|update|create)"/;

export function batchCalls(sim: Simulator, realmId: string) {
  return sim.requestLog(realmId).filter((e) => e.endpoint === 'batch' && WRITE_OPERATION.test(e.body ?? ''));
}

/** Opens a list page, ticks invoices of the wanted categories, connects the popup and waits for the check. */
export async function tickAndCheck(
  fixtures: {
    context: BrowserContext;
    company: SeededCompany;
    openPopup: () => Promise<import('@playwright/test').Page>;
  },
  want: Partial<Record<Category, number>>,
) {
  const ledger = await new LedgerPage(await fixtures.context.newPage()).open('/app/invoices');
  const ids = await pick(ledger, fixtures.company, 'Invoice', want);
  for (const id of ids) await ledger.tick(id);
  await untilFiled(fixtures.context, fixtures.company.realmId, ids.length);
  const keys = ids.map((id) => `Invoice:${id}`);
  const popup = await connectPopup(fixtures.openPopup, fixtures.company);
  const counts = await popup.waitForPreflight(keys.length);
  return { ledger, keys, popup, counts };
}

/** Clicks "Verify and delete selected" and checks, by the simulator's ground truth, that exactly `keys` went. */
export async function deleteAndExpectExactly(
  popup: PopupPage,
  sim: Simulator,
  realmId: string,
  keys: readonly string[],
) {
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  expect(sim.truth(realmId).deletedKeys().sort()).toEqual([...keys].sort());
  return result;
}

/** Stops the extension's service worker (CDP, `ServiceWorker.enable` sent first), as Chrome does when idle. */
export async function stopWorker(cdp: CDPSession): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      if (e.versions.some((v) => v.runningStatus === 'stopped')) resolve();
    });
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
}
