/**
 * Issue 18 §1 in the real browser: the popup and the full view ("Open full view", a tab) both show
 * the restore preview and both press "Restore" together. Before the fix both requests passed "a job
 * is already running" and every record was created twice (15 of 8 measured). Judged by the
 * simulator's ground truth: every deleted record exists exactly once.
 */
import { expect, test } from './fixtures';
import { tickAndCheck } from './helpers';

test.use({ seed: { count: 120, seed: 18 } });

test('the popup and the full view press "Restore" together: every deleted record comes back exactly once', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}) => {
  const { keys, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 8 });
  await popup.deleteButton().click();
  expect((await popup.resultCounts()).Deleted).toBe(keys.length);
  expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());

  const full = await context.newPage();
  await full.setViewportSize({ width: 1280, height: 800 });
  await full.goto(`chrome-extension://${extensionId}/popup.html?view=full`);
  const confirmName = `Restore ${keys.length} records`;
  for (const page of [popup.page, full]) {
    await page.getByRole('button', { name: 'Restore deleted records' }).click();
    await expect(page.getByRole('button', { name: confirmName })).toBeVisible();
  }
  // Both clicks dispatched before either answer comes back.
  await Promise.all([
    popup.page.getByRole('button', { name: confirmName }).click(),
    full.getByRole('button', { name: confirmName }).click(),
  ]);
  // The deletion's result also reads "Finished": wait for the restore's own result, its "Restored" group.
  await expect(popup.page.getByRole('button', { name: /^Restored \d+$/ })).toBeVisible({ timeout: 60_000 });
  await expect(popup.page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 60_000 });
  const truth = sim.truth(company.realmId);
  const created = truth.createdKeys();
  expect(created).toHaveLength(keys.length);
  for (const key of created) expect(truth.appliedCreates(key)).toBe(1);
  // One of the two views was told why its click did nothing.
  const said = await Promise.all(
    [popup.page, full].map((p) => p.getByText(/already running|changed since the preview|nothing to restore/).count()),
  );
  expect(said.some((n) => n > 0)).toBe(true);
});
