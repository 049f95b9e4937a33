/**
 * The broker's configuration, read from environment variables (Node) or bindings and secrets
 * (Cloudflare Workers) and checked with zod once at start. Error messages name the variable, never
 * its value: a secret must not reach a log through a config error.
 *
 *   INTUIT_CLIENT_ID          required
 *   INTUIT_CLIENT_SECRET      required (a Workers secret; never in any response, redirect or log)
 *   INTUIT_DISCOVERY_URL      default Intuit's production discovery document
 *   BROKER_ALLOWED_REDIRECTS  required, comma-separated extension redirect URLs (https)
 *   BROKER_ALLOWED_ORIGINS    optional, comma-separated extra CORS origins (moz-extension://<uuid>)
 *   BROKER_STATE_SECRET       optional, ≥ 32 characters; default: a key derived from the client secret
 *   BROKER_PUBLIC_URL         optional, the broker's public base URL (behind a proxy); default: the
 *                             origin of each request
 */
import { z } from 'zod';

export const INTUIT_DISCOVERY_URL = 'https://developer.api.intuit.com/.well-known/openid_configuration';

export interface BrokerConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
  /** Normalised (`URL.href`) extension redirect URLs; /oauth/start refuses any other. */
  allowedRedirects: readonly string[];
  /** Origins that get CORS headers on the token endpoints. */
  allowedOrigins: readonly string[];
  stateSecret?: string;
  publicUrl?: string;
}

export class BrokerConfigError extends Error {
  override name = 'BrokerConfigError';
}

export function isBrokerConfigError(error: unknown): error is BrokerConfigError {
  return error instanceof BrokerConfigError;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const httpsUrl = z.url({ protocol: /^https$/ }).refine((value) => !value.includes('#'), 'no fragment');
const origin = z
  .string()
  .regex(/^(chrome-extension|moz-extension|https?):\/\/[^/\s*]+$/, 'an origin such as moz-extension://<uuid>');

const envSchema = z.object({
  INTUIT_CLIENT_ID: z.string().trim().min(1),
  INTUIT_CLIENT_SECRET: z.string().trim().min(1),
  INTUIT_DISCOVERY_URL: z.url().default(INTUIT_DISCOVERY_URL),
  BROKER_ALLOWED_REDIRECTS: z.string().transform(list).pipe(z.array(httpsUrl).min(1)),
  BROKER_ALLOWED_ORIGINS: z.string().optional().transform(list).pipe(z.array(origin)),
  BROKER_STATE_SECRET: z.string().min(32).optional(),
  BROKER_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

const empty = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

/** Chrome's `https://<id>.chromiumapp.org/` belongs to `chrome-extension://<id>`; Firefox's cannot be derived. */
export function originOfRedirect(redirect: string): string | undefined {
  const id = /^([a-p]{32})\.chromiumapp\.org$/.exec(new URL(redirect).hostname)?.[1];
  return id ? `chrome-extension://${id}` : undefined;
}

export function parseBrokerConfig(env: Record<string, unknown>): BrokerConfig {
  // An empty variable counts as unset, so `INTUIT_DISCOVERY_URL=` falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => !empty(value)));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      return present[name] === undefined ? `${name} is missing` : `${name} is invalid (${issue.message})`;
    });
    throw new BrokerConfigError(`Broker configuration: ${[...new Set(problems)].join('; ')}`);
  }
  const e = parsed.data;
  const allowedRedirects = e.BROKER_ALLOWED_REDIRECTS.map((url) => new URL(url).href);
  const derived = allowedRedirects.map(originOfRedirect).filter((o): o is string => o !== undefined);
  return {
    clientId: e.INTUIT_CLIENT_ID,
    clientSecret: e.INTUIT_CLIENT_SECRET,
    discoveryUrl: e.INTUIT_DISCOVERY_URL,
    allowedRedirects,
    allowedOrigins: [...new Set([...derived, ...e.BROKER_ALLOWED_ORIGINS])],
    ...(e.BROKER_STATE_SECRET ? { stateSecret: e.BROKER_STATE_SECRET } : {}),
    ...(e.BROKER_PUBLIC_URL ? { publicUrl: e.BROKER_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
}
