/**
 * `badImport` (issue 22, "a bad import"): a company of `total` invoices, `imported` of them created
 * inside one five-minute window (2026-11-03 14:00:00–14:04:59 in the service's -07:00, as
 * MetaData.CreateTime is written) by an import that brought in invoices of many earlier dates; the
 * rest created on other days, each on its own date's working hours.
 *
 * Near misses make the window's edges count: invoices created on the same day at 13:59:00 and 14:06:00
 * (outside "14:00 to 14:05" whether 14:05 is read as 14:05:00 or as the whole minute), at 09:12 that
 * day, and at 14:02 the day before and the day after. All are plain (not reconciled, linked, deposited
 * or in a closed period), so every imported invoice can be deleted and nothing else should be.
 */
import { addDays } from '../clock';
import { createPrng } from '../prng';
import { type BuiltScenario, buildRecords, type Draft, keyOf, type ScenarioBase, serviceTime } from './records';

export interface BadImportOptions extends ScenarioBase {
  /** Invoices in the company, near misses included. Default 300. */
  total?: number;
  /** Invoices created inside the window. Default 40. */
  imported?: number;
}

export interface BadImportTruth {
  /** The `imported` invoices' keys (`Invoice:Id`): exactly what a search by date created must find. */
  imported: string[];
  /** Every other invoice. */
  others: string[];
  /** Others created close to the window (same day just outside it, or the same minutes a day off). */
  nearMisses: string[];
  /** The window in the service's zone: its date, first second and end (14:05:00, exclusive of later). */
  window: { date: string; from: string; to: string; zoneOffset: '-07:00' };
  /** The query that returns exactly `imported`. */
  query: string;
}

const DAY = '2026-11-03';
const FROM = `${DAY}T14:00:00-07:00`;
const TO = `${DAY}T14:05:00-07:00`;
const NEAR: readonly [string, string][] = [
  [DAY, '13:59:00'],
  [DAY, '14:06:00'],
  [DAY, '09:12:00'],
  [addDays(DAY, -1), '14:02:00'],
  [addDays(DAY, 1), '14:02:00'],
];

export function buildBadImport(options: BadImportOptions): BuiltScenario<BadImportTruth> {
  const rng = createPrng(options.seed ?? 1);
  const total = Math.max(0, Math.floor(options.total ?? 300));
  const imported = Math.min(total, Math.max(0, Math.floor(options.imported ?? 40)));
  const near = Math.min(NEAR.length, total - imported);
  const drafts: Draft[] = [];
  let doc = 1001;
  const invoice = (txnDate: string, createdMs: number): Draft => ({
    entity: 'Invoice',
    txnDate,
    createdMs,
    docNumber: String(doc++),
  });
  // The others: dated through the year up to the day before the window, created that day or soon after.
  for (let i = 0; i < total - imported - near; i++) {
    const date = addDays('2026-01-02', rng.int(0, 298));
    const created = serviceTime(addDays(date, rng.int(0, 2)), '08:00:00') + rng.int(0, 9 * 3600 - 1) * 1000;
    drafts.push(invoice(date, Math.min(created, serviceTime(addDays(DAY, -1), '12:00:00'))));
  }
  for (const [date, time] of NEAR.slice(0, near)) drafts.push(invoice(date, serviceTime(date, time)));
  // The import: invoices of the past three months, created 6 s apart from 14:00:00 (40 end at 14:03:54).
  const start = serviceTime(DAY, '14:00:00');
  const step = imported > 50 ? Math.floor(299_000 / imported) : 6_000;
  for (let i = 0; i < imported; i++) drafts.push(invoice(addDays('2026-08-01', rng.int(0, 91)), start + i * step));
  const records = buildRecords(drafts, rng, 100 + rng.int(0, 9));
  const keys = records.map(keyOf);
  const firstImported = total - imported;
  return {
    records,
    truth: {
      imported: keys.slice(firstImported),
      others: keys.slice(0, firstImported),
      nearMisses: keys.slice(firstImported - near, firstImported),
      window: { date: DAY, from: FROM, to: TO, zoneOffset: '-07:00' },
      query: `select * from Invoice where MetaData.CreateTime >= '${FROM}' and MetaData.CreateTime <= '${TO}'`,
    },
  };
}
