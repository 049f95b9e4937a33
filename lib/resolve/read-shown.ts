/**
 * A ticked row's shown text read once into values a record can be compared with: the
 * entities it may be (and the kind of Purchase its Type names), every date and amount its text may
 * mean and whether the amount is shown below zero (lib/domain/values), its number, and its
 * name, account and memo folded for comparison. A row with no readable date or
 * amount, or with neither a known Type nor the page's types, cannot be resolved: why, in data.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { entityOfShownType, type PurchaseKind, purchaseKindsOfShownType } from '../domain/shown-type';
import { readAmountCents, readBelowZero } from '../domain/values/amount';
import { type DateOrder, dateInOrder, provenDateOrder, readDates } from '../domain/values/date';
import { foldNumber } from '../domain/values/doc-number';
import { foldText } from '../domain/values/name';
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
  /** The number cell folded (foldNumber). */
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
  const number = foldNumber(shown.number);
  if (number !== undefined) reading.number = number;
  for (const field of ['name', 'account', 'memo'] as const satisfies (keyof Shown)[]) {
    const f = folded(shown[field]);
    if (f !== undefined) reading[field] = f;
  }
  return reading;
}

export type { DateOrder };

/** The order of day and month the rows' numeric dates prove (one resolve is one company), if any. */
export function dateOrderOf(rows: readonly RowToResolve[]): DateOrder | undefined {
  return provenDateOrder(rows.map((row) => row.shown.date));
}

/** The reading's dates kept to the one the proven order gives, when the row's date is numeric and it is among them. */
export function narrowDates(reading: ShownReading, shown: Shown, order: DateOrder | undefined): ShownReading {
  if (order === undefined || reading.dates.length < 2 || shown.date === undefined) return reading;
  const iso = dateInOrder(shown.date, order);
  return iso !== undefined && reading.dates.includes(iso) ? { ...reading, dates: [iso] } : reading;
}
