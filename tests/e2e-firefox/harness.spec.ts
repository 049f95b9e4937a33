/**
 * The harness itself, so a broken setup fails here in words rather than as a timeout elsewhere: the
 * production Firefox build runs as an MV3 event page, the real host names reach the simulator with
 * the test certificate, and the content script runs on the web app's pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIREFOX_EXTENSION_DIR } from '../../tools/firefox/firefox';
import { backgroundUrl, inExtension } from './background';
import { expect, test } from './fixtures';

test('the production Firefox build loads as an MV3 event page, with its gecko id and permissions', async ({
  firefox,
  openPopup,
}) => {
  const popup = await openPopup();
  const manifest = await inExtension<{
    manifest_version: number;
    background: { scripts?: string[]; service_worker?: string | null };
    permissions: string[];
  }>(popup.page, 'return browser.runtime.getManifest();');
  expect(manifest.manifest_version).toBe(3);
  // An event page (background scripts), not a service worker; Firefox reports the scripts as full URLs.
  expect(manifest.background.scripts).toEqual([
    expect.stringMatching(/^moz-extension:\/\/[0-9a-f-]{36}\/background\.js$/),
  ]);
  expect(manifest.background.service_worker ?? undefined).toBeUndefined();
  // Firefox grants what the built manifest asks for, and that includes what the product needs.
  const built = JSON.parse(readFileSync(path.join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8'));
  expect([...manifest.permissions].sort()).toEqual([...built.permissions].sort());
  expect(manifest.permissions).toEqual(
    expect.arrayContaining(['alarms', 'cookies', 'notifications', 'storage', 'unlimitedStorage']),
  );
  expect(await inExtension<string>(popup.page, 'return browser.runtime.id;')).toBe(firefox.addonId);
  expect(await backgroundUrl(popup.page)).toMatch(
    /^moz-extension:\/\/[0-9a-f-]{36}\/_generated_background_page\.html$/,
  );
  // The popup rendered and its background answered: the connection panel shows only once the
  // background has sent the connection state.
  await popup.waitForText('#connection-heading', /^Connection$/, 10_000);
});

test('a page on the real web-app host is served by the simulator and gets the content script', async ({
  company,
  openLedger,
  openPopup,
}) => {
  const register = await openLedger('/app/register?accountId=35');
  // The content script's own checkbox on a register row proves it runs there.
  await register.page.waitForSelector('[aria-label="Select for deletion"]', { timeout: 10_000 });
  expect(await register.page.evaluate(() => document.documentElement.getAttribute('data-safe-delete'))).toBeNull();
  expect(await register.page.evaluate(() => document.cookie)).toContain(`qbo.currentcompanyid=${company.realmId}`);
  // The extension reads the same cookie through the cookies API (the background's view of the page's company).
  const popup = await openPopup();
  const cookie = await inExtension<{ value: string } | null>(
    popup.page,
    "return browser.cookies.get({ url: 'https://app.qbo.intuit.com/app/', name: 'qbo.currentcompanyid' });",
  );
  expect(cookie?.value).toBe(company.realmId);
});

test("the extension's own requests reach the API host through the mapping and the test certificate", async ({
  firefox,
  company,
  openPopup,
}) => {
  const popup = await openPopup();
  const status = await popup.page.evaluate(
    async (realmId, token) => {
      const r = await fetch(`https://quickbooks.api.intuit.com/v3/company/${realmId}/preferences?minorversion=75`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      return r.status;
    },
    company.realmId,
    company.token,
  );
  expect(status).toBe(200);
  // Nothing else leaves through the proxy: any other host is refused, never forwarded.
  expect(firefox.proxy.refused.every((h) => !h.includes('intuit.com'))).toBe(true);
});
