// @vitest-environment happy-dom
/**
 * The provenance judge on its own (lib/collect/provenance.ts, gestures.ts): which control is a
 * grid's select-all (a rendered checkbox in the header row of each layout the collector reads:
 * a table's `thead`, a `role=row` of column headers, dgrid's `.dgrid-header`), the click a browser
 * forwards from a label, and what ends a select-all (its window, a URL change seen by a scan, a
 * navigation). The box unticked: provenance.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Gesture, type GestureLog, SELECT_ALL_WINDOW_MS, watchGestures } from '../../lib/collect/gestures';
import { createProvenanceJudge } from '../../lib/collect/provenance';
import { type AnyRow, type PageScan, scanRows } from '../../lib/collect/rows';
import { mountPage } from './load-page';

const APP = 'https://app.qbo.intuit.com';
const T0 = 1_760_000_000_000;

afterEach(() => {
  document.body.innerHTML = '';
});

/** Every data row with a box of its own, as a row known by what it shows (what it shows left out). */
function shownRowsOf(doc: Document): AnyRow[] {
  return [...doc.querySelectorAll('tr, [role="row"]')]
    .filter((el) => el.querySelector('td, [role="gridcell"]') !== null)
    .flatMap((element, i) => {
      const checkbox = element.querySelector('input[type="checkbox"]');
      return checkbox
        ? [{ key: `row:${i}`, shown: {}, selected: true, cells: [{ element, checkbox, selected: true }] }]
        : [];
    });
}

/** A log holding exactly these gestures (as the window's listener would have recorded them). */
const logOf = (...gestures: Gesture[]): GestureLog => ({ recent: (now) => gestures.filter((g) => g.at <= now) });

/** A click at `target` turned its box on; the judge's first scan at `now` on `url`. */
function judgeClick(target: Element, url: string, now = T0) {
  const judge = createProvenanceJudge(logOf({ target, at: T0, type: 'click' }));
  const scan = scanRows(document, url);
  judge.begin(scan, now, url);
  return { judge, scan };
}

/** Checks the box the person reached (a native one or a custom one). */
function tick(box: Element) {
  if (box instanceof HTMLInputElement) box.checked = true;
  else box.setAttribute('aria-checked', 'true');
}

interface Layout {
  name: string;
  page: string;
  path: string;
  /** The element the person clicks (the select-all, or what draws it), after any setup. */
  selectAll(): Element;
  /** Its rows link nothing of their own: they are known by what they show. */
  byShown?: true;
}

const LAYOUTS: Layout[] = [
  {
    name: 'a table with thead (IDS label around the box; the person clicks the drawn box)',
    page: 'real-markup/invoices-list.html',
    path: '/app/invoices',
    selectAll: () => document.querySelector('thead .idsCheckbox__box') as Element,
    byShown: true,
  },
  {
    name: 'a role=row of column headers (the bank feed)',
    page: 'real-markup/bank-feed-categorized.html',
    path: '/app/banking',
    selectAll: () => document.querySelector('[aria-label="Select all"]') as Element,
    byShown: true,
  },
  {
    name: 'a role=row of column headers with a custom role=checkbox',
    page: 'sim-invoices-aria.html',
    path: '/app/invoices',
    selectAll() {
      const cell = document.querySelector('.grid-header [role="columnheader"]') as Element;
      cell.innerHTML = '<span role="checkbox" aria-checked="false" tabindex="0" aria-label="Select all"></span>';
      return cell.firstElementChild as Element;
    },
  },
  {
    name: 'dgrid’s .dgrid-header (its inner tr is presentation)',
    page: 'sim-register-dgrid.html',
    path: '/app/register?accountId=35',
    selectAll() {
      const th = document.querySelector('.dgrid-header th') as Element;
      th.insertAdjacentHTML('afterbegin', '<input type="checkbox" aria-label="Select all">');
      return th.firstElementChild as Element;
    },
  },
];

describe('the header row, in each layout', () => {
  it.each(LAYOUTS)(
    '$name: its box is a select-all for every row; the same box in a row with data cells is not',
    (layout) => {
      mountPage(layout.page);
      const url = `${APP}${layout.path}`;
      const target = layout.selectAll();
      const box = target.closest('label')?.querySelector('input') ?? target;
      tick(box);
      const header = judgeClick(target, url);
      // A page whose rows link nothing (the bank feed): its rows as the collector knows them, by what they show.
      const byShown = layout.byShown ? shownRowsOf(document) : [];
      const rowsOf = (scan: PageScan): AnyRow[] => (layout.byShown ? byShown : scan.rows);
      expect(rowsOf(header.scan).length).toBeGreaterThan(3);
      for (const row of rowsOf(header.scan)) expect(header.judge.personTick(row)).toEqual({ at: T0, via: 'selectAll' });

      // The header turned into a data row (a summary line, say, with no transaction link).
      const row = box.closest('.dgrid-header') ?? box.closest('tr, [role="row"]');
      const thead = row?.closest('thead');
      thead?.replaceWith(...thead.childNodes);
      row?.classList.remove('dgrid-header');
      row?.insertAdjacentHTML('beforeend', '<span role="gridcell">Total</span>');
      for (const cell of row?.querySelectorAll('th') ?? []) cell.setAttribute('role', 'gridcell');
      const data = judgeClick(target, url);
      expect(rowsOf(data.scan)).toHaveLength(rowsOf(header.scan).length);
      for (const r of rowsOf(data.scan)) expect(data.judge.personTick(r)).toBeUndefined();
    },
  );

  it('a table without thead: a first row of th is its header; a row with a td is not', () => {
    const page = (cells: string) => `<table><tr><th><input type="checkbox" checked></th>${cells}</tr>
      <tr><td><input type="checkbox" checked></td><td><a href="/app/invoice?txnId=7">7</a></td></tr></table>`;
    const judged = () => {
      const { judge, scan } = judgeClick(document.querySelector('th input') as Element, `${APP}/app/invoices`);
      return judge.personTick(scan.rows[0] as (typeof scan.rows)[0]);
    };
    document.body.innerHTML = page('<th>No.</th>');
    expect(judged()).toEqual({ at: T0, via: 'selectAll' });
    document.body.innerHTML = page('<td>Total</td>');
    expect(judged()).toBeUndefined();
  });
});

