// @vitest-environment happy-dom
/**
 * A register row's own id (dgrid's `dgrid_0-row-<the store's identity>`: the transaction's Id with the
 * simulator's `rowIds=txn`, a row counter with `rowIds=counter`) travels with the ticked row as an
 * `idHint`, never as its Id: the row stays known by what it shows, and the resolver keeps the hint
 * only when the record of that Id agrees with the row (tests/resolve/row-ids.test.ts). The inline
 * "Add" row and a counter's 0 carry none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SelectionReportData } from '../../lib/messaging/content-protocol';
import { ownBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const REGISTER = 'https://app.qbo.intuit.com/app/register?accountId=35';

afterEach(() => {
  document.body.innerHTML = '';
});

const rowsOf = (reports: SelectionReportData[]) => reports.flatMap((r) => r.addedRows ?? []);

async function tickRegister(file: string, indexes: number[]) {
  mountPage(file);
  const harness = startHarness(REGISTER);
  await harness.tick();
  const boxes = ownBoxes();
  for (const i of indexes) harness.person.click(boxes[i] as HTMLInputElement);
  await harness.tick();
  return { rows: rowsOf(harness.sent()), boxes, sent: harness.sent() };
}

describe('a register row’s own id goes with it as a hint, never as its Id', () => {
  it('ids that are the transactions’ Ids (rowIds=txn): each ticked row carries its digits, and no Id', async () => {
    const { rows, boxes, sent } = await tickRegister('sim-register-stacked.html', [0, 4]);
    const ids = [0, 4].map((i) => boxes[i]?.closest('.dgrid-row')?.id);
    expect(ids).toEqual([
      expect.stringMatching(/^dgrid_0-row-[1-9]\d*$/),
      expect.stringMatching(/^dgrid_0-row-[1-9]\d*$/),
    ]);
    expect(rows.map((r) => r.idHint)).toEqual(ids.map((id) => id?.replace('dgrid_0-row-', '')));
    expect(rows.map((r) => r.rowKey)).toEqual([
      expect.stringMatching(/^row:register\.35:/),
      expect.stringMatching(/^row:register\.35:/),
    ]);
    expect(sent.flatMap((r) => r.added)).toEqual([]);
  });

  it('a counter (rowIds=counter): its digits are sent as a hint too, 0 as none (not an Id’s form)', async () => {
    const { rows, boxes } = await tickRegister('sim-register-real.html', [0, 5]);
    expect([0, 5].map((i) => boxes[i]?.closest('.dgrid-row')?.id)).toEqual(['dgrid_0-row-0', 'dgrid_0-row-5']);
    expect(rows.map((r) => r.idHint)).toEqual([undefined, '5']);
  });

  it('a row whose id ends in no digits carries no hint', async () => {
    mountPage('sim-register-real.html');
    const row = document.querySelector('#dgrid_0-row-5') as Element;
    row.id = 'dgrid_0-row-abc';
    const { person, sent, tick } = startHarness(REGISTER);
    await tick();
    person.click(ownBoxes()[5] as HTMLInputElement);
    await tick();
    expect(rowsOf(sent()).map((r) => r.idHint)).toEqual([undefined]);
  });
});
