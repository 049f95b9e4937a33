/**
 * resolveRows over an injected WindowReader (lib/resolve/resolve.ts, plan.ts): one record agreeing
 * → match; none → none; two identical in every shown field → several, oldest first; a row that
 * cannot be read → unreadable, with the field; a failed read → failed for every row that needed it,
 * and nothing concluded from the records that did come; the plan reads each (entity, window) once.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { CallFailure } from '../../lib/qbo/outcomes';
import { planReads } from '../../lib/resolve/plan';
import { READS_IN_FLIGHT, resolveRows } from '../../lib/resolve/resolve';
import type { RowToResolve, WindowReader } from '../../lib/resolve/types';

type Json = Record<string, unknown>;

function invoice(id: string, date: string, amount: number, over: Json = {}): Json {
  return {
    Id: id,
    SyncToken: '0',
    TxnDate: date,
    DocNumber: `10${id}`,
    CustomerRef: { value: '3', name: 'Cool Cars' },
    TotalAmt: amount,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    MetaData: { CreateTime: `${date}T09:00:00-08:00`, LastUpdatedTime: `${date}T09:00:00-08:00` },
    ...over,
  };
}

/** Serves records by entity and TxnDate window; records every read it was asked. */
function fakeReader(records: Partial<Record<Entity, Json[]>>, failOn?: (entity: Entity, from: string) => boolean) {
  const reads: string[] = [];
  let inFlight = 0;
  let most = 0;
  const read: WindowReader = async (entity, from, to) => {
    reads.push(`${entity} ${from}..${to}`);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await Promise.resolve();
    inFlight -= 1;
    if (failOn?.(entity, from))
      return { kind: 'incomplete', reason: 'R4: page at 1001 returned 3 rows of 1500', meta: { status: 200 } };
    const list = (records[entity] ?? []).filter((r) => String(r.TxnDate) >= from && String(r.TxnDate) <= to);
    return { kind: 'ok', records: list };
  };
  return { read, reads, most: () => most };
}

const row = (rowKey: string, shown: RowToResolve['shown'], entities?: Entity[]): RowToResolve =>
  entities ? { rowKey, shown, entities } : { rowKey, shown };

