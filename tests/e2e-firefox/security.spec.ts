/**
 * What a web page can reach in Firefox: no extension API, no message channel to the background, and
 * never the token, while the extension holds and uses it (the token's real home, storage.session,
 * is checked too, so the test would see a token that leaked somewhere readable).
 */

import { newWindow } from '../../tools/firefox/firefox';
import { FirefoxLedger } from '../../tools/support/pages/firefox-ledger';
import { inExtension } from './background';
import { storedJobs, untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, pick } from './helpers';

test.use({ seed: { count: 200, seed: 31 } });

test('the token is never readable by the page, and the page cannot start a delete', async ({
  firefox,
  sim,
  company,
  openPopup,
}) => {
  // From before the page's first script: record everything posted or dispatched in the page's world.
  const page = await newWindow(firefox.browser);
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const record = (e: Event) => {
      const data = (e as MessageEvent).data ?? (e as CustomEvent).detail;
      try {
        seen.push(`${e.type} ${typeof data === 'string' ? data : JSON.stringify(data)}`);
      } catch {
        seen.push(`${e.type} (unserialisable)`);
      }
    };
    for (const type of ['message', 'safe-delete', 'wxt:content-script-started']) {
      window.addEventListener(type, record, true);
      document.addEventListener(type, record, true);
    }
  });
  const ledger = await new FirefoxLedger(page).open('/app/invoices');
  for (const id of await pick(ledger, company, 'Invoice', { plain: 2 }, sim)) await ledger.tick(id);
  const popup = await openPopup();
  await untilFiled(popup.page, company.realmId, 2);
  await popup.connect(company.realmId, company.token);
  await popup.waitForPreflight(2);
  expect(sim.requestLog(company.realmId).some((e) => e.status === 200)).toBe(true); // the token is in use

  // The extension keeps it in storage.session (memory), not in storage.local ("Remember" is off).
  const session = await inExtension<Record<string, unknown>>(popup.page, 'return browser.storage.session.get(null);');
  const local = await inExtension<Record<string, unknown>>(popup.page, 'return browser.storage.local.get(null);');
  expect(JSON.stringify(session)).toContain(company.token);
  expect(JSON.stringify(local)).not.toContain(company.token);

  await page.bringToFront();
  const extensionApi = await page.evaluate(() => {
    const w = window as unknown as { browser?: unknown; chrome?: unknown };
    // A hostile page tries what it can: post the background's messages to the window (where a careless
    // content script might listen) and dispatch them as events.
    const start = { type: 'job/start', includeReconciled: true, includeLinked: true };
    window.postMessage(start, '*');
    window.dispatchEvent(new CustomEvent('safe-delete', { detail: start }));
    return typeof w.browser !== 'undefined' || typeof w.chrome !== 'undefined';
  });
  // The positive signal that the page's posts were handled: a tick made after them, filed by the
  // background (the content script handles the page's events in order, and sends in order).
  const third = (await pick(ledger, company, 'Invoice', { plain: 3 }, sim))[2] ?? '';
  await ledger.tick(third);
  await untilFiled(popup.page, company.realmId, 3);
  expect(await storedJobs(popup.page)).toEqual([]);
  const seenByPage = await page.evaluate(() => ({
    readable: [
      document.documentElement.outerHTML,
      document.cookie,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      window.name,
      JSON.stringify(performance.getEntries().map((e) => e.name)),
      ...(window as unknown as { __seen: string[] }).__seen,
    ].join('\n'),
  }));
  expect(extensionApi).toBe(false);
  expect(seenByPage.readable).not.toContain(company.token);
  expect(seenByPage.readable.length).toBeGreaterThan(1_000); // it did read the page
  expect(batchCalls(sim, company.realmId)).toHaveLength(0);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
});
