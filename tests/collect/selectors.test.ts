// @vitest-environment happy-dom
/**
 * refined-github style: every saved page (tests/fixtures/pages) and what the collector must find in
 * it. `sim-*` pages are saved output of the simulator's look-alike pages (tools/simulator/pages);
 * `hand-*` pages are hand-made edge cases; `real-markup/*` hand-written in the web app's markup.
 * First, every selector of lib/collect/selectors.ts against its table of match counts; then the rows
 * the scan reads from each page.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRowCheckbox } from '../../lib/collect/checkbox';
import { type IgnoredReason, rowOf, scanRows } from '../../lib/collect/rows';
import * as table from '../../lib/collect/selectors';
import {
  CHECKBOX_SELECTOR,
  LINK_SELECTOR,
  type MatchCounts,
  ROW_SELECTOR,
  SAVED_PAGES,
} from '../../lib/collect/selectors';
import { loadPage, PAGES_DIR, savedPageFiles } from './load-page';

const exported = table as unknown as Record<string, unknown>;
const selectorNames = Object.keys(exported).filter((name) => name.endsWith('_SELECTOR'));

const loaded = new Map<string, Document>();
function page(file: string): Document {
  let doc = loaded.get(file);
  if (doc === undefined) {
    doc = loadPage(file);
    loaded.set(file, doc);
  }
  return doc;
}

function countsOf(selector: string): MatchCounts {
  const count = (pages: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(pages).map(([name, file]) => [name, page(file).querySelectorAll(selector).length]),
    );
  return Object.fromEntries(
    Object.entries(SAVED_PAGES).map(([family, pages]) => [family, count(pages)]),
  ) as unknown as MatchCounts;
}

function htmlFilesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return htmlFilesUnder(join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.html') ? [`${prefix}${entry.name}`] : [];
  });
}

describe('the selector table (lib/collect/selectors.ts)', () => {
  it('names every saved page, each once', () => {
    const named = Object.values(SAVED_PAGES).flatMap((pages) => Object.values(pages) as string[]);
    expect(named.sort()).toEqual(htmlFilesUnder(PAGES_DIR).sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('gives every selector its match counts, and every count table its selector', () => {
    expect(selectorNames.length).toBeGreaterThanOrEqual(20);
    const countNames = Object.keys(exported).filter((name) => name.endsWith('_SELECTOR_'));
    expect(countNames.sort()).toEqual(selectorNames.map((name) => `${name}_`).sort());
    for (const name of selectorNames) expect(typeof exported[name]).toBe('string');
  });

  it('holds each selector once (a repeated selector is one entry, used from each file)', () => {
    const values = selectorNames.map((name) => exported[name]);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(selectorNames)('%s matches each saved page as many times as its table says', (name) => {
    expect(countsOf(exported[name] as string)).toEqual(exported[`${name}_`]);
  });
});

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
  // The simulator's real-markup pages carry no transaction link: the link pass finds no row.
  ...['sim-register-real.html', 'sim-invoices-real.html', 'sim-bankfeed-pending.html', 'sim-bankfeed-posted.html'].map(
    (file) => ({ file, url: `${APP}/app/banking`, rows: 0, selected: [], withoutCheckbox: 0, ignored: {} }),
  ),
];

describe('rows scanned from saved pages', () => {
  it.each(PAGE_TABLE)('$file: $rows rows', ({ file, url, rows, selected, withoutCheckbox, ignored }) => {
    const scan = scanRows(page(file), url);
    expect(scan.rows).toHaveLength(rows);
    expect(scan.rows.filter((r) => r.selected).map((r) => r.key)).toEqual(selected);
    expect(scan.rows.flatMap((r) => r.cells).filter((c) => !c.checkbox)).toHaveLength(withoutCheckbox);
    expect(scan.ignored).toEqual(ignored);
  });

  it.each(PAGE_TABLE)('$file: the fast walks agree with ROW_SELECTOR and CHECKBOX_SELECTOR', ({ file }) => {
    const doc = page(file);
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