describe('resolveRows', () => {
  it('the one record agreeing with every shown field is the match, its candidate filled from the record (its last change too)', async () => {
    const { read } = fakeReader({
      Invoice: [
        invoice('101', '2026-11-03', 120),
        invoice('102', '2026-11-03', 130),
        invoice('103', '2026-11-04', 120),
      ],
    });
    const result = await resolveRows([row('r1', { date: '11/03/2026', amount: '$120.00' }, ['Invoice'])], read);
    expect(result.get('r1')).toEqual({
      kind: 'match',
      candidate: {
        entity: 'Invoice',
        id: '101',
        number: '10101',
        date: '2026-11-03',
        name: 'Cool Cars',
        amount: 120,
        currency: 'USD',
        createdAt: '2026-11-03T09:00:00-08:00',
        // The last change: what tells apart two records alike in every other field.
        updatedAt: '2026-11-03T09:00:00-08:00',
      },
    });
  });

  it('no record agreeing → none', async () => {
    const { read } = fakeReader({ Invoice: [invoice('101', '2026-11-03', 120)] });
    const result = await resolveRows([row('r1', { date: 'Nov 3, 2026', amount: '$121.00' }, ['Invoice'])], read);
    expect(result.get('r1')).toEqual({ kind: 'none' });
  });

  it('two records identical in every shown field → several, both, the earlier created first', async () => {
    const later = invoice('90', '2026-11-03', 120, { MetaData: { CreateTime: '2026-11-05T10:00:00-08:00' } });
    const earlier = invoice('205', '2026-11-03', 120, { MetaData: { CreateTime: '2026-11-04T10:00:00-08:00' } });
    const { read } = fakeReader({ Invoice: [later, earlier, invoice('206', '2026-11-03', 121)] });
    const result = await resolveRows(
      [row('r1', { date: '2026-11-03', amount: '120.00', name: 'cool cars', type: 'Invoice' })],
      read,
    );
    const several = result.get('r1');
    expect(several?.kind).toBe('several');
    expect(several?.kind === 'several' && several.candidates.map((c) => c.id)).toEqual(['205', '90']);
  });

  it('a shown field separates look-alikes: the number picks one of two', async () => {
    const { read } = fakeReader({ Invoice: [invoice('101', '2026-11-03', 120), invoice('102', '2026-11-03', 120)] });
    const result = await resolveRows(
      [row('r1', { date: '11/03/2026', amount: '$120.00', number: '10102' }, ['Invoice'])],
      read,
    );
    expect(result.get('r1')?.kind === 'match' && result.get('r1')).toMatchObject({ candidate: { id: '102' } });
  });

  it('the row’s Type decides the entity; the page’s types stand in when it has none; neither → unreadable type', async () => {
    const purchase = {
      Id: '7',
      SyncToken: '0',
      TxnDate: '2026-11-03',
      TotalAmt: 120,
      PaymentType: 'Check',
      EntityRef: { name: 'EDD' },
    };
    const { read, reads } = fakeReader({ Invoice: [invoice('101', '2026-11-03', 120)], Purchase: [purchase] });
    const result = await resolveRows(
      [
        row('typed', { date: 'Nov 3, 2026', amount: '$120.00', type: 'Check' }),
        row('listed', { date: 'Nov 3, 2026', amount: '$120.00' }, ['Invoice']),
        row('unknown', { date: 'Nov 3, 2026', amount: '$120.00', type: 'Inventory Qty Adjust' }),
        row('unknown-listed', { date: '3 Nov 2026', amount: '$120.00', type: 'Mystery' }, ['Invoice']),
      ],
      read,
    );
    expect(result.get('typed')).toMatchObject({ kind: 'match', candidate: { entity: 'Purchase', id: '7' } });
    expect(result.get('listed')).toMatchObject({ kind: 'match', candidate: { entity: 'Invoice', id: '101' } });
    expect(result.get('unknown')).toEqual({ kind: 'unreadable', field: 'type' });
    expect(result.get('unknown-listed')).toMatchObject({ kind: 'match', candidate: { id: '101' } });
    expect(reads.sort()).toEqual(['Invoice 2026-11-03..2026-11-03', 'Purchase 2026-11-03..2026-11-03']);
  });

  it('a row with no readable date or amount is unreadable, and reads nothing', async () => {
    const { read, reads } = fakeReader({});
    const result = await resolveRows(
      [
        row('no-date', { amount: '$1.00' }, ['Invoice']),
        row('bad-date', { date: '11/03/26', amount: '$1.00' }, ['Invoice']),
        row('no-amount', { date: '11/03/2026' }, ['Invoice']),
        row('bad-amount', { date: '11/03/2026', amount: '—' }, ['Invoice']),
      ],
      read,
    );
    expect(Object.fromEntries(result)).toEqual({
      'no-date': { kind: 'unreadable', field: 'date' },
      'bad-date': { kind: 'unreadable', field: 'date' },
      'no-amount': { kind: 'unreadable', field: 'amount' },
      'bad-amount': { kind: 'unreadable', field: 'amount' },
    });
    expect(reads).toEqual([]);
  });

  it('a failed read fails every row that needed it, even one whose other window holds its only record', async () => {
    const { read } = fakeReader(
      { Invoice: [invoice('101', '2026-03-11', 120), invoice('102', '2026-11-03', 130)], Bill: [] },
      (entity, from) => entity === 'Invoice' && from.startsWith('2026-11'),
    );
    // "03/11/2026" alone proves no order: March 11 and 3 November are both read.
    const result = await resolveRows(
      [
        row('two-readings', { date: '03/11/2026', amount: '$120.00' }, ['Invoice']),
        row('november', { date: '2026-11-03', amount: '$130.00' }, ['Invoice']),
        row('bill', { date: '2026-11-03', amount: '$130.00', type: 'Bill' }),
      ],
      read,
    );
    const failure: CallFailure = {
      kind: 'incomplete',
      reason: 'R4: page at 1001 returned 3 rows of 1500',
      meta: { status: 200 },
    };
    expect(result.get('two-readings')).toEqual({ kind: 'failed', failure });
    expect(result.get('november')).toEqual({ kind: 'failed', failure });
    expect(result.get('bill')).toEqual({ kind: 'none' });
  });

  it('reads each planned window once, never more than two at a time', async () => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      row(`r${i}`, { date: `${2019 + (i % 8)}-06-15`, amount: '$1.00' }, ['Invoice']),
    );
    const fake = fakeReader({});
    await resolveRows(rows, fake.read);
    expect(fake.reads).toHaveLength(8);
    expect(new Set(fake.reads).size).toBe(8);
    expect(fake.most()).toBe(READS_IN_FLIGHT);
  });
});

