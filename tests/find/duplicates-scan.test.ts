/** The duplicates scan: its reading plan, what the reads decide, and nothing proposed from a failed read. */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { DuplicatesQuerySchema } from '../../lib/domain/find';
import { planScan, type ScanQuery, type ScanReader, scanDuplicates } from '../../lib/find/scan';
import type { ReconciledRow } from '../../lib/qbo/client-api';
import type { CallFailure, TxnRecord } from '../../lib/qbo/outcomes';
import { record } from './duplicates-records';

const meta = { status: 200 };

interface FakeBooks {
  records: TxnRecord[];
  reconciled?: ReconciledRow[];
  /** Answer this read with a failure (entity, or 'report'). */
  fail?: Entity | 'report';
  throws?: Entity;
  /** What count(*) says per type, when not the records in memory (a company too large to build here). */
  counts?: Partial<Record<Entity, number>>;
}

/** A reader over records in memory: R4's call count (count(*) + pages of 1000), the reads it was asked. */
function fakeReader(books: FakeBooks) {
  const asked: string[] = [];
  const failure: CallFailure = { kind: 'incomplete', reason: 'R4: received 999 rows, count(*) says 1000', meta };
  const inRange = (entity: Entity, from: string, to: string) =>
    books.records.filter((r) => r.entity === entity && r.txnDate !== undefined && from <= r.txnDate && r.txnDate <= to);
  const reader: ScanReader = {
    async countRange(entity, from, to) {
      asked.push(['count', entity, from, to].join(' '));
      return { kind: 'ok', meta, count: books.counts?.[entity] ?? inRange(entity, from, to).length, calls: 1 };
    },
    async readRange(entity, from, to) {
      asked.push([entity, from, to].join(' '));
      if (books.throws === entity) throw new Error('socket hang up');
      if (books.fail === entity) return failure;
      const records = inRange(entity, from, to);
      return { kind: 'ok', meta, records, calls: 1 + Math.ceil(records.length / 1000) };
    },
    async readReconciled(from, to) {
      asked.push(['report', from, to].join(' '));
      if (books.fail === 'report') return failure;
      return { kind: 'ok', meta, rows: books.reconciled ?? [], calls: 1 };
    },
  };
  return { reader, asked };
}

const query = (types: Entity[], more: Partial<ScanQuery> = {}): ScanQuery => ({
  from: '2025-01-01',
  to: '2025-03-31',
  types,
  ...more,
});

describe('the reading plan', () => {
  it('counts each type over the range, then reads the reconciled report, then each type', () => {
    const { reader, asked } = fakeReader({ records: [] });
    return scanDuplicates(query(['Invoice', 'Bill']), reader).then((result) => {
      expect(asked).toEqual([
        'count Invoice 2025-01-01 2025-03-31',
        'count Bill 2025-01-01 2025-03-31',
        'report 2025-01-01 2025-03-31',
        'Invoice 2025-01-01 2025-03-31',
        'Bill 2025-01-01 2025-03-31',
      ]);
      expect(result).toMatchObject({ kind: 'ok', calls: 5, scanned: 0 });
    });
  });

  it('reads Deposits past the range when Payments or SalesReceipts are scanned, once with Deposits scanned too', () => {
    const reads = (types: Entity[]) => {
      const plan = planScan(query(types));
      return plan.kind === 'ok' ? plan.reads : [];
    };
    expect(reads(['Payment'])).toEqual([
      { kind: 'reconciled', from: '2025-01-01', to: '2025-03-31' },
      { kind: 'range', entity: 'Payment', from: '2025-01-01', to: '2025-03-31', candidates: true, deposits: false },
      { kind: 'range', entity: 'Deposit', from: '2025-01-01', to: '2025-05-30', candidates: false, deposits: true },
    ]);
    expect(reads(['Deposit', 'SalesReceipt']).filter((r) => r.kind === 'range' && r.entity === 'Deposit')).toEqual([
      { kind: 'range', entity: 'Deposit', from: '2025-01-01', to: '2025-05-30', candidates: true, deposits: true },
    ]);
    expect(reads(['Invoice']).map((r) => (r.kind === 'range' ? r.entity : r.kind))).toEqual(['reconciled', 'Invoice']);
    expect(reads([]).length).toBe(0);
    expect(planScan(query([], { accountId: '35' }))).toMatchObject({ kind: 'ok' });
  });

  it.each([
    ['a malformed date', query(['Invoice'], { from: '2025-02-30' })],
    ['a reversed range', query(['Invoice'], { from: '2025-04-01' })],
    ['a window past 31 days', query(['Invoice'], { windowDays: 32 })],
    ['a fractional window', query(['Invoice'], { windowDays: 1.5 })],
    ['no type', query([])],
    ['an unknown type', query(['Customer' as Entity])],
    ['a range over 5 years', query(['Invoice'], { from: '2020-01-01', to: '2025-01-02' })],
  ])('refuses %s without a call', async (_name, bad) => {
    const { reader, asked } = fakeReader({ records: [] });
    expect(await scanDuplicates(bad, reader)).toMatchObject({ kind: 'invalid', calls: 0 });
    expect(asked).toEqual([]);
  });
});

