/**
 * The deletion report handed to the client, as data: a header block (client, run date,
 * who ran it, the extension's version), totals by type of what was deleted, then three sections —
 * deleted; not deleted, and why; left alone by the check, and why. The CSV (report-csv.ts) and the
 * Excel file (report-xlsx.ts) both render this one shape, so the two files say the same thing; the
 * run's own CSV ("Download this run (CSV)", report-csv.ts runCsv) is the same rows, one per record.
 *
 * Pure: the version, the person and the locale come in as arguments. Amounts stay numbers and dates
 * stay service dates (YYYY-MM-DD) here; each file words them at its own edge. A record the service
 * could not return (not found) has none of its own: its row carries what the QuickBooks page showed
 * when it was ticked, as the page's text (`shownDate`, `shownAmount`), and says so.
 *
 * Each row also says what else the record touched, from the check's findings: its attachments (kept
 * with the undo copy; after a restore, what became of each), the cost of inventory (included in the
 * run or held back) and its sales tax; the header counts them ("Notes"). The service's error code
 * rides along for the files (support reads it there), never for the printed page.
 */
import { ENTITIES, type Entity } from '../domain/entities';
import type { WarningFinding } from '../domain/findings';
import { operationOf } from '../domain/operations';
import type { JobRecordView, JobView, SelectionRow } from '../messaging/views';
import { ENTITY_LABEL, pageText } from './format';
import { OUTCOME_GROUP_LABEL, STATUS_LABEL } from './labels';
import { doneGroup, restoredIds, tieOut } from './report';
import { outcomeReason, outcomeWord, plainReason, shownFaultCode } from './words';
import {
  reportAttachmentOutcomesText,
  reportAttachmentsText,
  reportEnvironment,
  reportInventoryText,
  reportNotesSummary,
  reportSalesTaxText,
} from './words/report';

/** Who ran it when no person's name is known: the extension has no user accounts. */
export const RAN_BY_DEFAULT = 'Safe Delete on this browser';

export interface ReportOptions {
  companyName?: string;
  /** The extension's version (the manifest's), read by the entry. */
  version?: string;
  /** The person's name, when one is known. */
  ranBy?: string;
  locale?: string;
  /** For tests: the run date's time zone (the browser's by default). */
  timeZone?: string;
}

/** One record of a section: the service's facts, and the outcome in words. */
export interface ReportRow {
  type: string;
  number?: string;
  name?: string;
  /** The transaction's date as the service gives it (YYYY-MM-DD), worded by each file. */
  date?: string;
  amount?: number;
  currency?: string;
  /** The date as the QuickBooks page showed it, for a record the service could not return. */
  shownDate?: string;
  /** The amount as the page showed it ("$283.42"), for a record the service could not return. */
  shownAmount?: string;
  result: string;
  why?: string;
  /** The service's fault code, for a record it refused: in the files only, where support reads it. */
  code?: string;
  /** Its attachments: kept with the undo copy when deleted; after a restore, what became of each. */
  attachments?: string;
  /** What deleting it does to the cost of inventory, and whether the run included it or held it back. */
  inventory?: string;
  /** The sales tax it carried (a number, in the row's currency), and the note that goes with it. */
  salesTax?: number;
  salesTaxNote?: string;
}

export interface ReportTotal {
  type: string;
  count: number;
  /** The sum of the amounts known (undefined when none of the type's records had one). */
  amount?: number;
  currency?: string;
}

export interface ReportSection {
  title: string;
  rows: ReportRow[];
}

export interface RunReport {
  title: string;
  /** Label, value pairs, in order. */
  header: [string, string][];
  totalsTitle: string;
  totals: ReportTotal[];
  /** Deleted; not deleted, and why; left alone by the check, and why. */
  sections: [ReportSection, ReportSection, ReportSection];
}

export const REPORT_COLUMNS = [
  'Type',
  'Number',
  'Name',
  'Date',
  'Amount',
  'Currency',
  'Result',
  'Why',
  'Attachments',
  'Inventory',
  'Sales tax',
  'QuickBooks error code',
] as const;
export const TOTAL_COLUMNS = ['Type', 'Count', 'Amount', 'Currency'] as const;

/** A finite amount, or nothing: a NaN or Infinity never reaches a client's spreadsheet. */
function amountOf(n: number | undefined): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

const cents = (n: number) => Math.round(n * 100) / 100;