describe('planReads', () => {
  const types: Entity[] = ['Invoice', 'Bill', 'Purchase'];
  const typeName = { Invoice: 'Invoice', Bill: 'Bill', Purchase: 'Expense' } as const;

  it('1,000 rows of 3 types within one month, in MM/DD/YYYY: 3 reads (the rows prove the order)', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const entity = types[i % 3] as 'Invoice' | 'Bill' | 'Purchase';
      const day = String((Math.floor(i / 3) % 30) + 1).padStart(2, '0');
      return row(`r${i}`, { date: `11/${day}/2026`, amount: `$${i}.00`, type: typeName[entity] });
    });
    const plan = planReads(rows);
    expect(plan.windows).toEqual([
      { entity: 'Invoice', from: '2026-11-01', to: '2026-11-30' },
      { entity: 'Bill', from: '2026-11-01', to: '2026-11-30' },
      { entity: 'Purchase', from: '2026-11-01', to: '2026-11-30' },
    ]);
    expect(plan.rows.get('r0')?.reading.dates).toEqual(['2026-11-01']);
  });

  it('without proof of the order, a date that reads two ways needs both readings’ windows', () => {
    const plan = planReads([row('r', { date: '03/11/2026', amount: '$1.00' }, ['Invoice'])]);
    expect(plan.windows.map((w) => `${w.from}..${w.to}`)).toEqual(['2026-03-11..2026-03-11', '2026-11-03..2026-11-03']);
    expect(plan.rows.get('r')?.windows).toEqual([0, 1]);
  });

  it('contrary proof (one row only month-first, one only day-first) keeps both readings', () => {
    const plan = planReads([
      row('a', { date: '11/21/2026', amount: '$1.00' }, ['Invoice']),
      row('b', { date: '21/11/2026', amount: '$1.00' }, ['Invoice']),
      row('c', { date: '03/11/2026', amount: '$1.00' }, ['Invoice']),
    ]);
    expect(plan.rows.get('c')?.reading.dates.sort()).toEqual(['2026-03-11', '2026-11-03']);
  });

  it('day-first proof reads "03/11/2026" as 3 November', () => {
    const plan = planReads([
      row('a', { date: '21/11/2026', amount: '$1.00' }, ['Invoice']),
      row('c', { date: '03/11/2026', amount: '$1.00' }, ['Invoice']),
    ]);
    expect(plan.rows.get('c')?.reading.dates).toEqual(['2026-11-03']);
  });

  it('windows span at most 31 days: Jan 1 to Jan 31 is one, Feb 1 starts the next', () => {
    const dates = ['2026-01-01', '2026-01-31', '2026-02-01', '2026-03-03', '2026-03-04'];
    const plan = planReads(dates.map((date, i) => row(`r${i}`, { date, amount: '$1.00' }, ['Bill'])));
    expect(plan.windows.map((w) => `${w.from}..${w.to}`)).toEqual([
      '2026-01-01..2026-01-31',
      '2026-02-01..2026-03-03',
      '2026-03-04..2026-03-04',
    ]);
  });
});
