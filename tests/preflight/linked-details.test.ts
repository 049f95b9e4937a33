/** attachLinkedDetails with a scripted client: which reads it makes, and what a failure leaves. */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { attachLinkedDetails } from '../../lib/preflight/linked-details';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem, PreflightRecord } from '../../lib/preflight/types';
import type { CallFailure, TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { fakeClient } from '../../tools/support/fake-client';

const SHOWN_AT = Date.parse('2026-01-15T12:00:00Z');
const meta = { status: 200 };
const stamp = { MetaData: { LastUpdatedTime: '2025-06-01T09:00:00-07:00' }, TxnDate: '2025-06-01' };
const json = (id: string, extra: Record<string, unknown>) => ({ Id: id, SyncToken: '0', ...stamp, ...extra });

const records: TxnRecord[] = [
  toTxnRecord(
    'Invoice',
    json('10', { DocNumber: '1424', TotalAmt: 1200, LinkedTxn: [{ TxnId: '30', TxnType: 'Payment' }] }),
  )!,
  toTxnRecord(
    'Payment',
    json('30', {
      TotalAmt: 1500,
      PaymentRefNum: '3051',
      CurrencyRef: { value: 'USD' },
      Line: [{ Amount: 1200, LinkedTxn: [{ TxnId: '10', TxnType: 'Invoice' }] }],
    }),
  )!,
  toTxnRecord(
    'Estimate',
    json('40', { DocNumber: '77', TotalAmt: 50, LinkedTxn: [{ TxnId: '41', TxnType: 'Invoice' }] }),
  )!,
  toTxnRecord(
    'Invoice',
    json('41', { DocNumber: '1500', TotalAmt: 50, LinkedTxn: [{ TxnId: '40', TxnType: 'Estimate' }] }),
  )!,
  toTxnRecord('Invoice', json('60', { DocNumber: '1700', TotalAmt: 5, LinkedTxn: [] }))!,
  toTxnRecord(
    'Invoice',
    json('50', { DocNumber: '1600', TotalAmt: 9, LinkedTxn: [{ TxnId: '9', TxnType: 'Charge' }] }),
  )!,
];

/** Knows `records`; `fail(entity, call)` makes a read fail ('throw' or a failure kind). */
function scripted(
  fail: (entity: Entity, ids: readonly string[]) => 'throw' | 'rateLimited' | undefined = () => undefined,
) {
  const reads: [Entity, string[]][] = [];
  const client = fakeClient(
    {
      readPreferences: async () => ({ kind: 'ok', meta }),
      readCompanyInfo: async () => ({ kind: 'ok', meta, companyName: 'Maple Street Bakery LLC' }),
      readByIds: async (entity, ids) => {
        reads.push([entity, [...ids]]);
        const how = fail(entity, ids);
        if (how === 'throw') throw new TypeError('boom');
        if (how === 'rateLimited') return { kind: 'rateLimited', retryAfterMs: 60_000, meta };
        return {
          kind: 'ok',
          meta,
          calls: 2,
          records: records.filter((r) => r.entity === entity && ids.includes(r.id)),
        };
      },
      readReconciled: async () => ({ kind: 'ok', meta, rows: [], calls: 1 }),
    },
    { realmId: '123' },
  );
  return { client, reads };
}
const items = (...keys: string[]): PreflightItem[] =>
  keys.map((k) => ({ entity: k.split(':')[0]!, id: k.split(':')[1]!, shownAt: SHOWN_AT }));

describe('linked details', () => {
  it('reads the counterparts outside the selection, one read per entity, after the selection', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:10', 'Estimate:40'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(reads).toEqual([
      ['Invoice', ['10']],
      ['Estimate', ['40']],
      ['Invoice', ['41']],
      ['Payment', ['30']],
    ]);
    expect(result.records[0]?.linked).toEqual([
      { entity: 'Payment', id: '30', docNumber: '3051', amount: 1500, currency: 'USD', lineAmount: 1200 },
    ]);
    expect(result.records[1]?.linked).toEqual([{ entity: 'Invoice', id: '41', docNumber: '1500', amount: 50 }]);
  });

  it('no link, no read', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:60', 'Invoice:61'), now: () => SHOWN_AT });
    expect(result).toMatchObject({ kind: 'ok', calls: 4 }); // preferences, one read (2 calls), the report
    expect(reads).toEqual([['Invoice', ['60', '61']]]);
  });

  it.each(['throw', 'rateLimited'] as const)(
    'a counterpart read that fails (%s) leaves the preflight ok; only the records it was for lose their details',
    async (how) => {
      const { client, reads } = scripted((entity, ids) =>
        entity === 'Payment' && ids.includes('30') ? how : undefined,
      );
      const result = await runPreflight({
        client,
        items: items('Invoice:10', 'Estimate:40', 'Invoice:41'),
        now: () => SHOWN_AT,
      });
      if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
      expect(reads.map(([e]) => e)).toEqual(['Invoice', 'Estimate', 'Payment']);
      const [invoice, estimate, other] = result.records;
      expect(invoice?.status).toBe('ready');
      expect(invoice?.warnings.map((w) => w.status)).toEqual(['linked']);
      expect(invoice).not.toHaveProperty('linked');
      // Counterparts among the selection need no read: their details stay.
      expect(estimate?.linked).toEqual([{ entity: 'Invoice', id: '41', docNumber: '1500', amount: 50 }]);
      expect(other?.linked).toEqual([{ entity: 'Estimate', id: '40', docNumber: '77', amount: 50 }]);
    },
  );

  it('a linked record the click cannot delete (closed period) costs no read', async () => {
    const { client, reads } = scripted();
    client.readPreferences = async () => ({ kind: 'ok', meta, bookCloseDate: '2025-12-31' });
    const result = await runPreflight({ client, items: items('Invoice:10'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records[0]?.status).toBe('closedPeriod');
    expect(reads).toEqual([['Invoice', ['10']]]);
    expect(result.records[0]).not.toHaveProperty('linked');
  });

  it('a link to a type Safe Delete does not know gets no details (the sentence would leave it out)', async () => {
    const { client, reads } = scripted();
    const result = await runPreflight({ client, items: items('Invoice:50'), now: () => SHOWN_AT });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(reads).toEqual([['Invoice', ['50']]]);
    expect(result.records[0]?.warnings.map((w) => w.status)).toEqual(['linked']);
    expect(result.records[0]).not.toHaveProperty('linked');
  });
});

/*
 * Edge cases of lib/preflight/linked-details.ts (issue 13): the words the popup shows about
 * a linked record's counterparts ("payment No. 3051 becomes an unapplied credit of $1,200.00"). A
 * wrong number, amount or currency there misleads the person about what the delete changes.
 */
const rec = (entity: Entity, json: Record<string, unknown>) =>
  toTxnRecord(entity, { SyncToken: '0', TxnDate: '2025-06-01', ...json })!;

function clientWith(stored: TxnRecord[], fail: Partial<Record<Entity, CallFailure | 'throw'>> = {}) {
  const reads: string[] = [];
  const client = fakeClient({
    readByIds: async (entity, ids) => {
      reads.push(`${entity} ${ids.join(',')}`);
      const how = fail[entity];
      if (how === 'throw') throw new Error('boom');
      if (how) return how;
      return { kind: 'ok', meta, calls: 2, records: stored.filter((r) => r.entity === entity && ids.includes(r.id)) };
    },
  });
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