describe('the caps of a search: 5 years, 50,000 records', () => {
  it('takes a range of exactly 5 years; refuses a day more in words, without a call', async () => {
    const { reader, asked } = fakeReader({ records: [] });
    expect(await scanDuplicates(query(['Invoice'], { from: '2020-01-01', to: '2025-01-01' }), reader)).toMatchObject({
      kind: 'ok',
    });
    asked.length = 0;
    const refused = await scanDuplicates(query(['Invoice'], { from: '2020-01-01', to: '2025-01-02' }), reader);
    expect(refused).toEqual({ kind: 'invalid', reason: 'The date range can be at most 5 years.', calls: 0 });
    expect(asked).toEqual([]);
  });

  it('refuses more than 50,000 records from the counts alone: no report, no page read, no group', async () => {
    const books = [record('Invoice', '10', { name: 'Cool Cars' }), record('Invoice', '11', { name: 'Cool Cars' })];
    const { reader, asked } = fakeReader({ records: books, counts: { Invoice: 30_000, Bill: 20_001 } });
    const result = await scanDuplicates(query(['Invoice', 'Bill']), reader);
    expect(result).toEqual({ kind: 'tooMany', counted: 50_001, limit: 50_000, calls: 2 });
    expect(asked.every((a) => a.startsWith('count '))).toBe(true);
  });

  it('counts the Deposits read for the payments too', async () => {
    const { reader } = fakeReader({ records: [], counts: { Payment: 40_000, Deposit: 10_001 } });
    expect(await scanDuplicates(query(['Payment']), reader)).toMatchObject({ kind: 'tooMany', counted: 50_001 });
  });

  it('takes exactly 50,000', async () => {
    const { reader } = fakeReader({ records: [], counts: { Invoice: 30_000, Bill: 20_000 } });
    expect(await scanDuplicates(query(['Invoice', 'Bill']), reader)).toMatchObject({ kind: 'ok' });
  });

  it('refuses, never cuts, when the reads bring more than the counts said (records added meanwhile)', async () => {
    const books = [1, 2, 3, 4].map((i) => record('Invoice', String(10 + i), { name: 'Cool Cars' }));
    const { reader } = fakeReader({ records: books, counts: { Invoice: 2 } });
    const result = await scanDuplicates(query(['Invoice']), reader, { limit: 3 });
    expect(result).toMatchObject({ kind: 'tooMany', counted: 4, limit: 3 });
    expect(result).not.toHaveProperty('findings');
  });

  it('a failed count fails the scan: nothing read, nothing proposed', async () => {
    const { reader, asked } = fakeReader({ records: [] });
    const failing: ScanReader = {
      ...reader,
      countRange: async () => ({ kind: 'incomplete', reason: 'count(*) says -1', meta }),
    };
    expect(await scanDuplicates(query(['Invoice']), failing)).toMatchObject({ kind: 'failed', calls: 1 });
    expect(asked).toEqual([]);
  });
});

