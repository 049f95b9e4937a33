// @vitest-environment happy-dom
/**
 * The bank feed as public code that automates the web app shows it, one saved page per variant
 * (tests/fixtures/pages/save-bank-feed-pages.ts): the grid split in a header table and a rows table,
 * values nested (tooltip, spans, a payee button's aria-label with its placeholder, the category in an
 * aria-label or a JSON data-props), month heading rows, tabs told by their text and the address with
 * no pressed state. Categorized / Posted rows are read by their header in the other table; For review
 * rows are bank lines and nothing is collected; a tab that cannot be told collects nothing and says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bankTabOf, tabKindOf } from '../../lib/collect/bank-tab';
import { cellValue, propsName } from '../../lib/collect/cell-value';
import type { SelectionReportData } from '../../lib/messaging/content-protocol';
import { readShown } from '../../lib/resolve/read-shown';
import { startHarness } from './harness';
import { loadPage, mountPage } from './load-page';

const BANKING = 'https://app.qbo.intuit.com/app/banking';

afterEach(() => {
  document.body.innerHTML = '';
});

const dataBoxes = () => [...document.querySelectorAll<HTMLInputElement>('tr.idsTable__row input[type=checkbox]')];
const rowsOf = (reports: SelectionReportData[]) => reports.flatMap((r) => r.addedRows ?? []);
const lastPage = (reports: SelectionReportData[]) => reports.at(-1)?.page;

async function tickOn(file: string, url: string, indexes: number[]) {
  mountPage(file);
  const harness = startHarness(url);
  await harness.tick();
  const boxes = dataBoxes();
  for (const i of indexes) harness.person.click(boxes[i] as HTMLInputElement);
  await harness.tick();
  return harness;
}

describe('the split grid: headers in the first table, rows in the second', () => {
  it('Categorized: each ticked row is read by the other table’s headers, values nested, no placeholder', async () => {
    const { sent } = await tickOn('sim-bankfeed-evidence-categorized.html', `${BANKING}?tab=categorized`, [0, 1, 2]);
    const rows = rowsOf(sent());
    expect(rows.map((r) => r.shown)).toEqual([
      {
        date: '12/29/2025',
        memo: 'Repair work',
        amount: '$4,661.22',
        amountColumn: 'payment',
        account: 'Savings',
      },
      {
        date: '12/25/2025',
        memo: 'Thanks for your business',
        amount: '$756.41',
        amountColumn: 'payment',
        account: 'Mastercard',
      },
      { date: '10/26/2025', memo: 'Expense', amount: '$1,488.48', amountColumn: 'payment', name: 'Bob’s Burger Joint' },
    ]);
    for (const row of rows) {
      expect(row.entities).toEqual(expect.arrayContaining(['Purchase', 'Deposit', 'Transfer']));
      expect('kind' in readShown(row)).toBe(false);
    }
    expect(lastPage(sent())).toEqual({ seenSelected: 3 });
  });

  it('Business view with ComboLink actions: the row’s own date and amount, never the matched record’s summary', async () => {
    mountPage('sim-bankfeed-evidence-business-categorized.html');
    const summary = document.querySelector('tr.idsTable__row td.addedOrMatched a');
    expect(summary?.getAttribute('href')).toBeNull();
    expect(
      document.querySelector('tr.idsTable__row td.action .ComboLink button[aria-label="More actions"]'),
    ).not.toBeNull();
    const { sent } = await tickOn('sim-bankfeed-evidence-business-categorized.html', `${BANKING}?tab=categorized`, [0]);
    expect(rowsOf(sent()).map((r) => r.shown)).toEqual([
      { date: '12/29/2025', memo: 'Repair work', amount: '$4,661.22', amountColumn: 'payment', account: 'Savings' },
    ]);
    expect(lastPage(sent())).toEqual({ seenSelected: 1 });
  });

  it('Posted (the newer names), the category read from the picker’s JSON data-props', async () => {
    const { sent } = await tickOn('sim-bankfeed-evidence-posted.html', `${BANKING}?tab=posted`, [0]);
    expect(rowsOf(sent()).map((r) => r.shown)).toEqual([
      { date: '12/29/2025', memo: 'Repair work', amount: '$4,661.22', amountColumn: 'payment', account: 'Savings' },
    ]);
  });

  it('the older single Amount column: the amount below zero, the description under "Bank Detail"', async () => {
    const { sent } = await tickOn('sim-bankfeed-evidence-amount.html', `${BANKING}?tab=categorized`, [0]);
    expect(rowsOf(sent()).map((r) => r.shown)).toEqual([
      { date: '12/29/2025', memo: 'Repair work', amount: '-$4,661.22', account: 'Savings' },
    ]);
  });

  it('the person’s select-all in the header table authorizes the rows the page ticks in the rows table', async () => {
    mountPage('sim-bankfeed-evidence-categorized.html');
    const all = document.querySelector('thead input[type=checkbox]') as HTMLInputElement;
    // The web app's select-all: every row box ticked by script, no event (as the page's own script does).
    all.addEventListener('click', () => {
      for (const box of dataBoxes()) box.checked = all.checked;
    });
    const { person, sent, tick } = startHarness(`${BANKING}?tab=categorized`);
    await tick();
    person.click(all);
    await tick();
    expect(rowsOf(sent())).toHaveLength(13);
  });

  it('month heading rows are no rows: never read, never keyed', async () => {
    const doc = loadPage('sim-bankfeed-evidence-categorized.html');
    const headings = doc.querySelectorAll('tr.group-header-row');
    expect(headings.length).toBeGreaterThan(0);
    expect(headings[0]?.textContent).toMatch(/^December 2025 \(\d+\)$/);
    const { sent } = await tickOn('sim-bankfeed-evidence-categorized.html', `${BANKING}?tab=categorized`, [0, 1, 2]);
    expect(rowsOf(sent())).toHaveLength(3);
    for (const row of rowsOf(sent())) expect(row.shown.date).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  });
});

describe('a bank line is never a transaction', () => {
  it('For review: ticked bank lines are counted, nothing is collected, even lines equal to a recorded transaction', async () => {
    // Line 4 is the bank's copy of the newest recorded transaction: its date, amount and payee.
    const { sent } = await tickOn('sim-bankfeed-evidence-review.html', `${BANKING}?tab=review`, [0, 1, 2, 4]);
    expect(rowsOf(sent())).toEqual([]);
    expect(sent().flatMap((r) => r.added)).toEqual([]);
    expect(lastPage(sent())).toMatchObject({ seenSelected: 0, bankLines: 4 });
    expect(lastPage(sent())?.unreadable).toBeUndefined();
  });

  it.each([
    ['split grid, Accountant view', 'sim-bankfeed-evidence-review.html', `${BANKING}?tab=review`],
    [
      'split grid, Business view, ComboLink actions',
      'sim-bankfeed-evidence-business-review.html',
      `${BANKING}?tab=review`,
    ],
    ['one table, pressed tabs, Pending', 'sim-bankfeed-pending.html', BANKING],
    ['hand-written, Pending', 'real-markup/bank-feed-pending.html', BANKING],
  ])('%s: every ticked line is a bank line, none collected', async (_, file, url) => {
    mountPage(file);
    const { person, sent, tick } = startHarness(url);
    await tick();
    const boxes = dataBoxes().filter((box) => !box.checked);
    for (const box of boxes) person.click(box);
    await tick();
    expect(boxes.length).toBeGreaterThan(2);
    expect(rowsOf(sent())).toEqual([]);
    expect(sent().flatMap((r) => [...r.added, ...r.pageTicked])).toEqual([]);
    expect(lastPage(sent())).toMatchObject({ seenSelected: 0, bankLines: dataBoxes().filter((b) => b.checked).length });
  });

  it('Business view: the bank’s copy of a recorded transaction (its date, amount and payee, "1 match found") is not collected', async () => {
    const review = loadPage('sim-bankfeed-evidence-business-review.html');
    const copy = review.querySelectorAll('tr.idsTable__row')[4] as Element;
    expect(copy.querySelector('td.category')?.textContent).toBe('1 match found');
    const recorded = [
      ...loadPage('sim-bankfeed-evidence-business-categorized.html').querySelectorAll('tr.idsTable__row'),
    ];
    const same = (row: Element) =>
      ['txnDate', 'spent', 'received'].map((c) => row.querySelector(`td.${c}`)?.textContent);
    expect(recorded.map(same)).toContainEqual(same(copy));
    const { sent } = await tickOn('sim-bankfeed-evidence-business-review.html', `${BANKING}?tab=review`, [4]);
    expect(rowsOf(sent())).toEqual([]);
    expect(lastPage(sent())).toEqual({ seenSelected: 0, bankLines: 1 });
  });

  it('For review with its headers in the rows’ own table: the bank’s copy of a recorded transaction is still not collected', async () => {
    // The old collector read this line (no pressed tab: not "Pending") and sent it to be resolved to
    // the recorded transaction sharing its date and amount.
    mountPage('sim-bankfeed-evidence-review.html');
    document.querySelector('#table-body-main table')?.prepend(document.querySelector('thead') as Element);
    const { person, sent, tick } = startHarness(`${BANKING}?tab=review`);
    await tick();
    person.click(dataBoxes()[4] as HTMLInputElement);
    await tick();
    expect(rowsOf(sent())).toEqual([]);
    expect(lastPage(sent())).toEqual({ seenSelected: 0, bankLines: 1 });
  });

  it.each([
    ['no tab in the address and none pressed', BANKING, 'sim-bankfeed-evidence-categorized.html'],
    ['an address naming no known tab', `${BANKING}?tab=all`, 'sim-bankfeed-evidence-categorized.html'],
    ['Business view, no tab in the address', BANKING, 'sim-bankfeed-evidence-business-categorized.html'],
  ])(
    'a Categorized page whose tab cannot be told (%s): nothing collected, and the page says why',
    async (_, url, file) => {
      const { sent } = await tickOn(file, url, [0, 1]);
      expect(rowsOf(sent())).toEqual([]);
      const page = lastPage(sent());
      expect(page).toMatchObject({ seenSelected: 0, unreadable: { tickedBoxes: 2, bankTabUnknown: true } });
      // The structure to send covers the tabs and both tables of the split grid.
      const lines = page?.unreadable?.skeleton.split('\n') ?? [];
      expect(lines[0]).toMatch(
        /^tabs: <div class="idsSegmented" role="group" aria-label><button class="idsSegmentedButton" type data-testid>/,
      );
      expect(lines[1]).toMatch(
        /^rows in: <div class="idsTable" role="presentation"> .*<div class="idsTable__bodyMain" id> <table class="idsTable__columnGroup"> <tbody class="idsTable__body">$/,
      );
      expect(lines[2]).toMatch(
        /^other table: <table class="idsTable__columnGroup" aria-label><thead class="idsTable__head"><tr class="idsTable__headerRow" aria-rowindex><th /,
      );
      expect(lines[3]).toMatch(/^<tr class="idsTable__row" aria-rowindex data-index><td/);
      expect(page?.unreadable?.skeleton).not.toMatch(/[0-9]|Repair|Savings|DATE/);
    },
  );

  it('Categorized rows short of an amount: counted as read but showing no amount', async () => {
    mountPage('sim-bankfeed-evidence-categorized.html');
    for (const cell of document.querySelectorAll('tr.idsTable__row td.spent, tr.idsTable__row td.received'))
      cell.textContent = '';
    const { person, sent, tick } = startHarness(`${BANKING}?tab=categorized`);
    await tick();
    const boxes = dataBoxes();
    person.click(boxes[0] as HTMLInputElement);
    person.click(boxes[1] as HTMLInputElement);
    await tick();
    expect(rowsOf(sent())).toEqual([]);
    expect(lastPage(sent())).toMatchObject({ seenSelected: 0, unreadable: { tickedBoxes: 2, noAmount: 2 } });
  });

  it('a pressed state that disagrees with the address: the tab is not told', () => {
    const doc = loadPage('real-markup/bank-feed-posted.html');
    expect(bankTabOf(doc, `${BANKING}?tab=posted`)).toBe('recorded');
    expect(bankTabOf(doc, BANKING)).toBe('recorded');
    expect(bankTabOf(doc, `${BANKING}?tab=pending`)).toBe('unknown');
    expect(bankTabOf(loadPage('sim-bankfeed-evidence-review.html'), `${BANKING}?tab=categorized`)).toBe('recorded');
    expect(bankTabOf(loadPage('sim-bankfeed-evidence-review.html'), BANKING)).toBe('unknown');
    expect(bankTabOf(loadPage('sim-sales-table.html'), 'https://app.qbo.intuit.com/app/sales')).toBe('none');
  });

  it('tells tabs by their words, old and new', () => {
    for (const words of ['For review (12)', 'Pending (25)', 'Excluded', 'review', 'for-review'])
      expect(tabKindOf(words), words).toBe('bankLines');
    for (const words of ['Categorized', 'Posted', 'categorized', 'Categorised'])
      expect(tabKindOf(words), words).toBe('recorded');
    for (const words of ['All', '', 'Recognized']) expect(tabKindOf(words), words).toBe('unknown');
  });
});

describe('a cell’s value', () => {
  const cell = (html: string) => {
    document.body.innerHTML = `<table><tbody><tr><td>${html}</td></tr></tbody></table>`;
    return document.querySelector('td') as Element;
  };

  it('a control’s aria-label, a tooltip child, the text, the picker’s JSON; never a placeholder', () => {
    expect(cellValue(cell('<button aria-label="Hicks Hardware"><span>Hicks Hard…</span></button>'))).toBe(
      'Hicks Hardware',
    );
    expect(cellValue(cell('<button aria-label="Select vendor/customer">Select vendor/customer</button>'))).toBe('');
    expect(
      cellValue(cell('<span>POS PURCHASE CH</span><div class="description-tooltip">POS PURCHASE CHIN S GAS</div>')),
    ).toBe('POS PURCHASE CHIN S GAS');
    expect(cellValue(cell('<span class="pull-right">$52.14</span>'))).toBe('$52.14');
    expect(cellValue(cell(`<div data-props='{"value":{"name":"Automobile:Fuel"}}'></div>`))).toBe('Automobile:Fuel');
    expect(cellValue(cell(`<div data-props='{"placeholder":"Select category"}'></div>`))).toBe('');
    expect(cellValue(cell('<button aria-hidden="true" aria-label="Undo">Undo</button>'))).toBe('Undo');
    expect(propsName('not json')).toBe('');
    expect(propsName(`{"selected":{"displayName":"Choose a category"}}`)).toBe('');
  });
});
