/**
 * Time formats the service uses. Response `time` and MetaData stamps are written with the fixed
 * Pacific offset -07:00 (the service answers in the company's zone; one fixed zone keeps runs stable).
 */
const OFFSET_MS = -7 * 3_600_000;

/** `2016-04-15T09:01:18.141-07:00`: the envelope's `time` field. */
export function intuitTime(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${d.toISOString().slice(0, 23)}-07:00`;
}

/** `2024-03-05T10:22:31-07:00`: MetaData.CreateTime / LastUpdatedTime (no milliseconds). */
export function metaTime(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${d.toISOString().slice(0, 19)}-07:00`;
}

/** Epoch ms of midnight (-07:00) of a YYYY-MM-DD date. */
export function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00-07:00`);
}

/** YYYY-MM-DD of an epoch ms, in the service's zone. */
export function msToDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: unknown): value is string {
  return typeof value === 'string' && DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
