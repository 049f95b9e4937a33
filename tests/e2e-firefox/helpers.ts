/** Shared steps of the Firefox tests: pick rows by category, tick them, connect, wait for the check. */

import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { type Category, pick } from '../../tools/support/categories';
import type { FirefoxLedger } from '../../tools/support/pages/firefox-ledger';
import type { FirefoxPopup } from '../../tools/support/pages/firefox-popup';
import { untilFiled } from './extension-state';

export { type Category, categoryOf, EXPECTED_STATUS, pick } from '../../tools/support/categories';
export { batchCalls } from '../e2e/helpers';

export interface Driver {
  company: SeededCompany;
  sim: Simulator;
  openPopup: () => Promise<FirefoxPopup>;
  openLedger: (path: string) => Promise<FirefoxLedger>;
}

export async function connectPopup(d: Pick<Driver, 'openPopup' | 'company'>): Promise<FirefoxPopup> {
  const popup = await d.openPopup();
  await popup.connect(d.company.realmId, d.company.token);
  return popup;
}

/**
 * Opens the invoice list, ticks invoices of the wanted categories (exactly as many as asked: pass a
 * `?rows=` path when one page of 50 has too few), connects the popup and waits for the check.
 */
export async function tickAndCheck(d: Driver, want: Partial<Record<Category, number>>, path = '/app/invoices') {
  const ledger = await d.openLedger(path);
  const ids = await pick(ledger, d.company, 'Invoice', want, d.sim);
  const asked = Object.values(want).reduce((a, b) => a + (b ?? 0), 0);
  if (ids.length !== asked) throw new Error(`wanted ${asked} invoices ${JSON.stringify(want)}, page has ${ids.length}`);
  for (const id of ids) await ledger.tick(id);
  const keys = ids.map((id) => `Invoice:${id}`);
  const popup = await d.openPopup();
  await untilFiled(popup.page, d.company.realmId, ids.length);
  await popup.connect(d.company.realmId, d.company.token);
  const counts = await popup.waitForPreflight(keys.length);
  return { ledger, keys, popup, counts };
}
