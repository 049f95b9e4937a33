/**
 * R2: one TransactionList call per date window, covering only the dates the read records carry:
 * sorted TxnDates are grouped greedily into windows of at most MAX_WINDOW_DAYS, so a selection from
 * 2019 and 2025 costs two calls, not seven. Rows join on (entity, Id); an unmapped display name
 * joins on Id alone (conservative: it may flag a same-Id record of another type).
 */

import type { Entity } from '../domain/entities';
import type { QboClient } from '../qbo/client-api';
import { type DateWindow, fromDayNumber, MAX_WINDOW_DAYS, toDayNumber } from '../qbo/date-windows';
import type { CallFailure } from '../qbo/outcomes';
import { reconciledSet } from '../qbo/reconciled-set';
import { isIsoDate } from '../qbo/schemas';
import type { ReconciledIndex } from './types';

export function windowsForDates(dates: readonly string[]): DateWindow[] {
  const days = [...new Set(dates.filter(isIsoDate).map(toDayNumber))].sort((a, b) => a - b);
  const windows: DateWindow[] = [];
  let first: number | undefined;
  let last = 0;
  for (const day of days) {
    if (first !== undefined && day - first < MAX_WINDOW_DAYS) {
      last = day;
      continue;
    }
    if (first !== undefined) windows.push({ start: fromDayNumber(first), end: fromDayNumber(last) });
    first = day;
    last = day;
  }
  if (first !== undefined) windows.push({ start: fromDayNumber(first), end: fromDayNumber(last) });
  return windows;
}

export async function readReconciledIndex(
  client: QboClient,
  dates: readonly string[],
): Promise<
  { kind: 'ok'; index: ReconciledIndex; calls: number } | { kind: 'failed'; failure: CallFailure; calls: number }
> {
  const windows = windowsForDates(dates);
  const reconciled = reconciledSet();
  let calls = 0;
  for (const window of windows) {
    const result = await client.readReconciled(window.start, window.end);
    if (result.kind !== 'ok') return { kind: 'failed', failure: result, calls: calls + 1 };
    calls += result.calls;
    reconciled.add(result.rows);
  }
  const index: ReconciledIndex = {
    has: (entity: Entity, id: string) => reconciled.has(entity, id),
    covers: (date: string) => windows.some((w) => w.start <= date && date <= w.end),
  };
  return { kind: 'ok', index, calls };
}
