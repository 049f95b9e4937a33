/**
 * In the real browser: "Void instead of delete" is the client's selection's, kept by the
 * background, not the popup's. Chrome closes the popup on any click outside it; reopened, and in
 * the full view opened next, it still shows void and "Verify and void selected", and the click
 * voids. Judged by the simulator's ground truth: every record voided, none deleted.
 */
import { expect, test } from './fixtures';
import { tickAndCheck } from './helpers';

test.use({ seed: { count: 60, seed: 33 } });

test('"Void instead of delete" ticked in the popup: reopened, and in the full view, it shows void, and the job voids', async ({
  context,
  sim,
  company,
  openPopup,
  extensionId,
}) => {
  const { keys, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 5 });
  await popup.page.getByLabel('Void instead of delete').check();
  await expect(popup.page.getByRole('button', { name: 'Verify and void selected' })).toBeVisible();
  await expect(popup.page.getByText(/^Will void 5 ·/)).toBeVisible();
  await popup.page.close(); // as Chrome does on a click outside the popup

  const again = await openPopup();
  await expect(again.getByRole('button', { name: 'Verify and void selected' })).toBeVisible();
  await expect(again.getByLabel('Void instead of delete')).toBeChecked();
  await expect(again.getByText(/^Will void 5 ·/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Verify and delete selected' })).toHaveCount(0);
  await again.close();

  const full = await context.newPage();
  await full.setViewportSize({ width: 1280, height: 800 });
  await full.goto(`chrome-extension://${extensionId}/popup.html?view=full`);
  await expect(full.getByRole('button', { name: 'Verify and void selected' })).toBeVisible();
  await expect(full.getByLabel('Void instead of delete')).toBeChecked();
  await expect(full.getByText(/^Will void 5 ·/)).toBeVisible();
  await expect(full.getByRole('button', { name: 'Verify and delete selected' })).toHaveCount(0);

  await full.getByRole('button', { name: 'Verify and void selected' }).click();
  await expect(full.getByRole('button', { name: /^Voided \d+$/ })).toHaveText('Voided 5', { timeout: 60_000 });
  const truth = sim.truth(company.realmId);
  expect(truth.deletedKeys()).toEqual([]);
  expect(truth.voidedKeys().sort()).toEqual([...keys].sort());
});
