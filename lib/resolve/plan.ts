/**
 * Which reads resolve a set of rows: one query per entity type per date window. A window
 * spans at most 31 days; each entity's possible dates (every reading of every row's date, narrowed
 * by the order the rows prove: ./read-shown.ts dateOrderOf) are swept in order and a new window
 * starts where the last would pass 31 days. A row whose date reads two ways needs both readings'
 * windows; a row that cannot be read needs none and is answered at once.
 */
import type { Entity } from '../domain/entities';
import { daysBetween } from '../domain/values/date';
import { dateOrderOf, narrowDates, readShown, type ShownReading } from './read-shown';
import type { RowResolution, RowToResolve } from './types';

export const WINDOW_DAYS = 31;

export interface PlannedWindow {
  entity: Entity;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface PlannedRow {
  reading: ShownReading;
  /** Indexes into ResolvePlan.windows. */
  windows: number[];
}

export interface ResolvePlan {
  windows: PlannedWindow[];
  rows: Map<string, PlannedRow>;
  unreadable: Map<string, Extract<RowResolution, { kind: 'unreadable' }>>;
}

export function planReads(rows: readonly RowToResolve[]): ResolvePlan {
  const order = dateOrderOf(rows);
  const readings = new Map<string, ShownReading>();
  const unreadable: ResolvePlan['unreadable'] = new Map();
  const datesByEntity = new Map<Entity, Set<string>>();
  for (const row of rows) {
    const read = readShown(row);
    if ('kind' in read) {
      unreadable.set(row.rowKey, read);
      readings.delete(row.rowKey);
      continue;
    }
    const reading = narrowDates(read, row.shown, order);
    readings.set(row.rowKey, reading);
    unreadable.delete(row.rowKey);
    for (const entity of reading.entities) {
      const dates = datesByEntity.get(entity) ?? new Set<string>();
      for (const date of reading.dates) dates.add(date);
      datesByEntity.set(entity, dates);
    }
  }
  const windows: PlannedWindow[] = [];
  const windowOf = new Map<string, number>(); // `${entity} ${date}` → index
  for (const [entity, dates] of datesByEntity) {
    let start: string | undefined;
    for (const date of [...dates].sort()) {
      if (start === undefined || daysBetween(start, date) >= WINDOW_DAYS) {
        start = date;
        windows.push({ entity, from: date, to: date });
      }
      const index = windows.length - 1;
      (windows[index] as PlannedWindow).to = date;
      windowOf.set(`${entity} ${date}`, index);
    }
  }
  const planned = new Map<string, PlannedRow>();
  for (const [rowKey, reading] of readings) {
    const indexes = new Set<number>();
    for (const entity of reading.entities) {
      for (const date of reading.dates) {
        const index = windowOf.get(`${entity} ${date}`);
        if (index !== undefined) indexes.add(index);
      }
    }
    planned.set(rowKey, { reading, windows: [...indexes] });
  }
  return { windows, rows: planned, unreadable };
}
