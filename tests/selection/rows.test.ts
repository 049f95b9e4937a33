/**
 * Rows known by what they show (issue 20): they wait outside the selection until exactly one record
 * agrees with them, or the person picks one; unticking the row takes its record out again.
 */
import { describe, expect, it } from 'vitest';
import type { SelectedItem } from '../../lib/selection/items';
import { applyRowChanges, pickCandidate, RowItemSchema, type RowLists, settleRows } from '../../lib/selection/rows';

const NOW = 1_800_000_000_000;
const shown = { date: '11/03/2026', amount: '$120.00', name: 'Cool Cars' };
const candidate = (id: string) => ({ entity: 'Invoice' as const, id, number: '1047', date: '2026-11-03', amount: 120 });
const ctx = (removedAt: Record<string, number> = {}) => ({
  now: NOW,
  removedAt: (k: string) => removedAt[k],
  room: 10,
  ttlMs: 7 * 86_400_000,
});
const empty = (): RowLists<SelectedItem> => ({ selection: {}, rows: {}, tombstones: {} });
const tick = (rowKey: string, tickedAt = NOW - 1_000) => ({ rowKey, shown, shownAt: NOW - 5_000, tickedAt });

describe('rows known by what they show', () => {
  it('a ticked row waits outside the selection, unresolved', () => {
    const out = applyRowChanges(empty(), [tick('row:inv:a')], [], ctx());
    expect(out.entered).toEqual(['row:inv:a']);
    expect(out.selection).toEqual({});
    expect(out.rows['row:inv:a']).toMatchObject({ shown, tickedAt: NOW - 1_000, addedAt: NOW });
    expect(out.rows['row:inv:a']?.outcome).toBeUndefined();
  });

  it('a row removed in Safe Delete after its tick does not come back; a newer tick does', () => {
    const removed = { 'row:inv:a': NOW - 500 };
    expect(applyRowChanges(empty(), [tick('row:inv:a', NOW - 1_000)], [], ctx(removed)).refused).toEqual(['row:inv:a']);
    expect(applyRowChanges(empty(), [tick('row:inv:a', NOW - 100)], [], ctx(removed)).entered).toEqual(['row:inv:a']);
  });

  it('exactly one match moves the row into the selection as that record, remembering the row', () => {
    const lists = applyRowChanges(empty(), [tick('row:inv:a')], [], ctx());
    const out = settleRows(
      lists,
      new Map([['row:inv:a', { kind: 'match', candidate: candidate('179') } as const]]),
      NOW,
    );
    expect(out.entered).toEqual(['Invoice:179']);
    expect(out.rows).toEqual({});
    expect(out.selection['Invoice:179']).toMatchObject({
      entity: 'Invoice',
      id: '179',
      shown,
      fromRow: 'row:inv:a',
      tickedAt: NOW - 1_000,
    });
  });

  it('unticking the row on the page takes the record it resolved to out of the selection', () => {
    const lists = applyRowChanges(empty(), [tick('row:inv:a')], [], ctx());
    const settled = settleRows(
      lists,
      new Map([['row:inv:a', { kind: 'match', candidate: candidate('179') } as const]]),
      NOW,
    );
    const out = applyRowChanges(settled, [], ['row:inv:a'], ctx());
    expect(out.selection).toEqual({});
  });

  it('a re-report of a resolved row does not bring it back as unresolved', () => {
    const lists = applyRowChanges(empty(), [tick('row:inv:a')], [], ctx());
    const settled = settleRows(
      lists,
      new Map([['row:inv:a', { kind: 'match', candidate: candidate('179') } as const]]),
      NOW,
    );
    const out = applyRowChanges(settled, [tick('row:inv:a')], [], ctx());
    expect(out.rows).toEqual({});
    expect(Object.keys(out.selection)).toEqual(['Invoice:179']);
  });

  it('several matches stay on the row with the candidates; none and unreadable are kept too', () => {
    const lists = applyRowChanges(empty(), [tick('row:a'), tick('row:b'), tick('row:c')], [], ctx());
    const out = settleRows(
      lists,
      new Map([
        ['row:a', { kind: 'several', candidates: [candidate('1'), candidate('2')] } as const],
        ['row:b', { kind: 'none' } as const],
        ['row:c', { kind: 'unreadable', field: 'type' } as const],
      ]),
      NOW,
    );
    expect(out.selection).toEqual({});
    expect(out.rows['row:a']?.outcome).toMatchObject({ kind: 'several', candidates: [{ id: '1' }, { id: '2' }] });
    expect(out.rows['row:b']?.outcome).toEqual({ kind: 'none', at: NOW });
    expect(out.rows['row:c']?.outcome).toEqual({ kind: 'unreadable', at: NOW, field: 'type' });
  });

  it('a failed read settles nothing: the row is resolved again next time', () => {
    const lists = applyRowChanges(empty(), [tick('row:a')], [], ctx());
    const failure = { kind: 'incomplete', reason: 'cut', meta: {} } as never;
    const out = settleRows(lists, new Map([['row:a', { kind: 'failed', failure } as const]]), NOW);
    expect(out.rows['row:a']?.outcome).toBeUndefined();
    expect(out.selection).toEqual({});
  });

  it('the person picks one listed candidate (their act, now); any other record is refused', () => {
    const lists = applyRowChanges(empty(), [tick('row:a')], [], ctx());
    const several = settleRows(
      lists,
      new Map([['row:a', { kind: 'several', candidates: [candidate('1'), candidate('2')] } as const]]),
      NOW,
    );
    expect(pickCandidate(several, 'row:a', { entity: 'Invoice', id: '3' }, NOW + 10)).toBeUndefined();
    expect(pickCandidate(several, 'row:a', { entity: 'Bill', id: '2' }, NOW + 10)).toBeUndefined();
    const picked = pickCandidate(several, 'row:a', { entity: 'Invoice', id: '2' }, NOW + 10);
    expect(picked?.key).toBe('Invoice:2');
    expect(picked?.rows).toEqual({});
    expect(picked?.selection['Invoice:2']).toMatchObject({ tickedAt: NOW + 10, fromRow: 'row:a', shown });
    expect(picked?.selection['Invoice:1']).toBeUndefined();
  });

  it('a row shown among identical rows keeps the count, the largest any report gave, and an older stored row reads', () => {
    const first = applyRowChanges(empty(), [{ ...tick('row:a'), alike: 2 }, tick('row:b')], [], ctx());
    expect(first.rows['row:a']?.alike).toBe(2);
    expect(first.rows['row:b']).not.toHaveProperty('alike');
    const again = applyRowChanges(
      first,
      [
        { ...tick('row:a'), alike: 3 },
        { ...tick('row:b'), alike: 2 },
      ],
      [],
      ctx(),
    );
    expect(again.rows['row:a']?.alike).toBe(3);
    expect(again.rows['row:b']?.alike).toBe(2);
    const later = applyRowChanges(again, [tick('row:a')], [], ctx());
    expect(later.rows['row:a']?.alike).toBe(3);
    expect(RowItemSchema.safeParse(later.rows['row:a']).success).toBe(true);
    const { alike: _, ...stored } = later.rows['row:a'] ?? {};
    expect(RowItemSchema.safeParse(stored).success).toBe(true);
  });

  it('one record left for a row among identical rows: the person may pick it, and it is then that record', () => {
    const lists = applyRowChanges(empty(), [{ ...tick('row:a'), alike: 2 }], [], ctx());
    const several = settleRows(
      lists,
      new Map([['row:a', { kind: 'several', candidates: [candidate('2')] } as const]]),
      NOW,
    );
    expect(several.selection).toEqual({});
    const picked = pickCandidate(several, 'row:a', { entity: 'Invoice', id: '2' }, NOW + 10);
    expect(picked?.selection['Invoice:2']).toMatchObject({
      entity: 'Invoice',
      id: '2',
      fromRow: 'row:a',
      tickedAt: NOW + 10,
    });
    // A re-report of the row (a rescan) leaves it bound to that record, not waiting again.
    const rescan = applyRowChanges(
      { selection: picked?.selection ?? {}, rows: picked?.rows ?? {}, tombstones: {} },
      [{ ...tick('row:a'), alike: 2 }],
      [],
      ctx(),
    );
    expect(rescan.rows).toEqual({});
    expect(Object.keys(rescan.selection)).toEqual(['Invoice:2']);
  });

  it('a row that is not ambiguous cannot be picked', () => {
    const lists = applyRowChanges(empty(), [tick('row:a')], [], ctx());
    expect(pickCandidate(lists, 'row:a', { entity: 'Invoice', id: '1' }, NOW)).toBeUndefined();
  });

  it('the selection cap counts waiting rows', () => {
    const out = applyRowChanges(empty(), [tick('row:a'), tick('row:b')], [], { ...ctx(), room: 1 });
    expect(out.entered).toEqual(['row:a']);
    expect(out.overCap).toBe(1);
  });
});
