/**
 * A finished run as a report: the tie-out line and the text "Copy summary" puts on the clipboard
 * (the run's CSV files: ./report-csv.ts). Bookkeeper words only; the full audit
 * log (raw service messages, JSON before deletion) stays the exported audit log's business.
 */
import { DONE_GROUPS, type DoneGroup, operationOf } from '../domain/operations';
import type { JobRecordView, JobView, OutcomeGroup } from '../messaging/views';
import { describeTxn, formatDate, formatMoney } from './format';
import { OUTCOME_GROUP_LABEL } from './labels';
import { operationWords } from './operation-words';
import { moneyTotals, outcomeReason, outcomeWord } from './words';
import { reportEnvironment } from './words/report';

/** Problem groups first, the job's own action (deleted, voided or restored) last (a compact table). */
export const REPORT_GROUP_ORDER: readonly OutcomeGroup[] = [
  'needsAttention',
  'refused',
  'skipped',
  ...[...DONE_GROUPS].reverse(),
];

/** The groups where a job's own action lands; a job shows only its own. */
export type { DoneGroup };

/** Where the job's own action lands: "Voided" for a void job, "Restored" for a restore, else "Deleted". */
export function doneGroup(job: Pick<JobView, 'operation'>): DoneGroup {
  return operationWords(job).done;
}

/** `order` without the other actions' groups (a delete job has no "Voided" nor "Restored"…). */
export function groupsFor<G extends OutcomeGroup>(job: Pick<JobView, 'operation'>, order: readonly G[]): G[] {
  const own = doneGroup(job);
  return order.filter((g) => g === own || !(DONE_GROUPS as readonly string[]).includes(g));
}

/** A restored record's Ids: "Id 5 → Id 812" (the old one, then the new one QuickBooks gave it). */
export function restoredIds(r: Pick<JobRecordView, 'id' | 'newId'>): string {
  return `Id ${r.id} → ${r.newId ? `Id ${r.newId}` : 'new Id not known yet'}`;
}

function totals(records: readonly JobRecordView[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of records) {
    if (r.amount === undefined) continue;
    const c = r.currency ?? 'USD';
    out.set(c, Math.round(((out.get(c) ?? 0) + r.amount) * 100) / 100);
  }
  return out;
}

function withMoney(count: number, what: string, records: readonly JobRecordView[], locale?: string): string {
  const t = totals(records);
  return `${count.toLocaleString(locale)} ${what}${t.size > 0 ? ` (${moneyTotals(t, locale)})` : ''}`;
}

/** "58 in this run = 52 deleted ($94,321.10) + 6 not deleted ($1,200.00)" (+ untouched when cancelled). */
export function tieOut(job: JobView, locale?: string): string {
  const done = doneGroup(job);
  const deleted = job.records.filter((r) => r.group === done);
  const notDeleted = job.records.filter((r) => r.group !== done);
  const untouched = Math.max(0, job.total - job.records.length);
  const parts = [
    withMoney(deleted.length, done, deleted, locale),
    withMoney(notDeleted.length, `not ${done}`, notDeleted, locale),
  ];
  if (untouched > 0) parts.push(`${untouched.toLocaleString(locale)} untouched`);
  // Only a job started from the selection was checked: a restore's leftovers of the selection are not its own.
  const checked = operationOf(job.operation).fromSelection;
  const left =
    checked && job.leftAlone ? ` · ${job.leftAlone.toLocaleString(locale)} more left alone by the check` : '';
  return `${job.total.toLocaleString(locale)} in this run = ${parts.join(' + ')}${left}`;
}

/**
 * The result's heading: "Finished" or "Cancelled" for the selection's click (the name every test and
 * the README's screens know); a restore says what finished and its counts, "Finished restoring: 38
 * restored, 2 not restored" ("Stopped restoring: …, 12 untouched"), as it follows a deletion's
 * result that also said "Finished".
 */
export function resultHeading(job: JobView, locale?: string): string {
  const cancelled = job.state === 'cancelled';
  if (operationOf(job.operation).fromSelection) return cancelled ? 'Cancelled' : 'Finished';
  const done = doneGroup(job);
  const count = (n: number) => n.toLocaleString(locale);
  const own = job.records.filter((r) => r.group === done).length;
  const counts = [`${count(own)} ${done}`];
  if (job.records.length > own) counts.push(`${count(job.records.length - own)} not ${done}`);
  if (job.total > job.records.length) counts.push(`${count(job.total - job.records.length)} untouched`);
  return `${cancelled ? 'Stopped' : 'Finished'} ${operationWords(job).heading.toLowerCase()}: ${counts.join(', ')}`;
}

export function recordName(r: JobRecordView): string {
  return describeTxn(r.entity, r.docNumber, r.id);
}

/**
 * The plain-text summary of a run, for an email or a ticket: bookkeeper words only (a sandbox is
 * named, the real books go without saying; the service's error codes stay in the files and the log).
 */
export function runSummary(job: JobView, companyName: string | undefined, locale?: string): string {
  const environment = reportEnvironment(job.environment);
  const company = `${companyName ? `${companyName} (Company ${job.realmId})` : `Company ${job.realmId}`}${environment ? ` · ${environment}` : ''}`;
  const when = new Date(job.finishedAt ?? job.startedAt).toLocaleString(locale);
  const lines = [
    `Safe Delete — ${job.state === 'cancelled' ? 'cancelled' : 'finished'} ${when}`,
    company,
    tieOut(job, locale),
  ];
  for (const g of groupsFor(job, REPORT_GROUP_ORDER)) {
    const records = job.records.filter((r) => r.group === g);
    if (records.length === 0) continue;
    lines.push('', `${OUTCOME_GROUP_LABEL[g]}: ${records.length}`);
    for (const r of records) {
      const reason = g === doneGroup(job) ? undefined : outcomeReason(r, job.operation);
      const bits = [
        recordName(r),
        r.group === 'restored' && restoredIds(r),
        r.party,
        r.txnDate && formatDate(r.txnDate, locale),
        r.amount !== undefined && formatMoney(r.amount, r.currency, locale),
        outcomeWord(r),
        reason,
      ].filter(Boolean);
      lines.push(`- ${bits.join(' · ')}`);
    }
  }
  return lines.join('\n');
}
