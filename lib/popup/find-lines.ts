/**
 * "Import a list" in words: a line of the file and the QuickBooks record it matched, in one date
 * format and one money format (./format.ts), the sign as QuickBooks shows it
 * (lib/find/import-values.ts); and a candidate of a can't-tell line with what tells it apart from
 * the others alike in every field the file shows: its Id, when it was created and last changed, to
 * the second.
 */
import { ENTITY_LABEL } from '../domain/entities';
import type { FoundRecord } from '../domain/find';
import type { Shown } from '../domain/shown';
import { type DateOrder, fileDateOrder, lineValues } from '../find/import-values';
import type { ResolvedImport } from './find-import';
import { formatDate, formatMoney } from './format';

/** A line of the file as the import shows it. */
export interface FileLine {
  /** 1-based row in the file. */
  row: number;
  shown: Shown;
}

const present = (parts: readonly (string | undefined)[]) =>
  parts.filter((p): p is string => p !== undefined && p.trim() !== '').join(' · ');

/**
 * "Row 12: Mar 20, 2025 · Invoice · 1050 · Red Rock Diner · $640.00": the file's fields in its
 * order, the date and amount as the popup writes them (those of `record` when it matched one; a
 * date that reads two ways, in the file's `order` of day and month when it is known).
 */
export function lineText(line: FileLine, record?: FoundRecord, order?: DateOrder): string {
  const s = line.shown;
  const values = lineValues(s, record, order);
  // Without a record, only a dollar amount is rewritten: "1.234,56 €" keeps its own currency.
  const fileAmount = s.amount ?? '';
  if (!record && /[^\d\s.,()$+\-\u2212]/u.test(fileAmount)) delete values.amount;
  const currency = record?.currency;
  return `Row ${line.row}: ${present([
    values.date !== undefined ? formatDate(values.date) : s.date,
    s.type,
    s.number,
    s.name,
    values.amount !== undefined ? formatMoney(values.amount, currency) : s.amount,
    s.memo,
  ])}`;
}

/** "Invoice 1050" or "Invoice (no number)". */
const titleOf = (r: FoundRecord) => `${ENTITY_LABEL[r.entity]} ${r.number ?? '(no number)'}`;

/** "Mar 20, 2025 · Invoice 1050 · Red Rock Diner · $640.00 (Id 145)": a matched record, in the line's order. */
export function recordText(r: FoundRecord): string {
  return `${present([
    r.date ? formatDate(r.date) : undefined,
    titleOf(r),
    r.name,
    r.amount !== undefined ? formatMoney(r.amount, r.currency) : undefined,
    r.memo,
  ])} (Id ${r.id})`;
}

/** "Mar 20, 2025, 3:00:12 PM": to the second, as two records created in one minute differ. */
export function formatInstant(at: string | undefined, locale?: string): string | undefined {
  const ms = at === undefined ? Number.NaN : Date.parse(at);
  if (Number.isNaN(ms)) return undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(ms));
}

/**
 * A can't-tell candidate, what tells it apart first: "Invoice 1050, Id 145 · created Mar 20, 2025,
 * 3:00:12 PM · last changed Mar 21, 2025, 9:14:03 AM · Red Rock Diner · $640.00 · Mar 20, 2025".
 */
export function candidateText(r: FoundRecord): string {
  const created = formatInstant(r.createdAt);
  const changed = formatInstant(r.updatedAt);
  return present([
    `${titleOf(r)}, Id ${r.id}`,
    created ? `created ${created}` : undefined,
    changed && r.updatedAt !== r.createdAt ? `last changed ${changed}` : changed ? 'never changed' : undefined,
    r.name,
    r.amount !== undefined ? formatMoney(r.amount, r.currency) : undefined,
    r.date ? formatDate(r.date) : undefined,
    r.memo ? `“${r.memo}”` : undefined,
  ]);
}

/** The order of day and month of the whole file: from its dates, else from the records its lines matched. */
export function importDateOrder(result: ResolvedImport): DateOrder | undefined {
  return fileDateOrder([
    ...result.matched.map(({ line, record }) => ({ shown: line.shown, date: record.date })),
    ...result.cantTell.map(({ line, candidates }) => ({ shown: line.shown, date: candidates[0]?.date })),
    ...result.notFound.map((line) => ({ shown: line.shown })),
    ...result.unreadable.map((line) => ({ shown: line.shown })),
  ]);
}
