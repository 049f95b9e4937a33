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
import { afterEach, describe, expect, it } from 'vitest';
import { findRowCheckbox } from '../../lib/collect/checkbox';
import {
  ENTITY_FAMILIES,
  type MatchCounts,
  PAGE_ENTITIES,
  SAVED_PAGES,
  type SavedPage,
  SELECTOR_PAGES,
} from '../../lib/collect/layouts';
import { createLinkAgreement } from '../../lib/collect/row-agreement';
import { type IgnoredReason, rowOf, scanRows } from '../../lib/collect/rows';
import * as table from '../../lib/collect/selectors';
import { CHECKBOX_SELECTOR, HEADER_GROUP_SELECTOR, LINK_SELECTOR, ROW_SELECTOR } from '../../lib/collect/selectors';
import { createShownReader } from '../../lib/collect/shown';
import { appSlugOf } from '../../lib/domain/web-app';
import type { SelectionReportData } from '../../lib/messaging/content-protocol';
import { startHarness } from './harness';
import { loadPage, mountPage, PAGES_DIR, savedPageFiles } from './load-page';

const exported = table as unknown as Record<string, unknown>;
const selectorNames = Object.keys(exported).filter((name) => name.endsWith('_SELECTOR'));
const savedPages: SavedPage[] = Object.values(SAVED_PAGES).flat();

const loaded = new Map<string, Document>();
function page(file: string): Document {
  let doc = loaded.get(file);
  if (doc === undefined) {
    doc = loadPage(file);
    loaded.set(file, doc);
  }
  return doc;
}

/** The page's match counts in the declared shape: each group's selectors, counted on the page. */
function countsOn(file: string, declared: MatchCounts): MatchCounts {
  const count = (key: string) => page(file).querySelectorAll(exported[`${key}_SELECTOR`] as string).length;
  return Object.fromEntries(
    Object.entries(declared).map(([group, counts]) => [
      group,
      Object.fromEntries(Object.keys(counts).map((key) => [key, count(key)])),
    ]),
  ) as unknown as MatchCounts;
}

function htmlFilesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return htmlFilesUnder(join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.html') ? [`${prefix}${entry.name}`] : [];
  });
}

