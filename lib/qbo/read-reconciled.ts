/**
 * R2: a reconciled transaction is deleted silently, so reconciliation is looked up beforehand in the
 * TransactionList report filtered by `cleared=Reconciled` (membership of the filtered set). Both
 * dates are always sent; long ranges go window by window (./date-windows.ts).
 */

import { recordKey } from '../domain/record-key';
import type { ReconciledRow } from './client-api';
import { splitDateRange } from './date-windows';
import { type CallContext, exchange, unreadable } from './exchange';
import { faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallMeta, CallResult } from './outcomes';
import { parseTransactionList } from './report-parser';
import { excerpt } from './to-outcome';

/** The only value the document allows; `Unreconciled` is refused with 2170. */
export const CLEARED_RECONCILED = 'Reconciled';

export async function readReconciled(
  ctx: CallContext,
  start: string,
  end: string,
): Promise<CallResult<{ rows: ReconciledRow[]; calls: number }>> {
  const rows = new Map<string, ReconciledRow>();
  let calls = 0;
  let meta: CallMeta = { status: 0 };
  for (const window of splitDateRange(start, end)) {
    const answer = await exchange(ctx, {
      method: 'GET',
      path: 'reports/TransactionList',
      params: [
        ['start_date', window.start],
        ['end_date', window.end],
        ['cleared', CLEARED_RECONCILED],
      ],
    });
    calls += 1;
    if (answer.kind !== 'ok') return answer;
    meta = answer.meta;
    const json = parseJsonSafely(answer.body);
    const fault = primaryFault(faultsFromJson(json));
    if (fault) return { kind: 'refusedWhole', fault, meta };
    const parsed = parseTransactionList(json);
    if (parsed.kind === 'unreadable') {
      return unreadable('TransactionList', meta, `${parsed.reason}: ${excerpt(answer.body)}`);
    }
    for (const row of parsed.rows) rows.set(recordKey(row.entity ?? '?', row.id), row);
  }
  return { kind: 'ok', meta, rows: [...rows.values()], calls };
}
