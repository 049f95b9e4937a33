/**
 * The result screen's tie-out in words: how many transactions the run had and what became of them,
 * "All 40 transactions in this run were deleted ($97,199.10)." or "38 of the 40 transactions in this
 * run were deleted ($90,445.40); 2 were not (see below)." The report and the copied summary keep
 * their one-line equation (lib/popup/report.ts); a person reading the screen gets a sentence. Pure.
 */
import { operationOf } from '../../domain/operations';
import type { JobRecordView, JobView } from '../../messaging/views';
import { formatMoney } from '../format';
import { doneGroup } from '../report';

/** " ($97,199.10)", " ($1,200.00 + €50.00)", or nothing when no amount is known. */
function money(records: readonly JobRecordView[], locale?: string): string {
  const sums = new Map<string, number>();
  for (const r of records) {
    if (r.amount === undefined) continue;
    const c = r.currency ?? 'USD';
    sums.set(c, Math.round(((sums.get(c) ?? 0) + r.amount) * 100) / 100);
  }
  if (sums.size === 0) return '';
  return ` (${[...sums].map(([c, sum]) => formatMoney(sum, c, locale)).join(' + ')})`;
}

export function tieOutWords(job: JobView, locale?: string): string {
  const done = doneGroup(job);
  const count = (n: number) => n.toLocaleString(locale);
  const own = job.records.filter((r) => r.group === done);
  const others = job.records.length - own.length;
  const untouched = Math.max(0, job.total - job.records.length);
  const transactions = job.total === 1 ? 'transaction' : 'transactions';
  const head =
    others === 0 && untouched === 0
      ? job.total === 1
        ? `The 1 transaction in this run was ${done}${money(own, locale)}.`
        : `All ${count(job.total)} ${transactions} in this run were ${done}${money(own, locale)}.`
      : `${count(own.length)} of the ${count(job.total)} ${transactions} in this run ${own.length === 1 ? 'was' : 'were'} ${done}${money(own, locale)}${
          others > 0 ? `; ${count(others)} ${others === 1 ? 'was' : 'were'} not (see below)` : ''
        }${untouched > 0 ? `; ${count(untouched)} ${untouched === 1 ? 'was' : 'were'} never reached` : ''}.`;
  // Only a job started from the selection was checked: what the check held back is its own.
  const left =
    operationOf(job.operation).fromSelection && job.leftAlone
      ? ` ${count(job.leftAlone)} more ${job.leftAlone === 1 ? 'was' : 'were'} left alone by the check.`
      : '';
  return head + left;
}
