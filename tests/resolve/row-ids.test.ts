/**
 * The register's row id as a fast path (lib/resolve/row-ids.ts): dgrid names a row
 * `dgrid_0-row-<identity>`, maybe the transaction's Id, maybe a counter. The digits are read by Id and
 * kept only when that record agrees with everything the row shows; a counter, an id naming another
 * real transaction, a page whose ids do not all agree, twins and a failed read all go the slow way:
 * every record of the row's date window, known by what it shows.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { resolveRows } from '../../lib/resolve/resolve';
import type { IdsReader } from '../../lib/resolve/row-ids';
import type { RowToResolve, WindowReader } from '../../lib/resolve/types';

type Json = Record<string, unknown>;

const check = (id: string, date: string, amount: number, payee: string, number?: string): Json => ({
  Id: id,
  SyncToken: '0',
  TxnDate: date,
  TotalAmt: amount,
  PaymentType: 'Check',
  EntityRef: { name: payee },
  ...(number ? { DocNumber: number } : {}),
});

/** The company's books: Purchase 41 and 42 on the register, 7 elsewhere (another day, another payee). */
const BOOKS: Partial<Record<Entity, Json[]>> = {
  Purchase: [
    check('41', '2026-11-20', 228.75, 'Hicks Hardware', '1045'),
    check('42', '2026-11-21', 61.2, 'Chin’s Gas and Oil', '1046'),
    check('7', '2026-03-02', 228.75, 'Hicks Hardware', '1045'),
  ],
};

function readers(books: Partial<Record<Entity, Json[]>> = BOOKS, failIds = false) {
  const calls = { windows: 0, ids: [] as string[][] };
  const read: WindowReader = async (entity, from, to) => {
    calls.windows++;
    const records = (books[entity] ?? []).filter((r) => String(r.TxnDate) >= from && String(r.TxnDate) <= to);
    return { kind: 'ok', records };
  };
  const readIds: IdsReader = async (entity, ids) => {
    calls.ids.push([entity, ...ids]);
    if (failIds) return { kind: 'ambiguous', reason: 'dropped connection', meta: { status: 0 } };
    return { kind: 'ok', records: (books[entity] ?? []).filter((r) => ids.includes(String(r.Id))) };
  };
  return { read, readIds, calls };
}

const HICKS = { date: '11/20/2026', number: '1045', type: 'Check', name: 'Hicks Hardware', amount: '$228.75' };
const CHIN = { date: '11/21/2026', number: '1046', type: 'Check', name: 'Chin’s Gas and Oil', amount: '$61.20' };
const row = (rowKey: string, shown: RowToResolve['shown'], idHint?: string): RowToResolve =>
  idHint === undefined ? { rowKey, shown } : { rowKey, shown, idHint };
const KEY_A = 'row:register.35:00000000000aaa';
const KEY_B = 'row:register.35:00000000000bbb';

describe('a register row’s id as a fast path', () => {
  it('an id that is the record the row shows: matched by Id, no window read', async () => {
    const { read, readIds, calls } = readers();
    const out = await resolveRows([row(KEY_A, HICKS, '41'), row(KEY_B, CHIN, '42')], read, undefined, readIds);
    expect(out.get(KEY_A)).toMatchObject({ kind: 'match', candidate: { entity: 'Purchase', id: '41' } });
    expect(out.get(KEY_B)).toMatchObject({ kind: 'match', candidate: { entity: 'Purchase', id: '42' } });
    expect(calls.windows).toBe(0);
    expect(calls.ids).toEqual([['Purchase', '41', '42']]);
  });

  it('an id naming a DIFFERENT real transaction (same payee, number and amount, another day) is never taken', async () => {
    const { read, readIds, calls } = readers();
    const out = await resolveRows([row(KEY_A, HICKS, '7')], read, undefined, readIds);
    expect(out.get(KEY_A)).toMatchObject({ kind: 'match', candidate: { entity: 'Purchase', id: '41' } });
    expect(calls.windows).toBe(1);
  });

  it('a counter naming no record, or a record of another kind: resolved by what the row shows', async () => {
    const books = { ...BOOKS, Deposit: [{ Id: '3', TxnDate: '2026-11-20', TotalAmt: 228.75 }] };
    for (const hint of ['3', '999']) {
      const { read, readIds } = readers(books);
      const out = await resolveRows([row(KEY_A, HICKS, hint)], read, undefined, readIds);
      expect(out.get(KEY_A), hint).toMatchObject({ kind: 'match', candidate: { entity: 'Purchase', id: '41' } });
    }
  });

  it('one row of a page whose id disagrees: no row of that page takes the fast path', async () => {
    // A counter that by chance names a duplicate alike in every shown field (Purchase 43, entered twice).
    const books = {
      Purchase: [...(BOOKS.Purchase ?? []), check('43', '2026-11-20', 228.75, 'Hicks Hardware', '1045')],
    };
    const { read, readIds, calls } = readers(books);
    const out = await resolveRows([row(KEY_A, HICKS, '43'), row(KEY_B, CHIN, '44')], read, undefined, readIds);
    // Row A agreed with 43 alone, but the page's ids are not Ids: both it and 41 agree, the person picks.
    expect(out.get(KEY_A)).toMatchObject({ kind: 'several' });
    expect(out.get(KEY_A)?.kind === 'several' && out.get(KEY_A)).toMatchObject({
      candidates: [{ id: '41' }, { id: '43' }],
    });
    expect(out.get(KEY_B)).toMatchObject({ kind: 'match', candidate: { id: '42' } });
    expect(calls.windows).toBeGreaterThan(0);
  });

  it('another page’s disagreeing id does not stop this page’s', async () => {
    const { read, readIds } = readers();
    const other = 'row:register.36:00000000000ccc';
    const out = await resolveRows([row(KEY_A, HICKS, '41'), row(other, CHIN, '1')], read, undefined, readIds);
    expect(out.get(KEY_A)).toMatchObject({ kind: 'match', candidate: { id: '41' } });
    expect(out.get(other)).toMatchObject({ kind: 'match', candidate: { id: '42' } });
  });

  it('a row shown among identical rows never takes it, even with an id that agrees', async () => {
    const { read, readIds, calls } = readers();
    const out = await resolveRows([{ ...row(KEY_A, HICKS, '41'), alike: 2 }], read, undefined, readIds);
    expect(out.get(KEY_A)).toMatchObject({ kind: 'several', candidates: [{ id: '41' }] });
    expect(calls.ids).toEqual([]);
  });

  it('a read by Id that fails proves nothing: the rows are resolved by what they show', async () => {
    const { read, readIds, calls } = readers(BOOKS, true);
    const out = await resolveRows([row(KEY_A, HICKS, '41')], read, undefined, readIds);
    expect(out.get(KEY_A)).toMatchObject({ kind: 'match', candidate: { id: '41' } });
    expect(calls.windows).toBe(1);
  });

  it('without a reader by Id, or without hints, nothing changes', async () => {
    const { read, readIds, calls } = readers();
    expect((await resolveRows([row(KEY_A, HICKS, '41')], read)).get(KEY_A)).toMatchObject({ kind: 'match' });
    expect((await resolveRows([row(KEY_A, HICKS)], read, undefined, readIds)).get(KEY_A)).toMatchObject({
      kind: 'match',
    });
    expect(calls.ids).toEqual([]);
  });
});
