/**
 * The broker on Cloudflare Workers: configuration from the Worker's vars and secrets (see
 * wrangler.toml), one app per isolate (a change of vars or secrets deploys a new version, hence new
 * isolates). https-only upstream: the test-only insecure option is never set here.
 *
 * Rate limits: the bindings BROKER_ADDRESS_LIMITER and BROKER_FAMILY_LIMITER (Cloudflare's rate
 * limiting, counted per location) when wrangler.toml declares them; else counters in this isolate's
 * memory, which an attacker spreading requests over isolates does not meet: declare the bindings.
 */
import type { ExecutionContext, Hono } from 'hono';
import { createBrokerApp } from './app';
import { isBrokerConfigError, parseBrokerConfig } from './config';
import {
  createMemoryLimiter,
  fromWorkersBinding,
  isWorkersRateLimitBinding,
  RATE_LIMITS,
  type RateLimiter,
} from './rate-limit';

export interface BrokerEnv {
  INTUIT_CLIENT_ID?: string;
  INTUIT_CLIENT_SECRET?: string;
  INTUIT_DISCOVERY_URL?: string;
  BROKER_ALLOWED_REDIRECTS?: string;
  BROKER_ALLOWED_ORIGINS?: string;
  BROKER_STATE_SECRET?: string;
  BROKER_WRAP_KEY?: string;
  BROKER_PUBLIC_URL?: string;
  /** `[[ratelimits]]` bindings (see wrangler.toml); optional. */
  BROKER_ADDRESS_LIMITER?: unknown;
  BROKER_FAMILY_LIMITER?: unknown;
}

let app: Hono | undefined;

function limiter(binding: unknown, limits: { limit: number; periodS: number }): RateLimiter | undefined {
  if (!isWorkersRateLimitBinding(binding)) return undefined;
  return fromWorkersBinding(binding, createMemoryLimiter({ ...limits, now: () => Date.now() }), limits.periodS);
}

export default {
  fetch(request: Request, env: BrokerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    if (!app) {
      try {
        const { BROKER_ADDRESS_LIMITER, BROKER_FAMILY_LIMITER, ...vars } = env;
        const config = parseBrokerConfig({ ...vars });
        if (config.upstream.kind === 'development') {
          console.warn(
            'INTUIT_DISCOVERY_URL names a host other than Intuit: upstream pinned to that host (development only).',
          );
        }
        app = createBrokerApp(config, {
          limiters: {
            address: limiter(BROKER_ADDRESS_LIMITER, RATE_LIMITS.address),
            family: limiter(BROKER_FAMILY_LIMITER, RATE_LIMITS.family),
          },
        });
      } catch (error) {
        // The message names missing or invalid variables, never their values.
        console.error(isBrokerConfigError(error) ? error.message : 'Broker configuration failed');
        return Response.json({ error: 'broker_misconfigured' }, { status: 500 });
      }
    }
    return app.fetch(request, env, ctx);
  },
};