describe('a failed or incomplete read', () => {
  const books = [
    record('Invoice', '10', { name: 'Cool Cars' }),
    record('Invoice', '11', { name: 'Cool Cars' }),
    record('Payment', '20', { name: 'Cool Cars' }),
    record('Payment', '21', { name: 'Cool Cars' }),
  ];

  it('proposes the pairs when every read succeeds (the baseline)', async () => {
    const result = await scanDuplicates(query(['Invoice', 'Payment']), fakeReader({ records: books }).reader);
    expect(result.kind === 'ok' && result.findings.groups.flatMap((g) => g.proposed)).toEqual([
      'Invoice:11',
      'Payment:21',
    ]);
  });

  it.each([
    ['the reconciled report', { fail: 'report' as const }],
    ['one type', { fail: 'Payment' as const }],
    ['the Deposits read for the payments', { fail: 'Deposit' as const }],
    ['a read that throws', { throws: 'Invoice' as const }],
  ])('fails the scan on %s: nothing proposed', async (_name, how) => {
    const result = await scanDuplicates(query(['Invoice', 'Payment']), fakeReader({ records: books, ...how }).reader);
    expect(result.kind).toBe('failed');
    expect(result).not.toHaveProperty('findings');
  });

  it('fails the scan when a read returns another type than asked', async () => {
    const reader: ScanReader = {
      ...fakeReader({ records: [] }).reader,
      readRange: async () => ({ kind: 'ok', meta, records: [record('Bill', '5')], calls: 2 }),
    };
    expect(await scanDuplicates(query(['Invoice']), reader)).toMatchObject({
      kind: 'failed',
      failure: { kind: 'incomplete' },
    });
  });
});

describe('what the reads decide', () => {
  it('never proposes a payment a Deposit after the range holds, though the payment does not say so', async () => {
    const books = [
      record('Payment', '20', { name: 'Cool Cars', date: '2025-03-30' }),
      record('Payment', '21', { name: 'Cool Cars', date: '2025-03-31' }),
      record('Deposit', '90', {
        date: '2025-04-03',
        lines: [{ Amount: 120, LinkedTxn: [{ TxnId: '21', TxnType: 'Payment', TxnLineId: '0' }] }],
      }),
    ];
    const result = await scanDuplicates(query(['Payment']), fakeReader({ records: books }).reader);
    const [group] = result.kind === 'ok' ? result.findings.groups : [];
    expect([group?.kept, group?.keptBecause, group?.proposed]).toEqual(['Payment:21', 'deposited', ['Payment:20']]);
  });

  it('reads linked from a document top level and a payment line, deposited from a payment line', async () => {
    const books = [
      record('Invoice', '10', { name: 'Cool Cars', links: [{ TxnId: '30', TxnType: 'Payment' }] }),
      record('Invoice', '11', { name: 'Cool Cars', links: [{ TxnId: '20', TxnType: 'Payment' }] }),
      record('Payment', '20', {
        name: 'Cool Cars',
        lines: [{ Amount: 120, LinkedTxn: [{ TxnId: '11', TxnType: 'Invoice' }] }],
      }),
      record('Payment', '21', {
        name: 'Cool Cars',
        lines: [{ Amount: 120, LinkedTxn: [{ TxnId: '9', TxnType: 'Deposit' }] }],
      }),
    ];
    const result = await scanDuplicates(query(['Invoice', 'Payment']), fakeReader({ records: books }).reader);
    expect(result).toMatchObject({ kind: 'ok', findings: { groups: [], withoutProposal: 2 } });
  });

  it('protects a record the report lists by Id alone (a type name it does not map)', async () => {
    const books = [record('Invoice', '10', { name: 'Cool Cars' }), record('Invoice', '11', { name: 'Cool Cars' })];
    const reader = fakeReader({ records: books, reconciled: [{ id: '11' }] }).reader;
    const result = await scanDuplicates(query(['Invoice']), reader);
    const [group] = result.kind === 'ok' ? result.findings.groups : [];
    expect([group?.kept, group?.keptBecause, group?.proposed]).toEqual(['Invoice:11', 'reconciled', ['Invoice:10']]);
  });

  it('scans one account: only the records naming it on a line or at the top', async () => {
    const line = (account: string) => [
      { Amount: 120, AccountBasedExpenseLineDetail: { AccountRef: { value: account, name: 'x' } } },
    ];
    const books = [
      record('Purchase', '10', { name: 'PG&E', lines: line('57') }),
      record('Purchase', '11', { name: 'PG&E', lines: line('57') }),
      record('Purchase', '12', { name: 'EDD', lines: line('7') }),
      record('Purchase', '13', { name: 'EDD', lines: line('7') }),
      record('Deposit', '14', { extra: { DepositToAccountRef: { value: '57' } } }),
      record('Deposit', '15', { extra: { DepositToAccountRef: { value: '57' } } }),
    ];
    const result = await scanDuplicates(query([], { accountId: '57' }), fakeReader({ records: books }).reader);
    expect(result.kind === 'ok' && result.findings.groups.map((g) => g.proposed)).toEqual([
      ['Purchase:11'],
      ['Deposit:15'],
    ]);
  });
});

