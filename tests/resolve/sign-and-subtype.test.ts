/**
 * What a row shows is compared in full (lib/resolve/match.ts): the amount's sign and the kind of
 * Purchase its Type names. The web app writes an amount below zero as "-$12.00" (the simulator's real
 * pages, the real-markup fixtures) or "($12.00)"; its lists show a credit, a refund, a payment received
 * and money paid out below zero while the record's own total is positive (tests/fixtures/pages/
 * real-markup/sales-list.html, expenses-list.html, bank-feed-categorized.html), and a type that no list
 * shows negated (an Invoice) only with its own sign. Expense, Check and Credit Card Credit are all
 * Purchases: a row showing one agrees only with a Purchase of that PaymentType (service-facts;
 * tools/simulator/pages/real-fields.ts and view-rows.ts name them).
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { Shown } from '../../lib/domain/shown';
import { shownAgrees } from '../../lib/resolve/match';
import { resolveRows } from '../../lib/resolve/resolve';
import type { WindowReader } from '../../lib/resolve/types';

type Json = Record<string, unknown>;

const reader =
  (records: Partial<Record<Entity, Json[]>>): WindowReader =>
  async (entity) => ({ kind: 'ok', records: records[entity] ?? [] });

const day = { TxnDate: '2026-11-20' };
const invoice = (id: string, total: number): Json => ({ Id: id, ...day, TotalAmt: total });
const purchase = (id: string, paymentType: string | undefined, credit?: boolean): Json => ({
  Id: id,
  ...day,
  TotalAmt: 42,
  EntityRef: { name: 'Books by Bessie' },
  ...(paymentType ? { PaymentType: paymentType } : {}),
  ...(credit === undefined ? {} : { Credit: credit }),
});

describe('the amount’s sign', () => {
  it('an Invoices-list row below zero is no invoice of that positive total, whichever way it is written', async () => {
    for (const amount of ['-$120.00', '($120.00)', '−$120.00', '$120.00-']) {
      const result = await resolveRows(
        [{ rowKey: 'r', shown: { date: '11/20/2026', amount }, entities: ['Invoice'] }],
        reader({ Invoice: [invoice('1', 120)] }),
      );
      expect(result.get('r'), amount).toEqual({ kind: 'none' });
    }
  });

  it('a row above zero is no record whose total is below zero, and the reverse agrees', () => {
    const negative = { Id: '9', ...day, TotalAmt: -120 };
    const shown = (amount: string): Shown => ({ date: '11/20/2026', amount });
    expect(shownAgrees(shown('$120.00'), 'Deposit', negative)).toBe(false);
    expect(shownAgrees(shown('-$120.00'), 'Deposit', negative)).toBe(true);
    expect(shownAgrees(shown('$120.00'), 'Deposit', { ...negative, TotalAmt: 120 })).toBe(true);
    expect(shownAgrees(shown('-$120.00'), 'Deposit', { ...negative, TotalAmt: 120 })).toBe(false);
  });

  it('a refund row below zero finds the refund, not the invoice of the same amount beside it', async () => {
    const refund = { Id: '21', ...day, TotalAmt: 120 };
    const result = await resolveRows(
      [{ rowKey: 'r', shown: { date: '11/20/2026', amount: '-$120.00' }, entities: ['Invoice', 'RefundReceipt'] }],
      reader({ Invoice: [invoice('1', 120)], RefundReceipt: [refund] }),
    );
    expect(result.get('r')).toMatchObject({ kind: 'match', candidate: { entity: 'RefundReceipt', id: '21' } });
  });

  it('credits, refunds, payments received and money paid out agree below zero as the lists show them', () => {
    const cases: [string, Entity, Json][] = [
      ['Credit Memo', 'CreditMemo', { Id: '1', ...day, TotalAmt: 42 }],
      ['Refund', 'RefundReceipt', { Id: '2', ...day, TotalAmt: 42 }],
      ['Payment', 'Payment', { Id: '3', ...day, TotalAmt: 42 }],
      ['Vendor Credit', 'VendorCredit', { Id: '4', ...day, TotalAmt: 42 }],
      ['Credit Card Credit', 'Purchase', purchase('5', 'CreditCard', true)],
      ['Expense', 'Purchase', purchase('6', 'Cash')],
      ['Check', 'Purchase', purchase('7', 'Check')],
      ['Bill Payment (Check)', 'BillPayment', { Id: '8', ...day, TotalAmt: 42 }],
      ['Transfer', 'Transfer', { Id: '9', ...day, Amount: 42 }],
    ];
    for (const [type, entity, record] of cases) {
      expect(shownAgrees({ date: '11/20/2026', type, amount: '-$42.00' }, entity, record), type).toBe(true);
      expect(shownAgrees({ date: '11/20/2026', type, amount: '$42.00' }, entity, record), type).toBe(true);
    }
    for (const [type, entity] of [
      ['Invoice', 'Invoice'],
      ['Sales Receipt', 'SalesReceipt'],
      ['Bill', 'Bill'],
      ['Estimate', 'Estimate'],
    ] as const)
      expect(
        shownAgrees({ date: '11/20/2026', type, amount: '-$42.00' }, entity, { Id: '1', ...day, TotalAmt: 42 }),
        type,
      ).toBe(false);
  });
});

describe('the Purchase’s kind', () => {
  const cash = purchase('1', 'Cash');
  const check = purchase('2', 'Check');
  const card = purchase('3', 'CreditCard');
  const cardCredit = purchase('4', 'CreditCard', true);
  const agrees = (type: string, record: Json) =>
    shownAgrees({ date: '11/20/2026', type, amount: '$42.00' }, 'Purchase', record);

  it('"Check" (or "Cheque") only a Purchase paid by check', () => {
    for (const type of ['Check', 'Cheque']) {
      expect(agrees(type, check), type).toBe(true);
      for (const other of [cash, card, cardCredit]) expect(agrees(type, other), `${type} ${other.Id}`).toBe(false);
    }
  });

  it('"Expense" a cash or card purchase (the register’s word for both), never a check or a card credit', () => {
    expect(agrees('Expense', cash)).toBe(true);
    expect(agrees('Expense', card)).toBe(true);
    expect(agrees('Expense', check)).toBe(false);
    expect(agrees('Expense', cardCredit)).toBe(false);
    expect(agrees('Cash Expense', cash)).toBe(true);
    expect(agrees('Cash Expense', card)).toBe(false);
    expect(agrees('Credit Card Expense', card)).toBe(true);
    expect(agrees('Credit Card Expense', cash)).toBe(false);
    expect(agrees('Credit Card Expense', cardCredit)).toBe(false);
  });

  it('"Credit Card Credit" only a card purchase with Credit true', () => {
    expect(agrees('Credit Card Credit', cardCredit)).toBe(true);
    for (const other of [cash, check, card]) expect(agrees('Credit Card Credit', other), String(other.Id)).toBe(false);
  });

  it('a Purchase that names no PaymentType agrees with no kind the row names: nothing is concluded from absence', () => {
    const bare = purchase('5', undefined);
    for (const type of ['Check', 'Expense', 'Credit Card Credit']) expect(agrees(type, bare), type).toBe(false);
    expect(shownAgrees({ date: '11/20/2026', amount: '$42.00' }, 'Purchase', bare)).toBe(true);
  });

  it('a register row "Check" among a cash expense and a check of the same day, payee and amount: the check', async () => {
    const result = await resolveRows(
      [
        {
          rowKey: 'r',
          shown: {
            date: '11/20/2026',
            type: 'Check',
            name: 'Books by Bessie',
            amount: '$42.00',
            amountColumn: 'payment',
          },
        },
      ],
      reader({ Purchase: [cash, check, cardCredit] }),
    );
    expect(result.get('r')).toMatchObject({ kind: 'match', candidate: { id: '2' } });
  });
});