/** The browser's rules, as measured in Chromium: the click a label forwards to its control is trusted. */
function chromiumPerson() {
  const trusted = new WeakSet<Event>();
  let forwardingTo: Element | null = null;
  const isTrusted = (e: Event) => trusted.has(e) || (e.type === 'click' && e.target === forwardingTo);
  const click = (target: Element) => {
    forwardingTo = target.closest('label')?.control ?? null;
    for (const type of ['pointerdown', 'mousedown', 'click']) {
      const event = new MouseEvent(type, { bubbles: true, cancelable: true });
      trusted.add(event);
      target.dispatchEvent(event); // happy-dom forwards a label's click to its control, as browsers do
    }
    forwardingTo = null;
  };
  return { isTrusted, click };
}

describe('a click a label forwards to its control', () => {
  const SALES_URL = `${APP}/app/sales`;
  const setUp = (labelFor: string) => {
    mountPage('sim-sales-table.html');
    const person = chromiumPerson();
    const label = document.createElement('label');
    label.htmlFor = labelFor;
    label.textContent = 'Sort by date';
    document.querySelector('table')?.before(label);
    const gestures = watchGestures({
      target: window,
      now: () => T0,
      isTrusted: person.isTrusted,
      signal: new AbortController().signal,
    });
    return { person, label, gestures };
  };

  it('is recorded with the label, and judged where the label is: outside the header, no select-all', () => {
    const { person, label, gestures } = setUp('all-rows');
    const all = document.querySelector('input[data-select-all]') as HTMLInputElement;
    all.id = 'all-rows';
    person.click(label);
    expect(all.checked).toBe(true);
    const clicks = gestures.recent(T0).filter((g) => g.type === 'click');
    expect(clicks.map((g) => [g.target, g.viaLabel])).toEqual([
      [label, undefined],
      [all, label],
    ]);
    for (const box of document.querySelectorAll<HTMLInputElement>('tbody input')) box.checked = true; // the app
    const judge = createProvenanceJudge(gestures);
    const scan = scanRows(document, SALES_URL);
    judge.begin(scan, T0, SALES_URL);
    for (const row of scan.rows) expect(judge.personTick(row)).toBeUndefined();
  });

  it('nor is it a gesture in the row whose box it ticks', () => {
    const { person, label, gestures } = setUp('row-5');
    const box = document.querySelectorAll('tbody input')[5] as HTMLInputElement;
    box.id = 'row-5';
    person.click(label);
    expect(box.checked).toBe(true);
    const judge = createProvenanceJudge(gestures);
    const scan = scanRows(document, SALES_URL);
    judge.begin(scan, T0, SALES_URL);
    expect(scan.rows.filter((row) => row.selected)).toHaveLength(1);
    for (const row of scan.rows) expect(judge.personTick(row)).toBeUndefined();
  });
});

describe('what ends a select-all', () => {
  const SALES_URL = `${APP}/app/sales`;
  const start = () => {
    mountPage('sim-sales-table.html');
    const all = document.querySelector('input[data-select-all]') as HTMLInputElement;
    all.checked = true;
    const judge = createProvenanceJudge(logOf({ target: all, at: T0, type: 'click' }));
    const scan = () => scanRows(document, SALES_URL);
    judge.begin(scan(), T0, SALES_URL);
    const first = () => scan().rows[0] as Parameters<typeof judge.personTick>[0];
    expect(judge.personTick(first())).toEqual({ at: T0, via: 'selectAll' });
    return { all, judge, scan, first };
  };

  it(`its window: ${SELECT_ALL_WINDOW_MS} ms after the click it still holds, 1 ms later it is gone`, () => {
    const { judge, scan, first } = start();
    judge.begin(scan(), T0 + SELECT_ALL_WINDOW_MS, SALES_URL);
    expect(judge.personTick(first())).toEqual({ at: T0, via: 'selectAll' });
    judge.begin(scan(), T0 + SELECT_ALL_WINDOW_MS + 1, SALES_URL);
    expect(judge.personTick(first())).toBeUndefined();
  });

  it('a URL the scan reads differs (no navigation event needed), and it stays gone back on the first URL', () => {
    const { judge, scan, first } = start();
    judge.begin(scan(), T0 + 10, `${SALES_URL}#page=2`);
    expect(judge.personTick(first())).toBeUndefined();
    judge.begin(scan(), T0 + 20, SALES_URL);
    expect(judge.personTick(first())).toBeUndefined();
  });

  it('a navigation the content script hears of', () => {
    const { judge, scan, first } = start();
    judge.newPage(T0 + 10);
    judge.begin(scan(), T0 + 20, SALES_URL);
    expect(judge.personTick(first())).toBeUndefined();
  });
});
