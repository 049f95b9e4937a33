/**
 * Several TxnDate windows read at once (the row resolver): each window's count(*) and
 * first page travel as two query items of one batch call (service-facts: "A query item has `Query`
 * and no `operation`"), 15 windows a call. R4 holds per window: its page is checked against its own
 * count; a window with more rows than a page is paged on with plain queries (./read-window.ts).
 *
 * Anything the batch does not answer plainly — the call fails, an item is a Fault, an answer is
 * unreadable or missing — is not concluded from: that window is read again alone by readWindow,
 * so a service that refuses count(*) inside a batch costs calls, never correctness.
 */
import type { Entity } from '../domain/entities';
import { jsonKey } from './entities';
import { type CallContext, exchange } from './exchange';
import { parseJsonSafely } from './fault';
import type { CallMeta, CallResult } from './outcomes';
import { MAX_PAGE_SIZE } from './query-builder';
import { readWindow, windowWhere } from './read-window';
import { BatchItemResponseSchema, BatchResponseSchema, QueryResponseSchema } from './schemas';
import { toTxnRecord } from './to-txn-record';

export interface TxnWindow {
  entity: Entity;
  from: string;
  to: string;
}

/** Two items (count, first page) per window; a batch holds 30. */
const WINDOWS_PER_CALL = 15;

type Settled = { records: unknown[] } | undefined;

/** One window's count and first page from the batch, or undefined when they prove nothing. */
function settleWindow(
  w: TxnWindow,
  count: unknown,
  page: unknown,
  size: number,
): { total: number; rows: unknown[] } | undefined {
  const c = QueryResponseSchema.safeParse(count);
  const p = QueryResponseSchema.safeParse(page);
  if (!c.success || !p.success) return undefined;
  // The real service answers a count of nothing with `{}`: no totalCount is 0 only with no rows.
  const total = c.data.QueryResponse.totalCount ?? 0;
  const rows = p.data.QueryResponse[jsonKey(w.entity)] ?? [];
  if (!Array.isArray(rows) || !Number.isInteger(total) || total < 0) return undefined;
  if (rows.length !== Math.min(size, total)) return undefined;
  return { total, rows };
}

async function batchOf(
  ctx: CallContext,
  windows: readonly TxnWindow[],
  size: number,
): Promise<{ settled: Map<number, { total: number; rows: unknown[] }>; calls: number }> {
  const items = windows.flatMap((w, i) => {
    const where = windowWhere(w.entity, w.from, w.to);
    return [
      { bId: `c${i}`, Query: `select count(*) from ${w.entity} ${where}` },
      { bId: `p${i}`, Query: `select * from ${w.entity} ${where} startposition 1 maxresults ${size}` },
    ];
  });
  const settled = new Map<number, { total: number; rows: unknown[] }>();
  const answer = await exchange(ctx, { method: 'POST', path: 'batch', json: { BatchItemRequest: items } });
  if (answer.kind !== 'ok') return { settled, calls: 1 };
  const parsed = BatchResponseSchema.safeParse(parseJsonSafely(answer.body));
  if (!parsed.success) return { settled, calls: 1 };
  // Order is not guaranteed: by bId, never by position.
  const byBId = new Map<string, unknown>();
  for (const value of parsed.data.BatchItemResponse) {
    const head = BatchItemResponseSchema.safeParse(value);
    if (head.success && !byBId.has(head.data.bId)) byBId.set(head.data.bId, value);
  }
  windows.forEach((w, i) => {
    const got = settleWindow(w, byBId.get(`c${i}`), byBId.get(`p${i}`), size);
    if (got) settled.set(i, got);
  });
  return { settled, calls: 1 };
}

/** Every window's records as the service sent them (R4 per window), or why not. */
export async function readWindows(
  ctx: CallContext,
  windows: readonly TxnWindow[],
  pageSize: number,
): Promise<CallResult<{ records: unknown[][]; calls: number }>> {
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const out: Settled[] = new Array(windows.length);
  let calls = 0;
  let meta: CallMeta | undefined;
  for (let start = 0; start < windows.length; start += WINDOWS_PER_CALL) {
    const part = windows.slice(start, start + WINDOWS_PER_CALL);
    const batch = await batchOf(ctx, part, size);
    calls += batch.calls;
    for (let i = 0; i < part.length; i++) {
      const w = part[i] as TxnWindow;
      const got = batch.settled.get(i);
      const ids = got?.rows.map((row) => toTxnRecord(w.entity, row)?.id);
      // A row that is no record, or one listed twice, proves nothing about the window.
      const unreadable = ids !== undefined && (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length);
      // A window with more rows than one page, or an answer that proves nothing, is read alone.
      if (!got || got.total > got.rows.length || unreadable) {
        const alone = await readWindow(ctx, w.entity, w.from, w.to, size);
        if (alone.kind !== 'ok') return alone;
        calls += alone.calls;
        meta = alone.meta;
        out[start + i] = { records: alone.records };
      } else out[start + i] = { records: got.rows };
    }
  }
  return {
    kind: 'ok',
    meta: meta ?? { status: 200 },
    records: out.map((w) => w?.records ?? []),
    calls,
  };
}
