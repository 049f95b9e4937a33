// @vitest-environment happy-dom
/**
 * Issue 20: on the web app's real pages a register row, an Invoices row and a bank-feed row carry no
 * transaction Id. The collector knows such a row by what it shows (date, number, type, name,
 * account, memo, amount and its column), keys it `row:<page kind>:<digest>[#n]`, and sends the
 * person's ticks in `addedRows` / `removedRows`, the page's in `pageTickedRows`; the bank feed's Pending rows are bank lines, only
 * counted. Saved pages: tests/fixtures/pages/real-markup/{register-noids,invoices-noids,
 * bank-feed-pending,bank-feed-posted}.html. Every report must pass the protocol's own schema.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type SelectionReportData, SelectionReportSchema } from '../../lib/messaging/content-protocol';
import { ownBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const APP = 'https://app.qbo.intuit.com';
const REGISTER = `${APP}/app/register?accountId=35`;
const KEY = /^row:[a-z0-9._-]+:[0-9a-f]{14}(#[0-9]+)?$/;

const rowsAdded = (reports: SelectionReportData[]) => reports.flatMap((r) => r.addedRows ?? []);
const rowsRemoved = (reports: SelectionReportData[]) => reports.flatMap((r) => r.removedRows ?? []);
const rowsByPage = (reports: SelectionReportData[]) => reports.flatMap((r) => r.pageTickedRows ?? []);
const itemsAdded = (reports: SelectionReportData[]) => reports.flatMap((r) => [...r.added, ...r.pageTicked]);
const lastPage = (reports: SelectionReportData[]) => reports.at(-1)?.page;
/** The page's own row checkboxes (not the select-all), in page order. */
const pageBoxes = () => [...document.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];

function expectValid(reports: SelectionReportData[]) {
  for (const data of reports) {
    const parsed = SelectionReportSchema.safeParse({ type: 'selection/report', data });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  }
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a register with no Id in its markup', () => {
  it('gives every transaction row our box (not the add row) and reports the ticked rows by what they show', async () => {
    mountPage('real-markup/register-noids.html');
    const { person, sent, tick } = startHarness(REGISTER);
    await tick();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(8);
    expect(document.querySelector('#dgrid_0-row-add input[type=checkbox]')).toBeNull();
    person.click(boxes[1]);
    person.click(boxes[5]);
    await tick();
    const rows = rowsAdded(sent());
    expect(rows.map((r) => r.shown)).toEqual([
      {
        date: '11/20/2026',
        number: '1045',
        type: 'Check',
        name: 'Hicks Hardware',
        account: 'Job Expenses:Job Materials',
        amount: '$228.75',
        amountColumn: 'payment',
      },
      {
        date: '11/15/2026',
        number: '4526',
        type: 'Payment',
        name: "Amy's Bird Sanctuary",
        account: 'Accounts Receivable (A/R)',
        amount: '$105.00',
        amountColumn: 'deposit',
      },
    ]);
    for (const row of rows) {
      expect(row.rowKey).toMatch(KEY);
      expect(row.rowKey.startsWith('row:register.35:')).toBe(true);
      expect(row).not.toHaveProperty('entities');
    }
    expect(itemsAdded(sent())).toEqual([]);
    expect(lastPage(sent())?.seenSelected).toBe(2);
    expectValid(sent());
  });

  it('two rows identical in every shown field: two keys, the same on every rescan; an untick removes its own', async () => {
    mountPage('real-markup/register-noids.html');
    const { person, sent, tick } = startHarness(REGISTER);
    await tick();
    person.click(ownBoxes()[3]);
    person.click(ownBoxes()[4]);
    await tick();
    const [first, second] = rowsAdded(sent());
    expect(first?.shown).toEqual(second?.shown);
    expect(first?.rowKey).not.toBe(second?.rowKey);
    expect(second?.rowKey).toBe(`${first?.rowKey}#1`);
    // Back on the tab: a snapshot lists every ticked row again, under the same keys.
    const before = sent().length;
    window.dispatchEvent(new Event('focus'));
    await tick();
    expect(rowsAdded(sent().slice(before)).map((r) => r.rowKey)).toEqual([first?.rowKey, second?.rowKey]);
    person.click(ownBoxes()[4]);
    await tick();
    expect(rowsRemoved(sent())).toEqual([second?.rowKey]);
    expect(ownBoxes()[3]?.checked).toBe(true);
    expectValid(sent());
  });

  it('a ticked row that shows no amount is unreadable: not sent, counted with its structure', async () => {
    mountPage('real-markup/register-noids.html');
    for (const cell of document.querySelectorAll('#dgrid_0-row-2 .dgrid-column-payment')) cell.textContent = '';
    const { person, sent, tick } = startHarness(REGISTER);
    await tick();
    person.click(ownBoxes()[2]);
    await tick();
    expect(rowsAdded(sent())).toEqual([]);
    expect(lastPage(sent())?.unreadable?.tickedBoxes).toBe(1);
    expect(lastPage(sent())?.unreadable?.skeleton).toContain('dgrid-row');
    expectValid(sent());
  });
});

