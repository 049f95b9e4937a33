/**
 * Bounded retention, as pure index arithmetic: which segments to drop and how many entries to cut
 * from the oldest kept one. Age works per segment (a segment spans one journal commit, seconds);
 * the count is exact.
 */
import type { AuditIndex, AuditRetention } from './entry';

export interface RetentionPlan {
  keep: AuditIndex['segs'];
  drop: number[];
  /** Cut this many oldest entries from the first kept segment. */
  trimFirst: number;
}

export function planRetention(segs: AuditIndex['segs'], now: number, retention: AuditRetention): RetentionPlan {
  const cutoff = now - retention.maxAgeMs;
  const drop: number[] = [];
  let keep = segs.filter((s) => {
    if (s.newest >= cutoff) return true;
    drop.push(s.n);
    return false;
  });
  let total = keep.reduce((sum, s) => sum + s.count, 0);
  while (total > retention.maxEntries && keep.length > 0) {
    const first = keep[0]!;
    if (total - first.count >= retention.maxEntries) {
      drop.push(first.n);
      total -= first.count;
      keep = keep.slice(1);
    } else {
      return { keep, drop, trimFirst: total - retention.maxEntries };
    }
  }
  return { keep, drop, trimFirst: 0 };
}
