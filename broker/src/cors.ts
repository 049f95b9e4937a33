/**
 * CORS for the token endpoints, for the extension's own origins only. Hono's cors() answers every
 * preflight with its Allow-Methods; this one answers a preflight from any other origin with 403 and
 * no CORS header at all, so nothing suggests to a web page that it may call the broker.
 */
import type { MiddlewareHandler } from 'hono';

export function extensionCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS') {
      if (!ok) return c.body(null, 403, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'POST',
        // Every token call carries the installation's proof in a DPoP header (proof.ts).
        'Access-Control-Allow-Headers': 'Content-Type, DPoP',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Vary', 'Origin', { append: true });
    if (ok) c.header('Access-Control-Allow-Origin', origin);
  };
}
