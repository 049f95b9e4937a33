/**
 * The printable deletion report in the production build (issue 21 §6): after a run, "Print the
 * report" opens the run's report in a tab (its own chunk and stylesheet, loaded there only), and the
 * page fits A4 and Letter portrait with 12 mm margins: printed at the page's width, nothing is wider
 * than the page, even with a name or reason far longer than a line, no word is cut in two
 * ("Invoi/ce", "Pay/men/t"), and the buttons are not printed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tickAndCheck } from './helpers';

// Reconciled invoices on the first list page: one of them is left alone by the check.
test.use({ seed: { count: 400, seed: 5, reconciledShare: 0.15, closedShare: 0.1 } });

/** The printable width of a portrait page with 12 mm margins, in CSS px (96 per inch). */
const px = (mm: number) => Math.floor((mm / 25.4) * 96);
const PAPERS = [
  { format: 'A4', width: px(210 - 24) }, // 702.99 → 702
  { format: 'Letter', width: px(8.5 * 25.4 - 24) }, // 725.29 → 725
] as const;

/** What overflows sideways at the current width: the page, and each table beyond its own box. */
function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: [...document.querySelectorAll('table')]
      .filter((t) => t.scrollWidth > t.clientWidth)
      .map((t) => `${t.getAttribute('aria-labelledby')}: ${t.scrollWidth} > ${t.clientWidth}`),
  }));
}

/**
 * The words of the tables' cells that are laid out over more than one line: each word's text range
 * has client rects on one line only when it is whole. Runs of 40 characters or more with no space
 * (the long name and reason put in below) are allowed to break: they are wider than any column.
 */
function cutWords(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll('table th, table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
          if (m[0].length >= 40) continue;
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) cut.push(m[0]);
        }
      }
    }
    return cut;
  });
}

async function expectFits(page: Page, width: number, label: string) {
  await page.setViewportSize({ width, height: 1000 });
  const o = await overflow(page);
  expect(o.page, `${label}: the page is wider than the paper`).toBeLessThanOrEqual(width);
  expect(o.tables, `${label}: tables wider than their box`).toEqual([]);
  expect(await cutWords(page), `${label}: words cut in two`).toEqual([]);
}

test('"Print the report" opens the run\'s report, which fits A4 and Letter portrait', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { keys, popup } = await tickAndCheck({ context, company, openPopup }, { plain: 4, reconciled: 1 });
  const plain = keys.filter((k) => !company.keys.reconciled.includes(k));
  expect(plain).toHaveLength(4);
  expect(keys).toHaveLength(5);
  // The oldest plain one falls in a period closed after the check: the service refuses it (not deleted, and why).
  const oldest = plain.map((k) => String(sim.record(company.realmId, k)?.TxnDate)).sort()[0];
  sim.setBookCloseDate(company.realmId, oldest);
  await popup.deleteButton().click();
  expect(await popup.resultCounts()).toMatchObject({ Deleted: 3, Refused: 1 });

  const opened = context.waitForEvent('page');
  await popup.page.getByRole('button', { name: 'Print the report' }).click();
  // The first report asks the person's name once; the report prints it as "Ran by".
  await popup.page.getByRole('textbox', { name: 'Your name on the report' }).fill('Jane Bookkeeper');
  await popup.page.getByRole('button', { name: 'Save and continue' }).click();
  const report = await opened;
  await report.waitForLoadState();
  expect(new URL(report.url()).searchParams.get('view')).toBe('report');

  // The same report as the files: the header, the totals and the three sections.
  await expect(report.getByRole('heading', { level: 1 })).toHaveText('Safe Delete — deletion report');
  await expect(report.getByRole('table', { name: 'Deleted (3)' }).getByRole('row')).toHaveCount(4);
  await expect(report.getByRole('table', { name: 'Not deleted, and why (1)' })).toContainText('Refused');
  await expect(report.getByRole('table', { name: 'Left alone by the check, and why (1)' })).toContainText('Reconciled');
  await expect(report.getByRole('table', { name: 'Deleted, by type' })).toContainText('Invoice');
  await expect(report.locator('.report-header')).toContainText('Safe Delete version');
  await expect(report.locator('.report-header')).toContainText('Ran byJane Bookkeeper');
  // The tab is named for the PDF the browser offers to save.
  await expect(report).toHaveTitle(/^safe-delete-report-/);

  // axe-core with real layout (contrast included), every impact.
  await report.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await report.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);

  // On screen "Print" is there; printed, no button is (the report's stylesheet loaded with its chunk).
  const print = report.getByRole('button', { name: 'Print' });
  await expect(print).toBeVisible();
  await report.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  expect(await report.locator('button').evaluateAll((bs) => bs.filter((b) => b.getClientRects().length > 0))).toEqual(
    [],
  );

  for (const paper of PAPERS) await expectFits(report, paper.width, paper.format);

  // The worst a client's books hold: a name and a reason with no place to break, far wider than a page.
  await report.evaluate(() => {
    const cells = document.querySelectorAll('table[aria-labelledby="report-section-0"] tbody td');
    (cells[2] as HTMLElement).textContent = `Company${'X'.repeat(300)}`;
    (cells[6] as HTMLElement).textContent = `Reason-${'y'.repeat(300)}`;
  });
  for (const paper of PAPERS) await expectFits(report, paper.width, `${paper.format}, long name`);

  // The PDF itself, as "Save as PDF" makes it: one or more portrait pages of each paper.
  for (const paper of PAPERS) {
    // page.pdf() is Chromium's print to PDF (headless only, as these tests run).
    const pdf = await report.pdf({ format: paper.format });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    expect(box, `${paper.format}: the page's size`).not.toBeNull();
    expect(Number(box?.[2]), `${paper.format} is portrait`).toBeGreaterThan(Number(box?.[1]));
  }
});
