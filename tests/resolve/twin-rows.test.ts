/**
 * A row the page showed among others identical to it in every shown field names no single record
 * (lib/resolve/resolve.ts): whatever the books hold when the row is resolved, it is the person's pick
 * ("Can't tell which transaction"), never the one record that happens to agree now. Reproduced before:
 * two invoices alike in every column, the person ticks A's row, another user deletes A before the
 * check, and the row matched B alone, which was then deleted. A row whose records are all gone is not
 * found; a row shown alone still resolves to the one record that agrees.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { resolveRows } from '../../lib/resolve/resolve';
import type { RowToResolve, WindowReader } from '../../lib/resolve/types';

type Json = Record<string, unknown>;

const invoice = (id: string, created: string): Json => ({
  Id: id,
  SyncToken: '0',
  TxnDate: '2026-11-03',
  DocNumber: '1377',
  CustomerRef: { value: '3', name: 'Cool Cars' },
  TotalAmt: 1362.07,
  MetaData: { CreateTime: created, LastUpdatedTime: created },
});
const A = invoice('101', '2026-11-03T09:00:00-08:00');
const B = invoice('102', '2026-11-03T09:01:00-08:00');

const reader =
  (records: Partial<Record<Entity, Json[]>>): WindowReader =>
  async (entity) => ({ kind: 'ok', records: records[entity] ?? [] });

const shown = { date: '11/03/2026', number: '1377', name: 'Cool Cars', amount: '$1,362.07' };
const row = (rowKey: string, over: Partial<RowToResolve> = {}): RowToResolve => ({
  rowKey,
  shown,
  entities: ['Invoice'],
  ...over,
});

describe('a row shown among identical rows', () => {
  it('A deleted before the check: the first of two identical rows is the person’s pick, never B alone', async () => {
    const result = await resolveRows([row('row:invoices:0123456789abcd', { alike: 2 })], reader({ Invoice: [B] }));
    const res = result.get('row:invoices:0123456789abcd');
    expect(res?.kind).toBe('several');
    expect(res?.kind === 'several' && res.candidates.map((c) => c.id)).toEqual(['102']);
  });

  it('the second of two identical rows (its key ends "#1") is the person’s pick too, even with no count sent', async () => {
    const result = await resolveRows([row('row:invoices:0123456789abcd#1')], reader({ Invoice: [A] }));
    const res = result.get('row:invoices:0123456789abcd#1');
    expect(res?.kind).toBe('several');
    expect(res?.kind === 'several' && res.candidates.map((c) => c.id)).toEqual(['101']);
  });

  it('both still in the books: both are listed, the earlier created first', async () => {
    const result = await resolveRows([row('row:invoices:x', { alike: 2 })], reader({ Invoice: [B, A] }));
    const res = result.get('row:invoices:x');
    expect(res?.kind === 'several' && res.candidates.map((c) => c.id)).toEqual(['101', '102']);
  });

  it('both gone: not found, never a third record that differs in a shown field', async () => {
    const other = { ...invoice('103', '2026-11-03T09:02:00-08:00'), TotalAmt: 1362.08 };
    const result = await resolveRows([row('row:invoices:x', { alike: 3 })], reader({ Invoice: [other] }));
    expect(result.get('row:invoices:x')).toEqual({ kind: 'none' });
  });

  it('a row shown alone still resolves to the one record that agrees', async () => {
    const result = await resolveRows(
      [row('row:invoices:alone', { alike: 1 }), row('row:invoices:plain')],
      reader({ Invoice: [B] }),
    );
    expect(result.get('row:invoices:alone')).toMatchObject({ kind: 'match', candidate: { id: '102' } });
    expect(result.get('row:invoices:plain')).toMatchObject({ kind: 'match', candidate: { id: '102' } });
  });
});