describe('the Invoices list with no Id in its markup', () => {
  it('the row ticked when the page loaded is sent as the page’s, once, and again on a snapshot', async () => {
    mountPage('real-markup/invoices-noids.html');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    expect(pageBoxes()[1]?.checked).toBe(true);
    expect(rowsAdded(sent())).toEqual([]);
    expect(itemsAdded(sent())).toEqual([]);
    const byPage = rowsByPage(sent());
    expect(byPage.map((r) => [r.shown.number, r.entities])).toEqual([['1036', ['Invoice']]]);
    expect(byPage[0]?.rowKey).toMatch(/^row:invoices:[0-9a-f]{14}$/);
    // The person's tick beside it is sent, and only that one: the page's is not sent again.
    person.click(pageBoxes()[2]);
    await tick();
    expect(rowsAdded(sent()).map((r) => r.shown.number)).toEqual(['1035']);
    expect(rowsByPage(sent())).toHaveLength(1);
    // A snapshot lists it again, still as the page's.
    const before = sent().length;
    window.dispatchEvent(new Event('focus'));
    await tick();
    expect(rowsByPage(sent().slice(before)).map((r) => r.rowKey)).toEqual([byPage[0]?.rowKey]);
    expect(rowsAdded(sent().slice(before)).map((r) => r.shown.number)).toEqual(['1035']);
    expectValid(sent());
  });

  it('a row ticked by page script is not the person’s', async () => {
    mountPage('real-markup/invoices-noids.html');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    const box = pageBoxes()[0] as HTMLInputElement;
    box.click();
    await tick();
    expect(box.checked).toBe(true);
    expect(rowsAdded(sent())).toEqual([]);
    const byPage = rowsByPage(sent()).filter((r) => r.shown.number === '1037');
    expect(byPage).toHaveLength(1);
    // The same row unticked (out of the page's list), then ticked again by the person, is the person's.
    person.click(box);
    await tick();
    expect(rowsRemoved(sent())).toEqual([byPage[0]?.rowKey]);
    person.click(box);
    await tick();
    expect(rowsAdded(sent()).map((r) => r.shown.number)).toEqual(['1037']);
    expectValid(sent());
  });

  it('the person’s ticks: exact fields, the list’s type, two identical rows as two stable keys', async () => {
    mountPage('real-markup/invoices-noids.html');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(pageBoxes()[0]);
    person.click(pageBoxes()[3]);
    person.click(pageBoxes()[4]);
    await tick();
    const rows = rowsAdded(sent());
    expect(rows.map((r) => [r.shown, r.entities])).toEqual([
      [{ date: '11/20/2026', number: '1037', name: 'Sonnenschein Family Store', amount: '$362.07' }, ['Invoice']],
      [{ date: '11/17/2026', number: '1034', name: 'Rondonuwu Fruit and Vegi', amount: '$78.60' }, ['Invoice']],
      [{ date: '11/17/2026', number: '1034', name: 'Rondonuwu Fruit and Vegi', amount: '$78.60' }, ['Invoice']],
    ]);
    const keys = rows.map((r) => r.rowKey);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^row:invoices:[0-9a-f]{14}(#1)?$/);
    expect(keys[2]).toBe(`${keys[1]}#1`);
    // Seen ticked: the person's three and the row the page ticked at load.
    expect(lastPage(sent())?.seenSelected).toBe(4);
    const before = sent().length;
    window.dispatchEvent(new Event('focus'));
    await tick();
    expect(rowsAdded(sent().slice(before)).map((r) => r.rowKey)).toEqual(keys);
    person.click(pageBoxes()[3]);
    await tick();
    expect(rowsRemoved(sent())).toEqual([keys[1]]);
    expectValid(sent());
  });

  it('a row among identical rows says how many the list showed, the first of them too, ticked alone', async () => {
    mountPage('real-markup/invoices-noids.html');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(pageBoxes()[0]);
    person.click(pageBoxes()[3]);
    await tick();
    const rows = rowsAdded(sent());
    expect(rows.map((r) => r.shown.number)).toEqual(['1037', '1034']);
    expect(rows[0]).not.toHaveProperty('alike');
    expect(rows[1]?.alike).toBe(2);
    expect(rows[1]?.rowKey).not.toMatch(/#/);
    expectValid(sent());
  });

  it('a ticked row that shows no date is unreadable: "Copy page structure" is offered', async () => {
    mountPage('real-markup/invoices-noids.html');
    const cell = document.querySelector('tr[data-row-index="5"] td:nth-child(2)') as Element;
    cell.textContent = '';
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(pageBoxes()[5]);
    await tick();
    expect(rowsAdded(sent())).toEqual([]);
    // The row the page ticked at load is readable (not counted); the dateless one is.
    expect(lastPage(sent())?.unreadable?.tickedBoxes).toBe(1);
    expect(lastPage(sent())?.unreadable?.skeleton).toContain('idsTable__row');
    expectValid(sent());
  });
});

describe('the bank feed', () => {
  it('Pending: ticked bank lines are counted, never collected', async () => {
    mountPage('real-markup/bank-feed-pending.html');
    const { person, sent, tick } = startHarness(`${APP}/app/banking`);
    await tick();
    expect(lastPage(sent())).toEqual({ seenSelected: 0, bankLines: 2 });
    person.click(pageBoxes()[0]);
    await tick();
    expect(lastPage(sent())).toEqual({ seenSelected: 0, bankLines: 3 });
    expect(rowsAdded(sent())).toEqual([]);
    expect(itemsAdded(sent())).toEqual([]);
    expectValid(sent());
  });

  it('"For review" (the older name) is the same tab', async () => {
    mountPage('real-markup/bank-feed-pending.html');
    const tab = document.querySelector('[data-testid="segmentedBTN-pending"]') as Element;
    tab.textContent = 'For review (25)';
    const { person, sent, tick } = startHarness(`${APP}/app/banking`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(lastPage(sent())?.bankLines).toBe(3);
    expect(rowsAdded(sent())).toEqual([]);
  });

  it('Posted: recorded transactions are collected, Spent as payment, Received as deposit', async () => {
    mountPage('real-markup/bank-feed-posted.html');
    const { person, sent, tick } = startHarness(`${APP}/app/banking`);
    await tick();
    person.click(pageBoxes()[0]);
    person.click(pageBoxes()[1]);
    person.click(pageBoxes()[2]);
    person.click(pageBoxes()[3]);
    await tick();
    const rows = rowsAdded(sent());
    expect(rows.map((r) => r.shown)).toEqual([
      {
        date: '11/24/2026',
        memo: 'POS PURCHASE CHIN S GAS',
        name: "Chin's Gas and Oil",
        account: 'Automobile:Fuel',
        amount: '$52.14',
        amountColumn: 'payment',
      },
      {
        date: '11/23/2026',
        memo: 'Deposit',
        name: 'Travis Waldron',
        account: 'Uncategorized Income',
        amount: '$350.00',
        amountColumn: 'deposit',
      },
      { date: '11/22/2026', memo: 'Bank fee', account: 'Bank Charges', amount: '$15.00', amountColumn: 'payment' },
      { date: '11/22/2026', memo: 'Bank fee', account: 'Bank Charges', amount: '$15.00', amountColumn: 'payment' },
    ]);
    const keys = rows.map((r) => r.rowKey);
    expect(new Set(keys).size).toBe(4);
    expect(keys[3]).toBe(`${keys[2]}#1`);
    expect(lastPage(sent())).toEqual({ seenSelected: 4 });
    expectValid(sent());
  });
});

describe('a list whose rows link nothing, with the app’s select-all', () => {
  it('a row the page ticked is sent as the page’s; a select-all the person turns on after makes it theirs', async () => {
    mountPage('sim-sales-table.html');
    for (const a of document.querySelectorAll('tbody a')) a.removeAttribute('href');
    const all = document.querySelector<HTMLInputElement>('input[data-select-all]') as HTMLInputElement;
    const boxes = () => [...document.querySelectorAll<HTMLInputElement>('tr.txn-row input[type=checkbox]')];
    all.addEventListener('click', () => {
      for (const box of boxes()) box.checked = all.checked;
    });
    const { clock, person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    (boxes()[0] as HTMLInputElement).click();
    await tick();
    const byPage = rowsByPage(sent());
    expect(byPage).toHaveLength(1);
    expect(rowsAdded(sent())).toEqual([]);
    clock.advance(1_000);
    person.click(all);
    await tick();
    const added = rowsAdded(sent()).map((r) => r.rowKey);
    expect(added).toContain(byPage[0]?.rowKey);
    expect(added).toHaveLength(boxes().length);
    expect(rowsByPage(sent())).toHaveLength(1);
    expectValid(sent());
  });
});