type RecordFacts = Pick<JobRecordView, 'entity' | 'docNumber' | 'party' | 'txnDate' | 'amount' | 'currency'>;

export const SHOWN_NOTE = 'The type, number, name, date and amount are as the QuickBooks page showed them.';

/**
 * The row of a record. With none of the service's facts (the service could not return it) and the
 * page's (`shown`: what the list showed when it was ticked), the row is named as the page showed it.
 */
function recordRow(r: RecordFacts, result: string, why: string | undefined, shown?: SelectionRow['shown']): ReportRow {
  const amount = amountOf(r.amount);
  const own = r.docNumber !== undefined || r.party !== undefined || r.txnDate !== undefined || amount !== undefined;
  const page = own || !shown ? undefined : shown;
  const [number, name, date] = [pageText(page?.number), pageText(page?.name), pageText(page?.date)];
  const fromPage = page && [number, name, date, pageText(page.amount)].some(Boolean);
  return {
    type: (page && pageText(page.type)) ?? ENTITY_LABEL[r.entity] ?? r.entity,
    number: r.docNumber ?? number,
    name: r.party ?? name,
    date: r.txnDate,
    amount,
    currency: amount === undefined ? r.currency : (r.currency ?? 'USD'),
    ...(date ? { shownDate: date } : {}),
    ...(page && pageText(page.amount) ? { shownAmount: pageText(page.amount) } : {}),
    result,
    why: fromPage ? [why, SHOWN_NOTE].filter(Boolean).join(' ') : why,
  };
}

/**
 * A record of the job as a row: the job's own action ("Deleted", "Restored: Id 5 → Id 812"), else
 * the outcome and why. `checked`: the record's row of the selection, when the job took it from
 * there: its findings give the row's notes, and what the page showed names a record the service
 * could not return.
 */
function jobRow(job: JobView, r: JobRecordView, checked?: SelectionRow, locale?: string): ReportRow {
  const done = r.group === doneGroup(job);
  const result = r.group === 'restored' ? `${outcomeWord(r)}: ${restoredIds(r)}` : outcomeWord(r);
  const row = done
    ? recordRow(r, result, undefined)
    : recordRow(r, result, outcomeReason(r, job.operation), checked?.shown);
  const code = shownFaultCode(r);
  const notes = notesOfRow(checked?.warnings ?? [], { deleted: done && r.group === 'deleted', included: true }, locale);
  // What a restore did with each of the record's attachments (the audit line's `attachmentOutcomes`).
  const outcomes = r.attachmentOutcomes ?? [];
  if (outcomes.length > 0) notes.attachments = reportAttachmentOutcomesText(outcomes);
  return { ...row, ...notes, ...(code === undefined ? {} : { code }) };
}

type RowNotes = Pick<ReportRow, 'attachments' | 'inventory' | 'salesTax' | 'salesTaxNote'>;

/** A checked record's attachments, inventory effect and sales tax, from its findings. */
function notesOfRow(
  warnings: readonly WarningFinding[],
  how: { deleted: boolean; included: boolean; effectSaid?: boolean },
  locale?: string,
): RowNotes {
  const notes: RowNotes = {};
  for (const w of warnings) {
    if (w.status === 'attachments') notes.attachments = reportAttachmentsText(w, how.deleted);
    if (w.status === 'inventory') notes.inventory = reportInventoryText(w, how, locale);
    if (w.status === 'salesTax') {
      notes.salesTax = amountOf(w.totalTax);
      notes.salesTaxNote = reportSalesTaxText(w, locale);
    }
  }
  return notes;
}

/** The row's findings that are notes beside its status (sales tax, and inventory when not the status itself). */
const isNoteOf = (row: SelectionRow) => (w: WarningFinding) =>
  w.status === 'salesTax' || (w.status === 'inventory' && row.status !== 'inventory');

/** Every record of the job as a row, in the job's order (with `selection`, each one's findings). */
export function jobRows(job: JobView, selection: readonly SelectionRow[] = [], locale?: string): ReportRow[] {
  const checked = new Map(selection.map((row) => [row.key, row]));
  return (Array.isArray(job.records) ? job.records : []).map((r) =>
    jobRow(job, r, fromSelection(job) ? checked.get(r.key) : undefined, locale),
  );
}

/** Only a job started from the selection took its records from it: a restore's records are not the selection's. */
const fromSelection = (job: JobView) => operationOf(job.operation).fromSelection;

