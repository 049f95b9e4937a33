// @vitest-environment happy-dom
/**
 * The lists and registers as public evidence shows them (service-facts "The web app's pages"), saved
 * from the simulator (tests/fixtures/pages/save-real-pages.ts): no row links its own record, an invoice's
 * status links its PAYMENT (a related record), Invoices rows carry an empty cell and a "View/Edit <n>
 * … More actions" button, registers come with separate or stacked columns, row ids that may be the
 * transaction Id or a counter, and an inline "Add" row. A link is a row's Id only when it agrees with
 * what the row shows; every other row is known by what it shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type SelectionReportData, SelectionReportSchema } from '../../lib/messaging/content-protocol';
import { ownBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const APP = 'https://app.qbo.intuit.com';
const rowsAdded = (reports: SelectionReportData[]) => reports.flatMap((r) => r.addedRows ?? []);
const rowsRemoved = (reports: SelectionReportData[]) => reports.flatMap((r) => r.removedRows ?? []);
const itemsAdded = (reports: SelectionReportData[]) => reports.flatMap((r) => [...r.added, ...r.pageTicked]);
const pageBoxes = () => [...document.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
const rowOfNumber = (n: string) =>
  [...document.querySelectorAll('tbody tr')].find((tr) =>
    [...tr.querySelectorAll('td')].some((td) => td.textContent?.trim() === n),
  ) as HTMLTableRowElement;
const boxOf = (row: Element) => row.querySelector('input[type=checkbox]') as HTMLInputElement;

function expectValid(reports: SelectionReportData[]) {
  for (const data of reports) {
    const parsed = SelectionReportSchema.safeParse({ type: 'selection/report', data });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  }
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the Invoices list as the evidence shows it', () => {
  it('a paid invoice whose status links its payment is the invoice, known by what it shows, never the payment', async () => {
    mountPage('sim-invoices-real.html');
    const row = rowOfNumber('8888');
    expect(row.querySelector('a[href*="recvpayment?txnId="]')?.textContent).toBe('Paid');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(boxOf(row));
    await tick();
    expect(itemsAdded(sent())).toEqual([]);
    const rows = rowsAdded(sent());
    expect(rows.map((r) => [r.shown, r.entities])).toEqual([
      [{ date: '12/22/2025', number: '8888', name: 'Cool Cars', amount: '$500.00' }, ['Invoice']],
    ]);
    expect(rows[0]?.rowKey).toMatch(/^row:invoices:[0-9a-f]{14}$/);
    // Its untick is seen (the row is not taken for a linked one on the next scan).
    person.click(boxOf(row));
    await tick();
    expect(rowsRemoved(sent())).toEqual([rows[0]?.rowKey]);
    expect(itemsAdded(sent())).toEqual([]);
    expectValid(sent());
  });

  it('the empty cell after the checkbox and the action button’s name leave every column in place', async () => {
    mountPage('sim-invoices-real.html');
    const row = rowOfNumber('1060');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s+/g, ' ').trim());
    expect(cells[1]).toBe('');
    expect(cells[7]).toBe('View/Edit 1060 Receive payment More actions▾');
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(boxOf(row));
    person.click(boxOf(rowOfNumber('8887')));
    await tick();
    // In page order: 8887 is the first row, 1060 the fifth.
    expect(rowsAdded(sent()).map((r) => r.shown)).toEqual([
      { date: '12/22/2025', number: '8887', name: 'Cool Cars', amount: '$300.00' },
      { date: '11/23/2025', number: '1060', name: 'Kookies by Kathy', amount: '$4,263.27' },
    ]);
    expect(lastOf(sent())?.seenSelected).toBe(2);
  });
});

const lastOf = (reports: SelectionReportData[]) => reports.at(-1)?.page;

describe('the Sales and Expenses lists as the evidence shows them', () => {
  it('Sales: the paid invoice is read as an Invoice with the list’s types; no row is taken for its payment', async () => {
    mountPage('sim-sales-real.html');
    const { person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    person.click(boxOf(rowOfNumber('8888')));
    person.click(boxOf(rowOfNumber('8887')));
    await tick();
    expect(itemsAdded(sent())).toEqual([]);
    expect(rowsAdded(sent()).map((r) => [r.shown.type, r.shown.number, r.shown.amount])).toEqual([
      ['Invoice', '8887', '$300.00'],
      ['Invoice', '8888', '$500.00'],
    ]);
  });

  it('Expenses: type, payee, category, memo and total read from their columns; no Id anywhere', async () => {
    mountPage('sim-expenses-real.html');
    expect(document.querySelector('a[href*="txnId"]')).toBeNull();
    const { person, sent, tick } = startHarness(`${APP}/app/expenses`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(rowsAdded(sent()).map((r) => r.shown)).toEqual([
      {
        date: '12/29/2025',
        type: 'Bill',
        number: '1098',
        name: 'Bob’s Burger Joint',
        memo: 'Spring order',
        amount: '$3,881.60',
      },
    ]);
    expect(itemsAdded(sent())).toEqual([]);
  });
});

/** A Sales row of the linked kind whose links are given; the grid shows a Type column. */
function salesRow(type: string, links: string[]): string {
  const a = links.map((href) => `<a href="${href}">link</a>`).join(' ');
  return `<table><thead><tr><th></th><th>Date</th><th>Type</th><th>No.</th><th>Customer</th><th>Amount</th><th>Status</th></tr></thead><tbody><tr><td><input type="checkbox"></td><td>12/22/2025</td><td>${type}</td><td>8888</td><td>Cool Cars</td><td>$500.00</td><td>${a}</td></tr></tbody></table>`;
}

