/** Waves: documents, then payments, then deposits, each after what it links to; stable tiebreak; circles reported. */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { restoreRefusalText } from '../../lib/popup/words/restore';
import { type OrderItem, orderRestore } from '../../lib/restore/order';

/** How a refusal names two journal entries. */
const JE1 = { entity: 'JournalEntry', id: '1', docNumber: 'JE-1' };
const JE2 = { entity: 'JournalEntry', id: '2', docNumber: 'JE-2' };

const item = (entity: Entity, id: string, txnDate?: string, dependsOn: string[] = []): OrderItem => ({
  key: `${entity}:${id}`,
  entity,
  id,
  txnDate,
  dependsOn,
});

describe('orderRestore', () => {
  it('documents, then payments, then deposits; within a wave by stage, TxnDate, then Id', () => {
    const order = orderRestore([
      item('Deposit', '150', '2024-04-11', ['Payment:140']),
      item('Payment', '140', '2024-04-10', ['Invoice:130', 'CreditMemo:135']),
      item('BillPayment', '170', '2024-04-12', ['Bill:160', 'Bill:161']),
      item('Invoice', '130', '2024-04-02'),
      item('CreditMemo', '135', '2024-04-03'),
      item('Bill', '161', '2024-04-01'),
      item('Bill', '160', '2024-04-01'),
      item('JournalEntry', '180', '2024-03-31'),
    ]);
    expect(order).toEqual({
      waves: [
        ['JournalEntry:180', 'Bill:160', 'Bill:161', 'Invoice:130', 'CreditMemo:135'],
        ['Payment:140', 'BillPayment:170'],
        ['Deposit:150'],
      ],
      needsAttention: [],
    });
  });

  it('a payment whose invoice still exists still waits for the documents; empty waves close up', () => {
    expect(
      orderRestore([item('Payment', '1', '2024-01-01', ['Invoice:9']), item('Invoice', '2', '2024-02-01')]).waves,
    ).toEqual([['Invoice:2'], ['Payment:1']]);
    expect(
      orderRestore([item('Deposit', '5', '2024-01-01', ['SalesReceipt:4']), item('SalesReceipt', '4', '2024-01-01')])
        .waves,
    ).toEqual([['SalesReceipt:4'], ['Deposit:5']]);
    expect(orderRestore([item('Deposit', '5', '2024-01-01')]).waves).toEqual([['Deposit:5']]);
    expect(orderRestore([])).toEqual({ waves: [], needsAttention: [] });
  });

  it('a document waits for the document it links to (an Invoice made from an Estimate), and the payment after it', () => {
    const order = orderRestore([
      item('Payment', '3', '2024-01-01', ['Invoice:2']),
      item('Invoice', '2', '2024-01-01', ['Estimate:1']),
      item('Estimate', '1', '2024-01-05'),
    ]);
    expect(order.waves).toEqual([['Estimate:1'], ['Invoice:2'], ['Payment:3']]);
  });

  it('Ids compare as numbers, 20-digit ones too; undated records go last; own key and unknown keys are ignored', () => {
    const order = orderRestore([
      item('Invoice', '10', '2024-01-01'),
      item('Invoice', '99999999999999999999', '2024-01-01'),
      item('Invoice', '9', '2024-01-01', ['Invoice:9', 'Invoice:404']),
      item('Invoice', '1'),
      item('Invoice', '99999999999999999998', '2024-01-01'),
    ]);
    expect(order.waves).toEqual([
      ['Invoice:9', 'Invoice:10', 'Invoice:99999999999999999998', 'Invoice:99999999999999999999', 'Invoice:1'],
    ]);
  });

  it('a circle of links goes to needs attention with a reason, and so does what waits on it; the rest is placed', () => {
    const order = orderRestore([
      { ...item('JournalEntry', '1', '2024-01-01', ['JournalEntry:2']), ref: JE1 },
      { ...item('JournalEntry', '2', '2024-01-01', ['JournalEntry:1']), ref: JE2 },
      item('Deposit', '3', '2024-01-02', ['JournalEntry:1']),
      item('Invoice', '4', '2024-01-03'),
    ]);
    expect(order.waves).toEqual([['Invoice:4']]);
    expect(order.needsAttention).toEqual([
      { key: 'JournalEntry:1', why: { code: 'linkCircle', others: [JE2] } },
      { key: 'JournalEntry:2', why: { code: 'linkCircle', others: [JE1] } },
      { key: 'Deposit:3', why: { code: 'linkedUnplaced', record: JE1 } },
    ]);
    expect(order.needsAttention.map((n) => restoreRefusalText(n.why))).toEqual([
      'It and Journal entry JE-2 link to each other in a circle, so none of them can be created first: re-create them by hand in QuickBooks.',
      'It and Journal entry JE-1 link to each other in a circle, so none of them can be created first: re-create them by hand in QuickBooks.',
      'It is linked to Journal entry JE-1, which cannot be restored automatically, so it cannot come back as it was.',
    ]);
  });
});
