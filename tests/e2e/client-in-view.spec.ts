/**
 * The client in view (issue 21 §2), end to end: companies A and B both connected, A's 8 ticked
 * invoices checked and ready, then B open in the active tab (nothing ticked there). The popup must
 * open on B, name A's selection at the top with both names, and its button must act on B only:
 * before the change it showed A with A's button ready until something was ticked in B. Judged by
 * the simulator's ground truth (what was deleted in which company) and its request log.
 */
import { LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import { expect, test } from './fixtures';
import { batchCalls } from './helpers';
import { openList, openPopupBehind, pickInvoices, shoot, tickInvoices, writeCalls } from './screen-checks';

test.use({ seed: { count: 120, seed: 31 } });

test('B open in the active tab, A and B connected: the popup opens on B, and its button never acts on A', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}) => {
  const a = company;
  const b = sim.seedCompany({ count: 120, seed: 32 });

  // B is connected first, from a popup opened over B's page.
  sim.setPageCompany(b.realmId);
  const bTab = await openList(context);
  const first = await openPopupBehind(context, extensionId, bTab);
  await first.connect(b.realmId, b.token);
  await expect(first.page.getByText(b.companyName).first()).toBeVisible();
  await first.page.close();

  // Then A: its page is the last one ticked, and its 8 invoices are checked and ready.
  sim.setPageCompany(a.realmId);
  const aTab = await openList(context);
  const aIds = await pickInvoices(aTab, a, { plain: 8 });
  await tickInvoices(aTab, aIds);
  // Before A is connected, the popup names it as its page's header shows it, never by its Id.
  const aPopup = new PopupPage(await openPopup());
  const connectA = aPopup.page.getByRole('button', { name: 'Connect to QuickBooks' });
  const why = `Connect ${a.companyName}, open in QuickBooks, to check the 8 selected.`;
  await expect(aPopup.page.getByText(why)).toBeVisible({ timeout: 30_000 });
  await expect(connectA).toHaveAccessibleDescription(why);
  await expect(aPopup.page.locator('main')).not.toContainText(a.realmId);
  await aPopup.connect(a.realmId, a.token);
  expect(await aPopup.waitForPreflight(8)).toEqual({ Ready: 8 });
  await aPopup.page.close();

  // The bookkeeper switches the web app to B in B's tab and opens Safe Delete over it, ticking nothing.
  sim.setPageCompany(b.realmId);
  await bTab.reload();
  await expect(bTab.locator('tbody tr.idsTable__row').first()).toBeVisible();
  const popup = await openPopupBehind(context, extensionId, bTab);
  await popup.page.bringToFront();
  await expect(popup.page.locator('.topbar, header').first()).toContainText(b.companyName);
  await expect(
    popup.page.getByText(`${a.companyName} has 8 selected; this window shows ${b.companyName}.`),
  ).toBeVisible();
  await expect(popup.page.getByText(/Nothing selected yet/)).toBeVisible();
  await expect(popup.page.locator('.deck')).not.toContainText('Will delete 8');
  await expect(popup.page.locator('.deck')).toContainText(`For ${b.companyName}`);
  // The button is B's: with nothing selected in B it is unavailable, and a press sends nothing anywhere.
  await expect(popup.deleteButton()).toBeDisabled();
  await popup.deleteButton().click({ force: true });
  await expect(popup.page.getByRole('heading', { name: 'Deleting' })).toHaveCount(0);

  // B's own ticks: the popup's button now deletes exactly those, in B, and A keeps all 8.
  const bIds = await pickInvoices(bTab, b, { plain: 3 });
  await bTab.bringToFront();
  await tickInvoices(bTab, bIds);
  await popup.page.bringToFront();
  // The rows arrive unchecked first: wait for the check's answer, not merely for three rows.
  await expect(popup.statusCount('Ready')).toHaveText('Ready: 3', { timeout: 30_000 });
  expect(await popup.waitForPreflight(3)).toEqual({ Ready: 3 });
  await expect(popup.page.locator('.deck')).toContainText('Will delete 3 ·');
  // With something to act on, the click itself names the client (the deck does not say it twice).
  await expect(popup.deleteButton()).toContainText(`Delete 3 invoices`);
  await expect(popup.deleteButton()).toContainText(`from ${b.companyName}`);
  await popup.deleteButton().click();
  expect((await popup.resultCounts()).Deleted).toBe(3);
  expect(sim.truth(b.realmId).deletedKeys().sort()).toEqual(bIds.map((id) => `Invoice:${id}`).sort());
  expect(sim.truth(a.realmId).deletedKeys()).toEqual([]);
  expect(batchCalls(sim, a.realmId)).toEqual([]);
  expect(writeCalls(sim, a.realmId)).toEqual([]);
  for (const realm of [a.realmId, b.realmId]) {
    expect(sim.requestLog(realm).every((e) => e.tokenRealmId === realm)).toBe(true);
  }
});

test('not connected, 58 rows waiting: Connect, naming the company as its page shows it, is in view at 460 × 600', async ({
  context,
  sim,
  extensionId,
}, testInfo) => {
  const company = sim.seedCompany({ count: 70, entities: { Invoice: 1 }, seed: 33 });
  sim.setPageCompany(company.realmId);
  const tab = await openList(context);
  // The page names the company at the top of its navigation; its rows name no record, so they wait.
  await expect(tab.getByTestId('company-name')).toHaveText(company.companyName);
  const ids = [...new Set(await new LedgerPage(tab).ids())].slice(0, 58);
  expect(ids).toHaveLength(58);
  await tickInvoices(tab, ids);
  const popup = await openPopupBehind(context, extensionId, tab);
  const why = `Connect ${company.companyName}, open in QuickBooks, to check the 58 selected.`;
  await expect(popup.page.getByText(why)).toBeVisible({ timeout: 30_000 });
  await expect(popup.page.getByRole('heading', { name: 'Rows not tied to one transaction (58)' })).toBeVisible();
  const connect = popup.page.getByRole('button', { name: 'Connect to QuickBooks' });
  await expect(connect).toHaveAccessibleDescription(why);
  // Without scrolling: the button and the line saying why lie within the popup's 600 px.
  expect(await popup.page.evaluate(() => window.scrollY)).toBe(0);
  for (const element of [popup.page.getByText(why), connect]) {
    const box = await element.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(600);
  }
  await shoot(testInfo, popup.page, 'connect-first-58-waiting');
});