describe('a company with 25 duplicate pairs, 5 with one side reconciled', () => {
  it('proposes 25, none reconciled, never the kept side', async () => {
    const records: TxnRecord[] = [];
    const reconciled: ReconciledRow[] = [];
    const kept: string[] = [];
    for (let i = 0; i < 25; i++) {
      const day = String(i + 1).padStart(2, '0');
      const fields = { name: `Customer ${i}`, amount: 100 + i, number: `D-${i}` };
      // Pairs of odd i are a month apart (only the number joins them), the others a day apart.
      const first = record('Invoice', String(1000 + 2 * i), { ...fields, date: `2025-02-${day}` });
      const secondDate = i % 2 ? `2025-03-${day}` : `2025-02-${String(i + 2).padStart(2, '0')}`;
      const second = record('Invoice', String(1001 + 2 * i), { ...fields, date: secondDate });
      records.push(first, second);
      // The reconciled side is the later-created one, which the earliest-created rule would propose.
      if (i < 5) reconciled.push({ id: second.id, entity: 'Invoice' });
      kept.push(`Invoice:${i < 5 ? second.id : first.id}`);
    }
    for (let i = 0; i < 200; i++)
      records.push(record('Invoice', String(5000 + i), { name: `Other ${i}`, amount: 1 + i }));
    const result = await scanDuplicates(query(['Invoice']), fakeReader({ records, reconciled }).reader);
    if (result.kind !== 'ok') throw new Error('scan failed');
    const proposed = result.findings.groups.flatMap((g) => g.proposed);
    const reconciledKeys = reconciled.map((r) => `Invoice:${r.id}`);
    expect(proposed).toHaveLength(25);
    expect(proposed.filter((k) => reconciledKeys.includes(k))).toEqual([]);
    expect(proposed.filter((k) => kept.includes(k))).toEqual([]);
    expect(result.findings.groups.map((g) => g.kept).sort()).toEqual([...kept].sort());
  });
});

describe('the scan’s query, checked on arrival', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-30', false], // written like a day, but no day: the one ISO-day rule of lib/domain/values/date.ts
    ['2025-2-1', false],
  ])('from %j → %j', (from, ok) => {
    const query = { from, to: '2025-03-31', types: ['Invoice'] };
    expect(DuplicatesQuerySchema.safeParse(query).success).toBe(ok);
  });
});