describe('the selectors (lib/collect/selectors.ts) on every saved page (lib/collect/layouts)', () => {
  it('names every saved page, each once', () => {
    const named = savedPages.map((saved) => saved.file);
    expect(named.sort()).toEqual(htmlFilesUnder(PAGES_DIR).sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('every saved page counts every selector not named in SELECTOR_PAGES, each once, and nothing else', () => {
    expect(selectorNames.length).toBeGreaterThanOrEqual(20);
    for (const name of selectorNames) expect(typeof exported[name]).toBe('string');
    const named = Object.keys(SELECTOR_PAGES).map((key) => `${key}_SELECTOR`);
    for (const name of named) expect(selectorNames).toContain(name);
    for (const saved of savedPages) {
      const keys = Object.values(saved.counts).flatMap((counts) => Object.keys(counts));
      expect(keys.map((key) => `${key}_SELECTOR`).sort(), saved.file).toEqual(
        selectorNames.filter((name) => !named.includes(name)).sort(),
      );
    }
  });

  it.each(Object.entries(SELECTOR_PAGES))(
    '%s_SELECTOR matches the saved pages it names, as often as it says, and no other page',
    (key, pages) => {
      const files = savedPages.map((saved) => saved.file);
      for (const file of Object.keys(pages)) expect(files, file).toContain(file);
      expect(Object.values(pages).every((n) => n > 0)).toBe(true);
      const counted = Object.fromEntries(
        files
          .map((file) => [file, page(file).querySelectorAll(exported[`${key}_SELECTOR`] as string).length] as const)
          .filter(([, n]) => n > 0),
      );
      expect(counted).toEqual(pages);
    },
  );

  it('holds each selector once (a repeated selector is one entry, used from each file)', () => {
    const values = selectorNames.map((name) => exported[name]);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(savedPages)('$file: each selector matches as many times as declared', ({ file, counts }) => {
    expect(countsOn(file, counts)).toEqual(counts);
  });
});

describe('the page layouts (lib/collect/layouts)', () => {
  it('each page has one layout, and each layout its saved page', () => {
    const slugs = ENTITY_FAMILIES.flatMap((family) => Object.keys(family));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(Object.keys(PAGE_ENTITIES).sort()).toEqual([...slugs].sort());
    const shown = new Set(savedPages.map((saved) => appSlugOf(new URL(saved.url).pathname)));
    expect(slugs.filter((slug) => !shown.has(slug))).toEqual([]);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

const rowsAdded = (reports: SelectionReportData[]) => reports.flatMap((r) => r.addedRows ?? []);
/** The row boxes a person can tick: every checkbox outside a grid's header, ours included, in page order. */
const rowBoxes = () =>
  [...document.querySelectorAll(CHECKBOX_SELECTOR)].filter((box) => box.closest(HEADER_GROUP_SELECTOR) === null);
const withReads = savedPages.flatMap((saved) => (saved.reads ? [{ ...saved, reads: saved.reads }] : []));

describe('rows with no Id: what ticking them reads, on each saved page that declares it', () => {
  it('some pages declare what is read', () => {
    expect(withReads.length).toBeGreaterThanOrEqual(4);
  });

  it.each(withReads)('$file: the ticked rows are sent with what they show', async ({ file, url, reads }) => {
    mountPage(file);
    const { person, sent, tick } = startHarness(url);
    await tick();
    const boxes = rowBoxes();
    for (const index of reads.tick) {
      expect(boxes[index], `row box ${index}`).toBeDefined();
      person.click(boxes[index]);
    }
    await tick();
    const rows = rowsAdded(sent()).map((row) =>
      row.entities ? { shown: row.shown, entities: row.entities } : { shown: row.shown },
    );
    expect(rows).toEqual(reads.rows);
    expect(sent().flatMap((report) => report.added)).toEqual([]);
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
  /** Scanned as the collector scans: a link is a row's Id only when it agrees with the row. */
  agreement?: boolean;
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
  ...[
    'sim-bankfeed-pending.html',
    'sim-bankfeed-posted.html',
    'sim-bankfeed-evidence-review.html',
    'sim-bankfeed-evidence-categorized.html',
    'sim-bankfeed-evidence-posted.html',
    'sim-bankfeed-evidence-amount.html',
    'sim-bankfeed-evidence-business-categorized.html',
    'sim-bankfeed-evidence-business-review.html',
  ].map((file) => ({
    file,
    url: `${APP}/app/banking`,
    rows: 0,
    selected: [],
    withoutCheckbox: 0,
    ignored: {},
  })),
  // The evidence's lists and registers link no row to its own record; a paid invoice's status links its
  // payment, a related record. With the collector's agreement the Invoices list takes no row for it
  // (a payment is not an invoice); on Sales, whose list holds payments, an unticked row is not read,
  // so its payment link stands for it until it is ticked (then it is read: the reads above).
  ...(
    [
      ['sim-register-real.html', '/app/register?accountId=35', 0],
      ['sim-register-stacked.html', '/app/register?accountId=35', 0],
      ['sim-invoices-real.html', '/app/invoices', 2],
      ['sim-sales-real.html', '/app/sales', 0],
      ['sim-expenses-real.html', '/app/expenses', 0],
    ] as const
  ).map(([file, path, related]) => ({
    file,
    url: `${APP}${path}`,
    rows: file === 'sim-sales-real.html' ? 2 : 0,
    selected: [],
    withoutCheckbox: 0,
    ignored: related > 0 ? { 'related-record': related } : {},
    agreement: true,
  })),
];

describe('rows scanned from saved pages', () => {
  it.each(PAGE_TABLE)('$file: $rows rows', ({ file, url, rows, selected, withoutCheckbox, ignored, agreement }) => {
    const scan = scanRows(page(file), url, agreement ? createLinkAgreement(url, createShownReader()) : undefined);
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