/** Count and amount per type and currency of the records done, in the fixed order of types. */
export function totalsByType(records: readonly ReportRow[], entities: readonly Entity[]): ReportTotal[] {
  const byKey = new Map<string, ReportTotal>();
  records.forEach((r, i) => {
    const key = `${ENTITIES.indexOf(entities[i] as Entity)}|${r.currency ?? ''}`;
    const t = byKey.get(key) ?? { type: r.type, count: 0, currency: r.currency };
    t.count += 1;
    if (r.amount !== undefined) t.amount = cents((t.amount ?? 0) + r.amount);
    byKey.set(key, t);
  });
  return [...byKey.entries()]
    .sort(([a], [b]) => Number(a.split('|')[0]) - Number(b.split('|')[0]) || a.localeCompare(b))
    .map(([, t]) => t);
}

/**
 * The report of one run. `selection`: the company's selection as the popup holds it; its rows the
 * job did not take are the ones the check left alone (what `job.leftAlone` counts).
 */
export function buildRunReport(job: JobView, selection: readonly SelectionRow[], o: ReportOptions = {}): RunReport {
  const done = doneGroup(job);
  const doneLabel = OUTCOME_GROUP_LABEL[done];
  const records = Array.isArray(job.records) ? job.records : [];
  const doneRecords = records.filter((r) => r.group === done);
  const checked = new Map(fromSelection(job) ? selection.map((row) => [row.key, row]) : []);
  const deleted = doneRecords.map((r) => jobRow(job, r, checked.get(r.key), o.locale));
  const notDeleted = records.filter((r) => r.group !== done).map((r) => jobRow(job, r, checked.get(r.key), o.locale));
  const taken = new Set(records.map((r) => r.key));
  const leftAlone = selection
    .filter((row) => !taken.has(row.key))
    .map((row) => ({
      ...recordRow(
        row,
        row.status ? STATUS_LABEL[row.status] : 'Not checked',
        // The notes have columns of their own: the why is the status's reason alone.
        plainReason({ ...row, warnings: row.warnings.filter((w) => !isNoteOf(row)(w)) }, o.locale) ??
          'Not part of this run.',
        row.shown,
      ),
      // Held back for its inventory, its why already says what deleting it would change.
      ...notesOfRow(
        row.warnings,
        { deleted: false, included: false, effectSaid: row.status === 'inventory' },
        o.locale,
      ),
    }));
  const all = [...deleted, ...notDeleted, ...leftAlone];
  const notes = reportNotesSummary(
    {
      attachmentsKept: deleted.filter((r) => r.attachments !== undefined && done === 'deleted').length,
      attachmentsRestored: [...deleted, ...notDeleted].filter((r) => r.attachments !== undefined && done === 'restored')
        .length,
      inventory: all.filter((r) => r.inventory !== undefined).length,
      salesTax: all.filter((r) => r.salesTax !== undefined).length,
    },
    o.locale,
  );
  const environment = reportEnvironment(job.environment);
  const at = job.finishedAt ?? job.startedAt;
  const when = Number.isFinite(at)
    ? new Intl.DateTimeFormat(o.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: o.timeZone }).format(at)
    : '';
  const lower = doneLabel.toLowerCase();
  return {
    title: `Safe Delete — ${operationOf(job.operation).words.reportNoun} report`,
    header: [
      ['Client', o.companyName ?? `Company ${job.realmId}`],
      ['Company ID', job.realmId],
      ...(environment ? [['QuickBooks', environment] as [string, string]] : []),
      ['Run', `${job.state === 'cancelled' ? 'Cancelled' : 'Finished'} ${when}`.trim()],
      ['Ran by', o.ranBy?.trim() || RAN_BY_DEFAULT],
      ['Safe Delete version', o.version ?? 'unknown'],
      ['Summary', tieOut(job, o.locale)],
      ...(notes ? [['Notes', notes] as [string, string]] : []),
    ],
    totalsTitle: `${doneLabel}, by type`,
    totals: totalsByType(
      deleted,
      doneRecords.map((r) => r.entity),
    ),
    sections: [
      { title: doneLabel, rows: deleted },
      { title: `Not ${lower}, and why`, rows: notDeleted },
      { title: 'Left alone by the check, and why', rows: leftAlone },
    ],
  };
}
