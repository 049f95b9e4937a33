// @vitest-environment happy-dom
/**
 * refined-github style: every saved page and what the collector's selectors (LINK_SELECTOR,
 * ROW_SELECTOR in lib/collect/rows.ts) must find in it. `sim-*` pages are saved output of the
 * simulator's look-alike pages (tools/simulator/pages); `hand-*` pages are hand-made edge cases.
 */
import { describe, expect, it } from 'vitest';
import { CHECKBOX_SELECTOR, findRowCheckbox } from '../../lib/collect/checkbox';
import { type IgnoredReason, LINK_SELECTOR, ROW_SELECTOR, rowOf, scanRows } from '../../lib/collect/rows';
import { loadPage, savedPageFiles } from './load-page';

interface PageCase {
  file: string;
  /** Where the page is evaluated (links resolve against it). */
  url: string;
  rows: number;
  selected: string[];
  /** Rows with no checkbox of their own (they get ours). */
  withoutCheckbox: number;
  ignored: Partial<Record<IgnoredReason, number>>;
}

const APP = 'https://app.qbo.intuit.com';

const PAGE_TABLE: PageCase[] = [
  { file: 'sim-sales-table.html', url: `${APP}/app/sales`, rows: 20, selected: [], withoutCheckbox: 0, ignored: {} },
  {
    file: 'sim-expenses-table.html',
    url: `${APP}/app/expenses`,
    rows: 8,
    selected: [],
    withoutCheckbox: 0,
    ignored: {},
  },
  {
    file: 'sim-invoices-aria.html',
    url: `${APP}/app/invoices`,
    rows: 4,
    selected: [],
    withoutCheckbox: 0,
    ignored: {},
  },
  {
    file: 'sim-creditmemos-ampersand.html',
    url: `${APP}/app/creditmemos`,
    rows: 4,
    selected: [],
    withoutCheckbox: 0,
    ignored: {},
  },
  {
    file: 'sim-register-dgrid.html',
    url: `${APP}/app/register?accountId=35`,
    rows: 40,
    selected: [],
    withoutCheckbox: 40,
    ignored: {},
  },
  {
    file: 'sim-sales-hostile.html',
    url: `${APP}/app/sales?hostile=1`,
    rows: 20,
    selected: [],
    withoutCheckbox: 0,
    ignored: { 'invalid-id': 8, 'ambiguous-id': 1, 'unknown-slug': 3, 'other-origin': 2, 'duplicate-row': 1 },
  },
  {
    file: 'hand-nested-markup.html',
    url: `${APP}/app/customerdetail?nameId=1`,
    rows: 5,
    selected: ['Invoice:501', 'Payment:503'],
    withoutCheckbox: 1,
    ignored: { 'outside-row': 1 },
  },
  {
    file: 'hand-two-links.html',
    url: `${APP}/app/invoices`,
    rows: 4,
    selected: ['Invoice:601'],
    withoutCheckbox: 0,
    ignored: { 'extra-link-in-row': 1, 'invalid-id': 1 },
  },
  {
    file: 'hand-checkbox-outside-row.html',
    url: `${APP}/app/bills`,
    rows: 3,
    selected: [],
    withoutCheckbox: 3,
    ignored: {},
  },
  {
    file: 'hand-ampersand-and-params.html',
    url: 'https://qbo.intuit.com/app/creditmemos',
    rows: 3,
    selected: ['CreditMemo:901'],
    withoutCheckbox: 0,
    ignored: { 'unknown-slug': 1, 'not-transaction-path': 1 },
  },
  {
    file: 'hand-sandbox-host.html',
    url: 'https://app.sandbox.qbo.intuit.com/app/expenses',
    rows: 3,
    selected: ['Purchase:11'],
    withoutCheckbox: 0,
    ignored: { 'other-origin': 2 },
  },
];

describe('selectors against saved pages', () => {
  it.each(PAGE_TABLE)('$file: $rows rows', ({ file, url, rows, selected, withoutCheckbox, ignored }) => {
    const scan = scanRows(loadPage(file), url);
    expect(scan.rows).toHaveLength(rows);
    expect(scan.rows.filter((r) => r.selected).map((r) => r.key)).toEqual(selected);
    expect(scan.rows.flatMap((r) => r.cells).filter((c) => !c.checkbox)).toHaveLength(withoutCheckbox);
    expect(scan.ignored).toEqual(ignored);
  });

  it.each(PAGE_TABLE)('$file: the fast walks agree with ROW_SELECTOR and CHECKBOX_SELECTOR', ({ file }) => {
    const doc = loadPage(file);
    for (const link of doc.querySelectorAll(LINK_SELECTOR)) {
      const row = rowOf(link);
      expect(row).toBe(link.closest('.dgrid-row') ?? link.closest('tr, [role="row"]'));
      if (row) {
        expect(row.matches(ROW_SELECTOR)).toBe(true);
        expect(findRowCheckbox(row)).toBe(row.querySelector(CHECKBOX_SELECTOR));
      }
    }
  });

  it('covers every saved page', () => {
    expect(savedPageFiles().sort()).toEqual(PAGE_TABLE.map((p) => p.file).sort());
  });
});
