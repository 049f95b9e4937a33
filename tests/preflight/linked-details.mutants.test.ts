/**
 * Mutation survivors of lib/preflight/linked-details.ts (issue 13): the words the popup shows about
 * a linked record's counterparts ("payment No. 3051 becomes an unapplied credit of $1,200.00"). A
 * wrong number, amount or currency there misleads the person about what the delete changes.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { attachLinkedDetails } from '../../lib/preflight/linked-details';
import type { PreflightRecord } from '../../lib/preflight/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { CallFailure, TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';

const meta = { status: 200 };
const rec = (entity: Entity, json: Record<string, unknown>) =>
  toTxnRecord(entity, { SyncToken: '0', TxnDate: '2025-06-01', ...json })!;

function clientWith(stored: TxnRecord[], fail: Partial<Record<Entity, CallFailure | 'throw'>> = {}) {
  const reads: string[] = [];
  const client = {
    readByIds: async (entity: Entity, ids: readonly string[]) => {
      reads.push(`${entity} ${ids.join(',')}`);
      const how = fail[entity];
      if (how === 'throw') throw new Error('boom');
      if (how) return how;
      return { kind: 'ok', meta, calls: 2, records: stored.filter((r) => r.entity === entity && ids.includes(r.id)) };
    },
  } as unknown as QboClient;
  return { client, reads };
}

function preflighted(self: TxnRecord, over: Partial<PreflightRecord> = {}): PreflightRecord {
  return {
    key: `${self.entity}:${self.id}`,
    entity: self.entity,
    id: self.id,
    shownAt: 0,
    status: 'ready',
    blockers: [],
    warnings: [{ check: 'linked', status: 'linked', links: [] }],
    reason: 'Ready',
    reviewed: self,
    ...over,
  };
}

async function detailsOf(self: TxnRecord, stored: TxnRecord[], over: Partial<PreflightRecord> = {}) {
  const record = preflighted(self, over);
  const { client, reads } = clientWith(stored);
  const { calls } = await attachLinkedDetails(client, [record], new Map(), new Set([record.key]));
  return { linked: record.linked, calls, reads, record };
}

const invoiceLinkedTo = (type: string, id: string, extra: Record<string, unknown> = {}) =>
  rec('Invoice', { Id: '10', LinkedTxn: [{ TxnId: id, TxnType: type }], ...extra });

describe("a counterpart's number and amount", () => {
  it('DocNumber trimmed; else a trimmed PaymentRefNum; neither: no number', async () => {
    const self = invoiceLinkedTo('Payment', '30');
    const withDoc = rec('Payment', { Id: '30', DocNumber: '  77 ', TotalAmt: 5 });
    expect((await detailsOf(self, [withDoc])).linked).toStrictEqual([
      { entity: 'Payment', id: '30', docNumber: '77', amount: 5 },
    ]);
    const withRef = rec('Payment', { Id: '30', DocNumber: '   ', PaymentRefNum: ' 3051 ', TotalAmt: 5 });
    expect((await detailsOf(self, [withRef])).linked).toStrictEqual([
      { entity: 'Payment', id: '30', docNumber: '3051', amount: 5 },
    ]);
    for (const PaymentRefNum of ['  ', 3051]) {
      const none = rec('Payment', { Id: '30', PaymentRefNum, TotalAmt: 5 });
      expect((await detailsOf(self, [none])).linked).toStrictEqual([{ entity: 'Payment', id: '30', amount: 5 }]);
    }
  });

  it('TotalAmt (even 0); else a finite Amount (Transfer); else no amount', async () => {
    const self = invoiceLinkedTo('Transfer', '30');
    const zero = rec('Transfer', { Id: '30', TotalAmt: 0, Amount: 9 });
    expect((await detailsOf(self, [zero])).linked).toStrictEqual([{ entity: 'Transfer', id: '30', amount: 0 }]);
    const amount = rec('Transfer', { Id: '30', Amount: 250 });
    expect((await detailsOf(self, [amount])).linked).toStrictEqual([{ entity: 'Transfer', id: '30', amount: 250 }]);
    const text = rec('Transfer', { Id: '30', Amount: '250' });
    expect((await detailsOf(self, [text])).linked).toStrictEqual([{ entity: 'Transfer', id: '30' }]);
  });

  it('a counterpart that is gone: only its type and Id', async () => {
    const self = invoiceLinkedTo('Payment', '30');
    expect((await detailsOf(self, [])).linked).toStrictEqual([{ entity: 'Payment', id: '30' }]);
  });
});

describe('the amount applied between the two', () => {
  it("is read from the counterpart's line that names this record, by type AND Id", async () => {
    const self = invoiceLinkedTo('Payment', '30');
    const payment = rec('Payment', {
      Id: '30',
      TotalAmt: 1500,
      Line: [
        { Amount: 5, LinkedTxn: [{ TxnId: '10', TxnType: 'CreditMemo' }] }, // same Id, other type
        { Amount: 300, LinkedTxn: [{ TxnId: '11', TxnType: 'Invoice' }] }, // same type, other Id
        { Amount: 1200, LinkedTxn: [{ TxnId: '10', TxnType: 'Invoice' }] },
      ],
    });
    expect((await detailsOf(self, [payment])).linked).toStrictEqual([
      { entity: 'Payment', id: '30', amount: 1500, lineAmount: 1200 },
    ]);
  });

  it('a counterpart that does not name this record gives no amount applied', async () => {
    const self = invoiceLinkedTo('Payment', '30');
    const payment = rec('Payment', { Id: '30', TotalAmt: 9, Line: [{ Amount: 1, LinkedTxn: [] }] });
    expect((await detailsOf(self, [payment])).linked).toStrictEqual([{ entity: 'Payment', id: '30', amount: 9 }]);
  });
});

describe('currency', () => {
  it("the counterpart's; else this record's; else none", async () => {
    const self = invoiceLinkedTo('Payment', '30', { CurrencyRef: { value: 'CAD' } });
    const usd = rec('Payment', { Id: '30', CurrencyRef: { value: 'USD' } });
    expect((await detailsOf(self, [usd])).linked).toStrictEqual([{ entity: 'Payment', id: '30', currency: 'USD' }]);
    const bare = rec('Payment', { Id: '30' });
    expect((await detailsOf(self, [bare])).linked).toStrictEqual([{ entity: 'Payment', id: '30', currency: 'CAD' }]);
    const plain = invoiceLinkedTo('Payment', '30');
    expect((await detailsOf(plain, [bare])).linked).toStrictEqual([{ entity: 'Payment', id: '30' }]);
  });
});

describe('which records get details', () => {
  const self = invoiceLinkedTo('Payment', '30');
  const payment = rec('Payment', { Id: '30', TotalAmt: 1 });

  it('a reconciled record (the opt-in may delete it) does; a blocked one does not, and costs no read', async () => {
    expect((await detailsOf(self, [payment], { status: 'reconciled' })).linked).toHaveLength(1);
    const blocked = await detailsOf(self, [payment], { status: 'closedPeriod' });
    expect(blocked.linked).toBeUndefined();
    expect(blocked.reads).toEqual([]);
  });

  it('only a record with a linked warning; no links at all: no details, not an empty list', async () => {
    const silent = await detailsOf(self, [payment], { warnings: [] });
    expect(silent.linked).toBeUndefined();
    expect(silent.reads).toEqual([]);
    const unlinked = await detailsOf(rec('Invoice', { Id: '10' }), []);
    expect(unlinked.record).not.toHaveProperty('linked');
  });

  it('one link of a type Safe Delete does not know: no details at all', async () => {
    const mixed = rec('Invoice', {
      Id: '10',
      LinkedTxn: [
        { TxnId: '30', TxnType: 'Payment' },
        { TxnId: '9', TxnType: 'Charge' },
      ],
    });
    expect((await detailsOf(mixed, [payment])).linked).toBeUndefined();
  });
});

describe('a failed read', () => {
  const self = rec('Invoice', {
    Id: '10',
    LinkedTxn: [
      { TxnId: '30', TxnType: 'Payment' },
      { TxnId: '40', TxnType: 'Estimate' },
    ],
  });
  const stored = [rec('Payment', { Id: '30', TotalAmt: 1 }), rec('Estimate', { Id: '40', TotalAmt: 2 })];
  const failure: CallFailure = { kind: 'rateLimited', retryAfterMs: 1, meta };

  it('counts its call, stops the later reads, and leaves the record without details', async () => {
    for (const how of [failure, 'throw'] as const) {
      const record = preflighted(self);
      const { client, reads } = clientWith(stored, { Payment: how });
      const { calls } = await attachLinkedDetails(client, [record], new Map(), new Set([record.key]));
      expect(reads).toEqual(['Payment 30']); // Estimate comes after Payment: never asked
      expect(calls).toBe(how === 'throw' ? 0 : 1);
      expect(record.linked).toBeUndefined();
    }
  });

  it('the calls of the reads that worked are summed', async () => {
    const record = preflighted(self);
    const { client, reads } = clientWith(stored, { Estimate: failure });
    const { calls } = await attachLinkedDetails(client, [record], new Map(), new Set([record.key]));
    expect(reads).toEqual(['Payment 30', 'Estimate 40']);
    expect(calls).toBe(2 + 1);
    expect(record.linked).toBeUndefined(); // one of its counterparts could not be read
  });

  it('one unread counterpart outside the selection is enough to give no details', async () => {
    // Estimate 40 is in the selection (already read); Payment 30 is not, and its read fails.
    const record = preflighted(self);
    const { client, reads } = clientWith(stored, { Payment: failure });
    await attachLinkedDetails(
      client,
      [record],
      new Map([['Estimate:40', stored[1]!]]),
      new Set([record.key, 'Estimate:40']),
    );
    expect(reads).toEqual(['Payment 30']);
    expect(record.linked).toBeUndefined();
  });

  it('a counterpart in the selection needs no read: its details come from the selection', async () => {
    const record = preflighted(self);
    const { client, reads } = clientWith(stored);
    await attachLinkedDetails(
      client,
      [record],
      new Map([['Payment:30', stored[0]!]]),
      new Set([record.key, 'Payment:30']),
    );
    expect(reads).toEqual(['Estimate 40']);
    expect(record.linked).toStrictEqual([
      { entity: 'Payment', id: '30', amount: 1 },
      { entity: 'Estimate', id: '40', amount: 2 },
    ]);
  });
});
