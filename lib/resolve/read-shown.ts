/**
 * A ticked row's shown text read once into values a record can be compared with (issue 20): the
 * entities it may be (and the kind of Purchase its Type names), every date and amount its text may
 * mean and whether the amount is shown below zero (lib/preflight/shown-values.ts), its number, and its
 * name, account and memo folded for comparison. A row with no readable date or
 * amount, or with neither a known Type nor the page's types, cannot be resolved: why, in data.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { entityOfShownType, foldText, type PurchaseKind, purchaseKindsOfShownType } from '../domain/shown-type';

export { foldText };

import { normalizeNumber, readAmountCents, readBelowZero, readDates } from '../preflight/shown-values';
import type { RowResolution, RowToResolve } from './types';

export interface ShownReading {
  entities: readonly Entity[];
  /** Every YYYY-MM-DD the date cell may mean. */
  dates: string[];
  /** Every absolute amount in cents the money cell may mean. */
  amounts: number[];
  /** The money cell shows the amount below zero ("-$12.00", "($12.00)"). */
  belowZero: boolean;
  /** The kinds of Purchase the Type column names ("Check": paid by check), when it names one. */
  purchaseKinds?: readonly PurchaseKind[];
  /** normalizeNumber of the number cell. */
  number?: string;
  /** Folded (see foldText) name, account and memo cells. */
  name?: string;
  account?: string;
  memo?: string;
}

function folded(text: string | undefined): string | undefined {
  const f = text === undefined ? '' : foldText(text);
  return f === '' ? undefined : f;
}

function entitiesOf(row: RowToResolve): readonly Entity[] | undefined {
  const typed = row.shown.type === undefined ? undefined : entityOfShownType(row.shown.type);
  if (typed) return [typed];
  return row.entities && row.entities.length > 0 ? row.entities : undefined;
}

type Unreadable = Extract<RowResolution, { kind: 'unreadable' }>;

export function readShown(row: RowToResolve): ShownReading | Unreadable {
  const { shown } = row;
  const entities = entitiesOf(row);
  if (!entities) return { kind: 'unreadable', field: 'type' };
  const dates = shown.date === undefined ? undefined : readDates(shown.date);
  if (!dates) return { kind: 'unreadable', field: 'date' };
  const amounts = shown.amount === undefined ? undefined : readAmountCents(shown.amount);
  if (!amounts) return { kind: 'unreadable', field: 'amount' };
  const reading: ShownReading = { entities, dates, amounts, belowZero: readBelowZero(shown.amount ?? '') };
  const purchaseKinds = shown.type === undefined ? undefined : purchaseKindsOfShownType(shown.type);
  if (purchaseKinds !== undefined) reading.purchaseKinds = purchaseKinds;
  const number = shown.number === undefined ? undefined : normalizeNumber(shown.number);
  if (number !== undefined) reading.number = number;
  for (const field of ['name', 'account', 'memo'] as const satisfies (keyof Shown)[]) {
    const f = folded(shown[field]);
    if (f !== undefined) reading[field] = f;
  }
  return reading;
}

const NUMERIC_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

function numericParts(text: string | undefined): [number, number, number] | undefined {
  const m =
    text === undefined
      ? null
      : NUMERIC_DATE.exec(
          text
            .normalize('NFKC')
            .replace(/[\p{Cc}\p{Cf}]/gu, '')
            .trim(),
        );
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export type DateOrder = 'month-first' | 'day-first';

/**
 * The order of day and month in the rows' numeric dates, when the rows themselves prove it: some
 * date reads only month-first ("11/21/2026") and none only day-first ("21/11/2026"), or the reverse.
 * The web app writes every date of a company in the company's one date format, and one resolve is
 * one company (one WindowReader), so "11/03/2026" beside "11/21/2026" is November 3. Without proof
 * (or with contrary proof) both readings stay, and both are read.
 */
export function dateOrderOf(rows: readonly RowToResolve[]): DateOrder | undefined {
  let monthFirst = false;
  let dayFirst = false;
  for (const row of rows) {
    const parts = numericParts(row.shown.date);
    if (!parts) continue;
    if (parts[0] > 12 && parts[1] <= 12) dayFirst = true;
    if (parts[1] > 12 && parts[0] <= 12) monthFirst = true;
  }
  if (monthFirst === dayFirst) return undefined;
  return monthFirst ? 'month-first' : 'day-first';
}

/** The reading's dates kept to the one the proven order gives, when the row's date is numeric and it is among them. */
export function narrowDates(reading: ShownReading, shown: Shown, order: DateOrder | undefined): ShownReading {
  const parts = order === undefined || reading.dates.length < 2 ? undefined : numericParts(shown.date);
  if (!parts) return reading;
  const [a, b, year] = parts;
  const [month, day] = order === 'month-first' ? [a, b] : [b, a];
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return reading.dates.includes(iso) ? { ...reading, dates: [iso] } : reading;
}
