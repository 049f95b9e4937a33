/** Links are rewritten in both places: a document's top-level LinkedTxn and every line's LinkedTxn. */
import { describe, expect, it } from 'vitest';
import { linkedKeys, rewriteLinks } from '../../lib/restore/links';
import { createBody } from '../../lib/restore/strip';
import { billPayment, deposit, invoice, payment } from './payloads';

const setOf =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

describe('rewriteLinks', () => {
  it("a payment's line links point at the restored invoice's and credit memo's new Ids", () => {
    const body = createBody('Payment', payment);
    const result = rewriteLinks(
      body,
      new Map([
        ['Invoice:130', '1130'],
        ['CreditMemo:135', '1135'],
      ]),
      setOf('Invoice:130', 'CreditMemo:135', 'Payment:140'),
    );
    expect(result).toEqual({
      kind: 'rewritten',
      body: {
        ...body,
        Line: [
          { Amount: 350, LinkedTxn: [{ TxnId: '1130', TxnType: 'Invoice' }] },
          { Amount: 50, LinkedTxn: [{ TxnId: '1135', TxnType: 'CreditMemo' }] },
        ],
      },
    });
  });

  it('a link whose target is not in the restore set is left alone: the counterpart still exists', () => {
    const body = createBody('Payment', payment);
    const result = rewriteLinks(body, new Map([['Invoice:130', '1130']]), setOf('Invoice:130'));
    expect(result.kind === 'rewritten' && result.body.Line).toEqual([
      { Amount: 350, LinkedTxn: [{ TxnId: '1130', TxnType: 'Invoice' }] },
      { Amount: 50, LinkedTxn: [{ TxnId: '135', TxnType: 'CreditMemo' }] },
    ]);
  });

  it("a deposit's line keeps TxnType and TxnLineId; only TxnId changes", () => {
    const result = rewriteLinks(
      createBody('Deposit', deposit),
      new Map([['Payment:140', '1140']]),
      setOf('Payment:140'),
    );
    expect(result.kind === 'rewritten' && result.body.Line).toEqual([
      { LineNum: 1, Amount: 300, LinkedTxn: [{ TxnId: '1140', TxnType: 'Payment', TxnLineId: '0' }] },
    ]);
  });

  it('a top-level link is rewritten too (an Invoice made from a restored Estimate)', () => {
    const result = rewriteLinks(
      createBody('Invoice', invoice),
      new Map([['Estimate:12', '512']]),
      setOf('Estimate:12'),
    );
    expect(result.kind === 'rewritten' && result.body.LinkedTxn).toEqual([{ TxnId: '512', TxnType: 'Estimate' }]);
  });

  it('BillPaymentCheck is matched as BillPayment and written back as BillPaymentCheck', () => {
    const body = { TxnDate: '2024-04-20', LinkedTxn: [{ TxnId: '170', TxnType: 'BillPaymentCheck' }] };
    const result = rewriteLinks(body, new Map([['BillPayment:170', '1170']]), setOf('BillPayment:170'));
    expect(result).toEqual({
      kind: 'rewritten',
      body: { TxnDate: '2024-04-20', LinkedTxn: [{ TxnId: '1170', TxnType: 'BillPaymentCheck' }] },
    });
  });

  it('a target in the restore set without a new Id blocks the record: the first one, top level before lines', () => {
    const body = createBody('BillPayment', billPayment);
    expect(rewriteLinks(body, new Map([['Bill:160', '1160']]), setOf('Bill:160', 'Bill:161'))).toEqual({
      kind: 'blocked',
      blockedBy: 'Bill:161',
    });
    const both = {
      LinkedTxn: [{ TxnId: '12', TxnType: 'Estimate' }],
      Line: [{ LinkedTxn: [{ TxnId: '9', TxnType: 'Invoice' }] }],
    };
    expect(rewriteLinks(both, new Map(), setOf('Invoice:9', 'Estimate:12'))).toEqual({
      kind: 'blocked',
      blockedBy: 'Estimate:12',
    });
    expect(rewriteLinks(both, new Map([['Estimate:12', '1']]), setOf('Invoice:9', 'Estimate:12'))).toEqual({
      kind: 'blocked',
      blockedBy: 'Invoice:9',
    });
  });

  it('never changes its input, keeps lines without links and malformed links as they were', () => {
    const body = {
      Line: [{ Amount: 1, DetailType: 'DepositLineDetail' }, { LinkedTxn: [{ TxnId: 5, TxnType: 'Payment' }] }, 'odd'],
      LinkedTxn: [null],
    };
    const before = structuredClone(body);
    const result = rewriteLinks(body, new Map([['Payment:5', '6']]), () => true);
    expect(body).toEqual(before);
    expect(result).toEqual({ kind: 'rewritten', body: before });
    if (result.kind === 'rewritten') expect(result.body).not.toBe(body);
  });
});

describe('linkedKeys', () => {
  it('reads both places, bill payment spellings as BillPayment, each key once', () => {
    expect(linkedKeys(createBody('Payment', payment))).toEqual(['Invoice:130', 'CreditMemo:135']);
    expect(linkedKeys(createBody('BillPayment', billPayment))).toEqual(['Bill:160', 'Bill:161']);
    expect(
      linkedKeys({
        LinkedTxn: [{ TxnId: '7', TxnType: 'BillPaymentCreditCard' }],
        Line: [
          { LinkedTxn: [{ TxnId: '7', TxnType: 'BillPayment' }] },
          { LinkedTxn: [{ TxnId: '8', TxnType: 'Invoice' }] },
        ],
      }),
    ).toEqual(['BillPayment:7', 'Invoice:8']);
  });
});
