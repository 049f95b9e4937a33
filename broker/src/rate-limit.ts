/**
 * Rate limits on the token endpoints, per client address and per installation key (the "token
 * family": every code and refresh token of one installation is bound to its thumbprint). They keep
 * one address or one installation from spending the Intuit app's own quota, and slow down anyone
 * trying proofs or wrapped tokens at scale. Over the limit: 429 `{"error":"rate_limited"}` with
 * Retry-After.
 *
 * Two implementations of one interface: a fixed-window counter in memory (Node: per process;
 * Workers without a binding: per isolate, so only a floor), and an adapter for Cloudflare's
 * rate-limiting binding (`env.X.limit({ key })` → `{ success }`; counted per Cloudflare location, its
 * limit and period set in wrangler.toml; it says no Retry-After, so the period is given).
 */
import type { Context } from 'hono';

export interface RateLimitDecision {
  success: boolean;
  /** Seconds until the caller may try again (when `success` is false). */
  retryAfterS: number;
}

export interface RateLimiter {
  limit(key: string): Promise<RateLimitDecision>;
}

/**
 * A bookkeeper's installation makes a token call when it signs in to a company and about once an
 * hour per connected company after; an office shares one address. Far above that, far below abuse.
 */
export const RATE_LIMITS = {
  /** Token, refresh and revoke calls per client address. */
  address: { limit: 30, periodS: 60 },
  /** Token, refresh and revoke calls per installation key (after its proof is verified). */
  family: { limit: 10, periodS: 60 },
} as const;

/** Past this many keys, windows that ended are dropped. */
const PRUNE_AT = 10_000;

export function createMemoryLimiter(options: { limit: number; periodS: number; now: () => number }): RateLimiter {
  const periodMs = options.periodS * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async limit(key) {
      const now = options.now();
      if (windows.size >= PRUNE_AT) {
        for (const [k, w] of windows) if (now - w.start >= periodMs) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || now - w.start >= periodMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= options.limit) return { success: true, retryAfterS: 0 };
      return { success: false, retryAfterS: Math.max(1, Math.ceil((w.start + periodMs - now) / 1000)) };
    },
  };
}

/** Cloudflare's rate-limiting binding, as a Worker sees it. */
export interface WorkersRateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export function isWorkersRateLimitBinding(value: unknown): value is WorkersRateLimitBinding {
  return typeof (value as { limit?: unknown } | undefined)?.limit === 'function';
}

/**
 * The binding, with the in-memory limiter behind it should the binding itself fail: a broken
 * limiter must not lock every bookkeeper out, nor lift every limit.
 */
export function fromWorkersBinding(
  binding: WorkersRateLimitBinding,
  fallback: RateLimiter,
  periodS: number,
): RateLimiter {
  return {
    async limit(key) {
      try {
        const { success } = await binding.limit({ key });
        return { success: success === true, retryAfterS: success ? 0 : periodS };
      } catch {
        return fallback.limit(key);
      }
    },
  };
}

/** 429 with Retry-After: the extension waits, then tries again. */
export function rateLimited(c: Context, decision: RateLimitDecision): Response {
  return c.json({ error: 'rate_limited' }, 429, { 'Retry-After': String(decision.retryAfterS) });
}