describe('a link is the row’s Id only when it agrees with what the row shows', () => {
  it('the related payment linked before the invoice’s own link: the invoice’s link decides', async () => {
    document.body.innerHTML = salesRow('Invoice', ['/app/recvpayment?txnId=344', '/app/invoice?txnId=343']);
    const { person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(itemsAdded(sent()).map((i) => `${i.entity}:${i.id}`)).toEqual(['Invoice:343']);
    expect(rowsAdded(sent())).toEqual([]);
  });

  it('an Invoices row whose only link is a payment is known by what it shows', async () => {
    document.body.innerHTML = salesRow('Invoice', ['/app/recvpayment?txnId=344']).replace(
      /<th>Type<\/th>|<td>Invoice<\/td>/g,
      (m) => (m.startsWith('<th') ? '<th>Due</th>' : '<td>01/21/2026</td>'),
    );
    const { person, sent, tick } = startHarness(`${APP}/app/invoices`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(itemsAdded(sent())).toEqual([]);
    expect(rowsAdded(sent()).map((r) => [r.shown, r.entities])).toEqual([
      [{ date: '12/22/2025', number: '8888', name: 'Cool Cars', amount: '$500.00' }, ['Invoice']],
    ]);
  });

  it('a link that agrees with the row’s type is its Id, as on the linked pages', async () => {
    document.body.innerHTML = salesRow('Payment', ['/app/recvpayment?txnId=344']);
    const { person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(itemsAdded(sent()).map((i) => `${i.entity}:${i.id}`)).toEqual(['Payment:344']);
  });

  it('a row whose link is refused is still never guessed from its text', async () => {
    document.body.innerHTML = salesRow('Invoice', ['/app/recvpayment?txnId=344', '/app/invoice?txnId=0x1']);
    const { person, sent, tick } = startHarness(`${APP}/app/sales`);
    await tick();
    person.click(pageBoxes()[0]);
    await tick();
    expect(itemsAdded(sent())).toEqual([]);
    expect(rowsAdded(sent())).toEqual([]);
  });
});

describe('registers as the evidence shows them', () => {
  it('2026 columns (Ref No., Payee, Type, Account apart): every field read from its own column', async () => {
    mountPage('sim-register-real.html');
    const { person, sent, tick } = startHarness(`${APP}/app/register?accountId=35`);
    await tick();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(21);
    person.click(boxes[2]);
    await tick();
    expect(rowsAdded(sent()).map((r) => r.shown)).toEqual([
      {
        date: '12/20/2025',
        number: '7777',
        type: 'Check',
        name: 'Hicks Hardware',
        memo: 'Same twice',
        amount: '$228.75',
        amountColumn: 'payment',
      },
    ]);
  });

  it('stacked columns, row ids that are transaction Ids, the Add row closed: no box on the Add row, no Id taken from a row id', async () => {
    mountPage('sim-register-stacked.html');
    const add = document.querySelector('#dgrid_0-row-new') as Element;
    expect(add.textContent?.trim()).toBe('Add');
    const { person, sent, tick } = startHarness(`${APP}/app/register?accountId=35`);
    await tick();
    expect(add.querySelector('input[type=checkbox]')).toBeNull();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(21);
    const checks = [...document.querySelectorAll('.dgrid-row')].filter(
      (r) => r.querySelector('.refNo')?.textContent === '7777',
    );
    expect(checks.map((r) => r.id)).toEqual(['dgrid_0-row-339', 'dgrid_0-row-337']);
    person.click(checks[0]?.querySelector('input[type=checkbox]') as Element);
    await tick();
    expect(itemsAdded(sent())).toEqual([]);
    const rows = rowsAdded(sent());
    expect(rows.map((r) => r.shown)).toEqual([
      {
        date: '12/20/2025',
        number: '7777',
        type: 'Check',
        name: 'Hicks Hardware',
        memo: 'Same twice',
        amount: '$228.75',
        amountColumn: 'payment',
      },
    ]);
    expect(rows[0]?.rowKey).toMatch(/^row:register\.35:[0-9a-f]{14}$/);
    expect(rows[0]?.rowKey).not.toContain('339');
  });
});
