/** A page's `?page=` / `?rows=`: 1 to 7 digits, at least 1, at most `max`; anything else is the fallback. */
export function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || !/^[0-9]{1,7}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, max) : fallback;
}
