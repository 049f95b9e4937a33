/**
 * 3001 / HTTP 429: how long to wait. The real 429 arrives as an XML ThrottleExceeded body with no
 * `Retry-After` header (no public source shows one): the service's published answer is "wait 60 s",
 * the default. A header, when present, is honoured; HTTP allows seconds or an HTTP-date. Only the
 * standard header is read (a time-scaled simulator sends its scaled wait there, in whole seconds).
 */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A garbage or hostile header must not park the runner for days. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * A wait in [0, MAX_RETRY_AFTER_MS]. Anything that is not a finite number (an unreadable value, an
 * invalid date, a broken clock) is the default: NaN must never reach a job's wait time.
 */
function clamp(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(Math.max(0, Math.ceil(ms)), MAX_RETRY_AFTER_MS);
}

export function parseRetryAfter(headers: Headers, now: number): number {
  const value = headers.get('retry-after')?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^[0-9]{1,10}$/.test(value)) return clamp(Number(value) * 1000);
  // HTTP-date: only accept something that names a weekday or month and a time, not any parseable text.
  // An invalid date parses to NaN, which clamp turns into the default.
  if (/\d{2}:\d{2}:\d{2}/.test(value)) return clamp(Date.parse(value) - now);
  return DEFAULT_RETRY_AFTER_MS;
}
