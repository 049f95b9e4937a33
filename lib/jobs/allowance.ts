/**
 * The app's monthly allowance of metered reads is used up (lib/qbo/fault.ts
 * isAllowanceFault). Without reads neither R1 (re-read just before deleting) nor R2 (the reconciled
 * report) can be checked, so nothing more is sent: the job pauses, with the reason as data the popup
 * words (lib/popup/format.ts pausedText). Waiting a minute, like a 429, would only knock again and
 * again on a door that opens next month. Intuit publishes no reset time: the start of the next
 * calendar month (UTC) is our guess, shown as such.
 *
 * A chunk still to verify (R5) keeps trying its read, once an hour, so nothing sent stays unverified
 * for long once reads are allowed again; a refused read is not metered.
 */
import type { JobMeta } from '../journal/schema';

export const ALLOWANCE_VERIFY_RETRY_MS = 3_600_000;

/** Epoch ms of the first day of the month after `now` (UTC): when the allowance is expected back. */
export function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function pauseForAllowance(now: number, retryKind: 'retry' | 'verifying'): (job: JobMeta) => JobMeta {
  return (job) => ({
    ...job,
    status: job.status === 'cancelled' ? job.status : 'paused',
    wait: retryKind === 'verifying' ? { kind: 'verifying', until: now + ALLOWANCE_VERIFY_RETRY_MS } : undefined,
    pausedFor: { kind: 'allowanceUsedUp', resetsAt: nextMonthStart(now) },
  });
}
