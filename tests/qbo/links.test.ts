/** Links are read from both places: a document's top-level LinkedTxn and a payment's Line[].LinkedTxn. */
import { describe, expect, it } from 'vitest';
import { changingLinks, depositLink, linksOfJson, recordLinks } from '../../lib/qbo/links';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { depositedPayment, invoice33 } from '../fixtures/payloads/entities';

describe('links from both places', () => {
  it('a real Payment (no top-level LinkedTxn) links its invoice and its Deposit per line, with the amounts applied', () => {
    expect(depositedPayment).not.toHaveProperty('LinkedTxn');
    expect(linksOfJson(depositedPayment)).toEqual([
      { txnId: '33', txnType: 'Invoice', lineAmount: 300 },
      { txnId: '140', txnType: 'Deposit', lineAmount: 300 },
    ]);
    const record = toTxnRecord('Payment', depositedPayment)!;
    expect(record.linkedTxn).toEqual([
      { txnId: '33', txnType: 'Invoice' },
      { txnId: '140', txnType: 'Deposit' },
    ]);
    expect(changingLinks(record)).toEqual([{ txnId: '33', txnType: 'Invoice', lineAmount: 300 }]);
    expect(depositLink(record)).toMatchObject({ txnId: '140', txnType: 'Deposit' });
  });

  it('a document lists its payment at the top level; top level comes first, then the lines', () => {
    expect(linksOfJson(invoice33)).toEqual([{ txnId: '100', txnType: 'Payment' }]);
    const both = {
      LinkedTxn: [{ TxnId: '5', TxnType: 'Estimate' }],
      Line: [{ LinkedTxn: [{ TxnId: '6', TxnType: 'Payment' }] }],
    };
    expect(linksOfJson(both).map((l) => l.txnId)).toEqual(['5', '6']);
  });

  it('the same link on two lines adds up; a line with two links carries no single amount; junk is skipped', () => {
    const payment = {
      Line: [
        { Amount: 100.1, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] },
        { Amount: 50.2, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] },
        {
          Amount: 9,
          LinkedTxn: [
            { TxnId: '2', TxnType: 'Invoice' },
            { TxnId: '3', TxnType: 'CreditMemo' },
          ],
        },
        { Amount: 1, LinkedTxn: [{ TxnId: 4, TxnType: 'Invoice' }, null, 'x'] },
        null,
      ],
      LinkedTxn: 'not a list',
    };
    expect(linksOfJson(payment)).toEqual([
      { txnId: '1', txnType: 'Invoice', lineAmount: 150.3 },
      { txnId: '2', txnType: 'Invoice' },
      { txnId: '3', txnType: 'CreditMemo' },
    ]);
    expect(linksOfJson(undefined)).toEqual([]);
  });

  it('a record built elsewhere with only its JSON still shows its line links (recordLinks reads raw too)', () => {
    const record = { linkedTxn: [], raw: { Line: [{ Amount: 5, LinkedTxn: [{ TxnId: '7', TxnType: 'Bill' }] }] } };
    expect(recordLinks(record)).toEqual([{ txnId: '7', txnType: 'Bill', lineAmount: 5 }]);
    expect(recordLinks({ linkedTxn: [{ txnId: '8', txnType: 'Payment' }] })).toEqual([
      { txnId: '8', txnType: 'Payment' },
    ]);
  });
});
