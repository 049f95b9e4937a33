/**
 * `npm run demo -- --browser firefox` without a display: the same walk as tools/demo/demo-walkthrough.ts
 * (Chromium), in Firefox ESR through puppeteer-core. Ticks invoices on two pages, a closed-period
 * invoice and a deposited payment, connects, reviews the statuses, opts in and out of reconciled,
 * deletes, and screenshots each popup state on the way.
 */
import type { Page } from 'puppeteer-core';
import { type FirefoxWithExtension, openPopupTab } from '../firefox/firefox';
import type { SeededCompany, Simulator } from '../simulator/api';
import { categoryOf, pick } from '../support/categories';
import type { FirefoxLedger } from '../support/pages/firefox-ledger';
import { FirefoxPopup } from '../support/pages/firefox-popup';
import type { WalkResult } from './demo-walkthrough';
import type { Shooter } from './shots';

interface Walk {
  firefox: FirefoxWithExtension;
  sim: Simulator;
  company: SeededCompany;
  shots: Shooter<Page>;
  ledger: FirefoxLedger;
}

export async function walkThroughFirefox({ firefox, sim, company, shots, ledger }: Walk): Promise<WalkResult> {
  const shoot = (p: Page, name: string, note: string) => shots.shoot(p, name, note, { popup: p !== ledger.page });
  let ticked = 0;
  const tickAll = async (ids: string[]) => {
    for (const id of ids) await ledger.tick(id);
    ticked += ids.length;
  };
  await ledger.open('/app/invoices');
  await tickAll(await pick(ledger, company, 'Invoice', { plain: 30, reconciled: 2, linked: 2 }, sim));
  await ledger.next();
  await tickAll(await pick(ledger, company, 'Invoice', { plain: 20, reconciled: 1 }, sim));
  await shoot(ledger.page, 'ledger-ticked', 'the ledger page with rows ticked');
  await ledger.open('/app/invoices?page=3'); // the oldest invoices: some fall in the closed period
  await tickAll(await pick(ledger, company, 'Invoice', { closed: 2 }, sim));
  await ledger.open('/app/sales?page=2');
  await tickAll(await pick(ledger, company, 'Payment', { deposited: 1 }, sim));
  await ledger.settle();

  const popup = new FirefoxPopup(await openPopupTab(firefox.browser));
  await popup.button('Connect to QuickBooks', 60_000);
  await shoot(popup.page, 'connect', 'not connected: Connect to QuickBooks (the access token under Advanced)');
  await popup.connect(company.realmId, company.token);
  // Rows known by what they show join the selection as the connection resolves them: wait for all.
  const counts = await popup.waitForPreflight(ticked);
  await shoot(popup.page, 'preflight', `the safety preflight: ${JSON.stringify(counts)}`);
  const reconciled = await popup.field('Include reconciled transactions');
  await reconciled.click();
  await popup.waitForBodyText(/reconciled transactions? will be deleted/);
  await shoot(popup.page, 'include-reconciled', 'the opt-in warning naming the reconciled count');
  await reconciled.click();
  // The check done at the service's own limit, the job meets a low one: the screenshots show a wait.
  sim.setBatchLimit(1);
  await popup.clickDelete();
  // The wait in words (the popup's wording has changed before: accept its old and new phrasings).
  const waiting = /slow us down|slow down|Waiting \d+ s for the service's rate limit/;
  await popup
    .waitForBodyText(waiting)
    .then(() => shoot(popup.page, 'running', 'running: progress, ETA, and the current wait in words'))
    .catch(() => console.log('  (no wait shown before the job finished)'));
  const result = await popup.resultCounts();
  await shoot(popup.page, 'result', `finished: ${JSON.stringify(result)}`);
  const truth = sim.truth(company.realmId);
  const wrong = truth.deletedKeys().filter((k) => categoryOf(company, k, sim) !== 'plain');
  return { deleted: truth.deletedKeys().length, wrong: wrong.length };
}
