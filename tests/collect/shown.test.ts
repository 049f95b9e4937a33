// @vitest-environment happy-dom
/**
 * `shown`: what the list displayed for each reported row, read by the column headers of its grid
 * (table, aria grid, register dgrid), raw text trimmed, whitespace collapsed and cut.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SHOWN_TEXT } from '../../lib/domain/limits';
import { ownBoxes, rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const APP = 'https://app.qbo.intuit.com/app';
const text = (el: Element | null | undefined) => el?.textContent?.trim();

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('shown values', () => {
  it('table: Date, Type, No. and Amount by their header', async () => {
    mountPage('sim-sales-table.html');
    const { person, sent, tick } = startHarness(`${APP}/sales`);
    const row = rowBoxes()[1]?.closest('tr') as HTMLTableRowElement;
    person.click(rowBoxes()[1]);
    await tick();
    expect(sent()[0]?.added[0]?.shown).toEqual({
      date: text(row.cells[1]),
      type: text(row.cells[2]),
      number: text(row.cells[3]),
      amount: text(row.cells[5]),
    });
    expect(sent()[0]?.added[0]?.shown?.amount).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  it('aria grid: by [role=columnheader], also for rows ticked by the page', async () => {
    mountPage('sim-invoices-aria.html');
    const row = document.querySelector('[role=row].grid-row');
    row?.querySelector('[role=checkbox]')?.setAttribute('aria-checked', 'true');
    const { sent, tick } = startHarness(`${APP}/invoices`);
    await tick();
    const cells = [...(row?.querySelectorAll('[role=gridcell]') ?? [])];
    expect(sent()[0]?.pageTicked[0]?.shown).toEqual({
      date: text(cells[1]),
      type: text(cells[2]),
      ...(text(cells[3]) ? { number: text(cells[3]) } : {}),
      amount: text(cells[5]),
    });
  });

  it('register dgrid: "Ref No." is the number, Type, Payee, Memo; our checkbox in the first cell shifts nothing', async () => {
    mountPage('sim-register-dgrid.html');
    const { person, sent, tick } = startHarness(`${APP}/register?accountId=35`);
    const row = ownBoxes()[0]?.closest('.dgrid-row');
    person.click(ownBoxes()[0]);
    await tick();
    expect(sent()[0]?.added[0]?.shown).toEqual({
      date: text(row?.querySelector('.field-date')),
      number: text(row?.querySelector('.field-refno')),
      type: text(row?.querySelector('.field-type')),
      name: text(row?.querySelector('.field-payee')),
      memo: text(row?.querySelector('.field-memo')),
      amount: text(row?.querySelector('.field-amount')),
    });
  });

  it('a register with Payment and Deposit columns: whichever is not empty; long text collapsed and cut', async () => {
    const long = `  1,234.56   ${'x'.repeat(200)}`;
    document.body.innerHTML = `<table><thead><tr><th>Date</th><th>Ref No.</th><th>Payment</th><th>Deposit</th></tr></thead>
      <tbody><tr><td>01/02/2025</td><td><a href="/app/deposit?txnId=5">D-5</a></td><td> </td><td>${long}</td></tr></tbody></table>`;
    const { person, sent, tick } = startHarness(`${APP}/register?accountId=1`);
    person.click(ownBoxes()[0]);
    await tick();
    const amount = sent()[0]?.added[0]?.shown?.amount ?? '';
    expect(amount).toHaveLength(MAX_SHOWN_TEXT);
    expect(amount.startsWith('1,234.56 xxx')).toBe(true);
    expect(sent()[0]?.added[0]?.shown).toMatchObject({ date: '01/02/2025', number: 'D-5' });
  });

  it('no header: no shown field', async () => {
    document.body.innerHTML = `<table><tbody><tr><td><input type="checkbox"></td><td>01/02/2025</td>
      <td><a href="/app/invoice?txnId=9">1001</a></td><td>$5.00</td></tr></tbody></table>`;
    const { person, sent, tick } = startHarness(`${APP}/invoices`);
    person.click(document.querySelector('input'));
    await tick();
    expect(sent()[0]?.added[0]).not.toHaveProperty('shown');
  });

  it('reads only the rows being reported, not every row of the page', async () => {
    mountPage('sim-sales-table.html');
    const cells = vi.spyOn(HTMLTableRowElement.prototype, 'cells', 'get');
    const { person, tick } = startHarness(`${APP}/sales`);
    await tick();
    expect(cells).not.toHaveBeenCalled();
    person.click(rowBoxes()[0]);
    await tick();
    expect(cells).toHaveBeenCalledTimes(1);
  });
});
