/**
 * createBrokerApp(config, deps): the stateless OAuth token broker as one Hono app, the same on
 * Cloudflare Workers (worker.ts) and Node (node.ts). It keeps the Intuit client secret away from the
 * extension: the extension gets codes and tokens, never the secret; the broker stores no token and
 * logs none (one line per request: method, path, status, duration).
 *
 * Only the installation that started a sign-in can finish it, refresh it or revoke it: every token
 * call carries a proof signed by the installation's key (proof.ts), and codes and refresh tokens
 * leave the broker wrapped for that key (wrap.ts). Token calls are rate-limited per address and per
 * installation key (rate-limit.ts).
 *
 * deps (all optional): fetch (outbound, default global fetch), now (ms clock, default Date.now), log
 * (one line per request, default console.log), allowInsecureRequests (TESTS ONLY: accept http://
 * upstream URLs; default false, and never read from the environment by the Workers entry), limiters
 * (default in memory, RATE_LIMITS), clientAddress (default client-address.ts).
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { defaultClientAddress } from './client-address';
import type { BrokerConfig } from './config';
import type { BrokerContext } from './context';
import { extensionCors } from './cors';
import { createDiscovery } from './discovery';
import { createIntuitClient } from './intuit';
import { createReplayCache } from './proof';
import { createMemoryLimiter, RATE_LIMITS, type RateLimiter, rateLimited } from './rate-limit';
import { PAGE_PATHS, pageRoutes } from './routes-pages';
import { signInRoutes } from './routes-sign-in';
import { tokenRoutes } from './routes-token';
import { deriveStateKey } from './state';
import { deriveWrapKey } from './wrap';

export const BODY_LIMIT_BYTES = 4096;
const TOKEN_PATHS = ['/oauth/token', '/oauth/refresh', '/oauth/revoke'] as const;
const KNOWN_PATHS = new Set<string>(['/oauth/start', '/oauth/callback', ...TOKEN_PATHS, ...PAGE_PATHS]);

export interface BrokerDeps {
  fetch?: typeof fetch;
  now?: () => number;
  log?: (line: string) => void;
  /** TESTS ONLY: allow http:// discovery and endpoints (oauth4webapi's allowInsecureRequests). */
  allowInsecureRequests?: boolean;
  /** Workers: the rate-limiting bindings when configured (worker.ts). */
  limiters?: { address?: RateLimiter; family?: RateLimiter };
  /** Node behind a proxy: the address from the proxy's header (node.ts). */
  clientAddress?: (c: Context) => string;
}

export function createBrokerApp(config: BrokerConfig, deps: BrokerDeps = {}): Hono {
  const now = deps.now ?? (() => Date.now());
  const log = deps.log ?? ((line: string) => console.log(line));
  // Called unbound: Workers refuse a fetch detached from its global.
  const outbound: typeof fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const allowInsecureRequests = deps.allowInsecureRequests === true;
  const discovery = createDiscovery({
    url: config.discoveryUrl,
    fetch: outbound,
    now,
    allowInsecureRequests,
    pins: config.upstream,
  });
  const publicOrigin = (c: Context) => config.publicUrl ?? new URL(c.req.url).origin;
  const ctx: BrokerContext = {
    config,
    discovery,
    intuit: createIntuitClient({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      discovery,
      fetch: outbound,
      allowInsecureRequests,
    }),
    stateKey: deriveStateKey(config),
    wrapKey: deriveWrapKey(config),
    replay: createReplayCache(),
    limits: {
      address: deps.limiters?.address ?? createMemoryLimiter({ ...RATE_LIMITS.address, now }),
      family: deps.limiters?.family ?? createMemoryLimiter({ ...RATE_LIMITS.family, now }),
    },
    clientAddress: deps.clientAddress ?? defaultClientAddress,
    now,
    allowInsecureRequests,
    publicOrigin,
    callbackUrl: (c) => `${publicOrigin(c)}/oauth/callback`,
  };

  const app = new Hono();
  app.use(async (c, next) => {
    const started = now();
    await next();
    // The path only if it is one of ours (never a query string: codes and states travel there).
    const path = KNOWN_PATHS.has(c.req.path) ? c.req.path : '(other)';
    log(JSON.stringify({ method: c.req.method, path, status: c.res.status, ms: now() - started }));
  });
  app.use(async (c, next) => {
    await next();
    // URLs of this broker carry codes and states: never pass them on as a Referer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    // Served over https (Workers always; Node with TLS or BROKER_PUBLIC_URL): browsers keep to https.
    if (publicOrigin(c).startsWith('https:')) c.header('Strict-Transport-Security', 'max-age=31536000');
  });
  for (const path of TOKEN_PATHS) {
    app.use(path, extensionCors(config.allowedOrigins));
    app.use(
      path,
      bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json({ error: 'payload_too_large' }, 413) }),
    );
    // Before the proof is checked: the cheapest refusal first (a preflight never gets here).
    app.use(path, async (c, next) => {
      const decision = await ctx.limits.address.limit(ctx.clientAddress(c));
      if (!decision.success) return rateLimited(c, decision);
      await next();
    });
  }
  signInRoutes(app, ctx);
  tokenRoutes(app, ctx);
  pageRoutes(app);
  app.notFound((c) => c.json({ error: 'not_found' }, 404));
  // Never the error's message: it may quote an upstream body.
  app.onError((_error, c) => c.json({ error: 'internal_error' }, 500));
  return app;
}
