/**
 * The web app's newer addresses (issue 23 §5, issue 20 §3): a list opened at
 * `https://qbo.intuit.com/c28/app/invoices?jobId=accounting` gets the content script, its ticked rows
 * (known by what they show: no row links its invoice) reach the popup, and exactly those are deleted.
 */

import { LedgerPage } from '../../tools/support/pages/ledger';
import { expect, test } from './fixtures';
import { connectPopup, deleteAndExpectExactly, pick } from './helpers';

test('ticks on a /c28/app/ page with ?jobId= are selected, checked and deleted', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const page = await context.newPage();
  const response = await page.goto('https://qbo.intuit.com/c28/app/invoices?jobId=accounting', { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  const ledger = new LedgerPage(page);
  await expect(page.locator('tbody tr.idsTable__row').first()).toBeVisible();
  await expect(page.locator('a[href*="/app/invoice?txnId="]')).toHaveCount(0);
  const ids = await pick(ledger, company, 'Invoice', { plain: 3 });
  expect(ids).toHaveLength(3);
  for (const id of ids) await ledger.tick(id);
  const keys = ids.map((id) => `Invoice:${id}`);

  const popup = await connectPopup(openPopup, company);
  // The content script reports after a short quiet spell: the popup's view follows it.
  await expect(popup.page.getByRole('heading', { name: /Selection/ })).toContainText('(3 transactions)');
  expect(await popup.waitForPreflight(3)).toEqual({ Ready: 3 });
  await deleteAndExpectExactly(popup, sim, company.realmId, keys);
});
