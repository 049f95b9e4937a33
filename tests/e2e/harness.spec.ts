import { expect, test } from './fixtures';

test('the production build loads: manifest, service worker, and its permissions', async ({ serviceWorker }) => {
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.name).toBe('Safe Delete for QuickBooks Online');
  expect(manifest.permissions?.sort()).toEqual([
    'alarms',
    'cookies',
    'identity',
    'notifications',
    'storage',
    'unlimitedStorage',
  ]);
  expect(serviceWorker.url()).toMatch(/^chrome-extension:\/\/[a-p]{32}\/background\.js$/);
});

test('a page on a mapped real host name is served by the simulator and gets the content script', async ({
  context,
  company,
}) => {
  const page = await context.newPage();
  const response = await page.goto('https://app.qbo.intuit.com/app/register?accountId=35');
  expect(response?.status()).toBe(200);
  // The content script's own checkbox on a register row proves it runs there.
  await expect(page.getByRole('checkbox', { name: 'Select for deletion' }).first()).toBeVisible();
  expect(await page.locator('html').getAttribute('data-safe-delete')).toBeNull();
  const cookies = await context.cookies('https://app.qbo.intuit.com');
  expect(cookies.find((c) => c.name === 'qbo.currentcompanyid')?.value).toBe(company.realmId);
});

test('the service worker reaches the API host through the mapping and the test certificate', async ({
  serviceWorker,
  company,
}) => {
  const status = await serviceWorker.evaluate(
    async ({ realmId, token }) => {
      const r = await fetch(`https://quickbooks.api.intuit.com/v3/company/${realmId}/preferences?minorversion=75`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      return r.status;
    },
    { realmId: company.realmId, token: company.token },
  );
  expect(status).toBe(200);
});
