/**
 * Rolling-window call ceilings per company (fault 3001, HTTP 429). Batch calls and query calls have
 * separate ceilings (deletion-interface §8: "the two endpoints do not share a ceiling").
 *
 * Decisions: the window is `windowMs / timeScale` of the injected clock. A refused call is not
 * recorded in the window (it did nothing), so waiting Retry-After always clears the ceiling.
 * Retry-After is the standard header only, an integer number of seconds: ceil(windowMs / timeScale
 * / 1000), at least 1 (60 unscaled, as observed). A scaled window that is not a whole number of
 * seconds is rounded UP, so a client that waits Retry-After never comes back early (it waits under
 * 1 s more than the window; a window under 1 s waits 1 s).
 */
export type ThrottleKind = 'batch' | 'query';

export interface ThrottleConfig {
  now: () => number;
  windowMs: () => number;
  limit: (kind: ThrottleKind) => number;
}

/** The scaled window in whole seconds, rounded up, at least 1 (never shorter than the window). */
export function retryAfterSeconds(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / 1000));
}

export function createThrottle(config: ThrottleConfig) {
  const calls = new Map<string, number[]>();
  return {
    /** Records the call and answers true, or answers false when the ceiling is reached. */
    tryAcquire(kind: ThrottleKind, realmId: string): boolean {
      const key = `${kind}:${realmId}`;
      const now = config.now();
      const since = now - config.windowMs();
      const recent = (calls.get(key) ?? []).filter((t) => t > since);
      if (recent.length >= config.limit(kind)) {
        calls.set(key, recent);
        return false;
      }
      recent.push(now);
      calls.set(key, recent);
      return true;
    },
    /** Headers of a 429: the standard Retry-After, whole seconds of the scaled window, at least 1. */
    retryAfterHeaders(): Record<string, string> {
      return { 'Retry-After': String(retryAfterSeconds(config.windowMs())) };
    },
    reset(realmId?: string): void {
      if (realmId === undefined) calls.clear();
      else for (const kind of ['batch', 'query']) calls.delete(`${kind}:${realmId}`);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
