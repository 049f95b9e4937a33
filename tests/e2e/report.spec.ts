/**
 * The deletion report in the production build (issue 21 §6): after a run, "Download the report
 * (Excel)" and "(CSV)" give files a client can read, in real Chromium — the Excel writer is loaded on
 * the click and zips without a Worker (the extension's CSP forbids blob: workers). The first report
 * asks once for the person's name, which both files print as "Ran by" (kept by the background).
 */
import { readFileSync } from 'node:fs';
import { readXlsx } from '../support/xlsx';
import { expect, test } from './fixtures';
import { deleteAndExpectExactly, tickAndCheck } from './helpers';

test('after a run, the report downloads as Excel and as CSV with its three sections', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 4 });
  await deleteAndExpectExactly(popup, sim, company.realmId, keys);

  const excel = popup.page.waitForEvent('download');
  await popup.page.getByRole('button', { name: 'Download the report (Excel)' }).click();
  await popup.page.getByRole('textbox', { name: 'Your name on the report' }).fill('Jane Bookkeeper');
  await popup.page.getByRole('button', { name: 'Save and continue' }).click();
  const xlsxPath = await (await excel).path();
  const sheet = await readXlsx(new Blob([readFileSync(xlsxPath)]));
  const text = JSON.stringify(sheet.rows);
  // Amounts are numbers a spreadsheet can sum: one per deleted record at least.
  const numbers = sheet.rows.flat().filter((c) => c?.kind === 'number' && c.format?.includes('0.00'));
  expect(numbers.length).toBeGreaterThanOrEqual(keys.length);
  for (const title of ['Deleted', 'Not deleted, and why', 'Left alone by the check, and why']) {
    expect(text).toContain(title);
  }
  expect(sheet.rows.map((r) => (r ?? []).map((c) => c?.value))).toContainEqual(['Ran by', 'Jane Bookkeeper']);

  const csv = popup.page.waitForEvent('download');
  await popup.page.getByRole('button', { name: 'Download the report (CSV)' }).click();
  // Asked once: the second report goes straight on.
  const csvText = readFileSync(await (await csv).path(), 'utf8');
  expect(csvText).toContain('Ran by,Jane Bookkeeper');
  expect(csvText).toContain('Deleted');
  expect(csvText).toContain('Not deleted, and why');
  expect(csvText).toContain('Left alone by the check, and why');
});
