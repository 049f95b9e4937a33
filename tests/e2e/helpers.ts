/** Shared steps of the end-to-end tests: pick rows by category, tick them, connect, check. */
import { type BrowserContext, type CDPSession, expect } from '@playwright/test';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { untilFiled } from './extension-state';
import { LedgerPage } from './pages/ledger';
import { PopupPage } from './pages/popup';

export type Category = 'plain' | 'reconciled' | 'closed' | 'deposited' | 'linked';

/** Links on the record or on its lines (a Deposit's lines link the payments it holds). */
function hasLinks(json: Record<string, unknown> | undefined): boolean {
  const own = json?.LinkedTxn;
  if (Array.isArray(own) && own.length > 0) return true;
  const lines = Array.isArray(json?.Line) ? (json.Line as { LinkedTxn?: unknown[] }[]) : [];
  return lines.some((l) => Array.isArray(l.LinkedTxn) && l.LinkedTxn.length > 0);
}

export function categoryOf(company: SeededCompany, key: string, sim?: Simulator): Category {
  const k = company.keys;
  if (k.closed.includes(key)) return 'closed';
  if (k.deposited.includes(key)) return 'deposited';
  if (k.reconciled.includes(key)) return 'reconciled';
  if (k.linked.includes(key) || (sim && hasLinks(sim.record(company.realmId, key)))) return 'linked';
  return 'plain';
}

/** The popup status a record of this category must get (closed outranks reconciled: STATUS_ORDER). */
export const EXPECTED_STATUS: Record<Category, string> = {
  plain: 'Ready',
  linked: 'Linked',
  closed: 'Closed period',
  deposited: 'Deposited',
  reconciled: 'Reconciled',
};

/** Picks ids from a page: `want` per category, in page order. */
export async function pick(
  ledger: LedgerPage,
  company: SeededCompany,
  entity: string,
  want: Partial<Record<Category, number>>,
): Promise<string[]> {
  const left = { ...want };
  const out: string[] = [];
  for (const id of await ledger.ids()) {
    const cat = categoryOf(company, `${entity}:${id}`);
    if ((left[cat] ?? 0) > 0 && !out.includes(id)) {
      out.push(id);
      left[cat] = (left[cat] ?? 0) - 1;
    }
  }
  return out;
}

export async function connectPopup(openPopup: () => Promise<import('@playwright/test').Page>, company: SeededCompany) {
  const popup = new PopupPage(await openPopup());
  await popup.connect(company.realmId, company.token);
  return popup;
}

export function batchCalls(sim: Simulator, realmId: string) {
  return sim.requestLog(realmId).filter((e) => e.endpoint === 'batch');
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
