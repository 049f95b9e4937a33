/**
 * The client in view (issue 21 §2), end to end: companies A and B both connected, A's 8 ticked
 * invoices checked and ready, then B open in the active tab (nothing ticked there). The popup must
 * open on B, name A's selection at the top with both names, and its button must act on B only:
 * before the change it showed A with A's button ready until something was ticked in B. Judged by
 * the simulator's ground truth (what was deleted in which company) and its request log.
 */
import { expect, test } from './fixtures';
import { batchCalls, connectPopup } from './helpers';
import { openList, openPopupBehind, pickInvoices, tickInvoices, writeCalls } from './screen-checks';

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
  const aPopup = await connectPopup(openPopup, a);
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
