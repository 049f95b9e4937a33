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
 *   BROKER_WRAP_KEY           optional, ≥ 32 characters: the root of the key that wraps codes and refresh
 *                             tokens for one installation (wrap.ts); default BROKER_STATE_SECRET, else
 *                             the client secret. Changing it sends every connection to "Reconnect".
 *   BROKER_PUBLIC_URL         optional, the broker's public base URL (behind a proxy); default: the
 *                             origin of each request
 */
import { z } from 'zod';

export const INTUIT_DISCOVERY_URL = 'https://developer.api.intuit.com/.well-known/openid_configuration';
const INTUIT_DISCOVERY_HOST = 'developer.api.intuit.com';

/**
 * What the discovery document may name: its issuer exactly, and the origin (https, host, port) of
 * each endpoint the broker uses. A document naming anything else is refused (502
 * upstream_unavailable), so a tampered or misdirected discovery answer cannot send the client
 * secret, a code or a refresh token to another host.
 */
export interface UpstreamPins {
  /** 'intuit': Intuit's own hosts. 'development': INTUIT_DISCOVERY_URL names another host (tests, the simulator). */
  kind: 'intuit' | 'development';
  issuer: string;
  authorization: readonly string[];
  token: string;
  revocation: string;
}

export const INTUIT_PINS: UpstreamPins = {
  kind: 'intuit',
  issuer: 'https://oauth.platform.intuit.com/op/v1',
  authorization: ['https://appcenter.intuit.com'],
  token: 'https://oauth.platform.intuit.com',
  revocation: 'https://developer.api.intuit.com',
};

/**
 * The one test and development override: an INTUIT_DISCOVERY_URL on a host other than Intuit's
 * (a fake, the simulator) pins everything to that URL's own origin instead, the issuer to
 * `<origin>/op/v1` as Intuit names its own, and the sign-in page to that origin or Intuit's (a
 * browser that maps appcenter.intuit.com to the fake). It is never implied: the default and
 * Intuit's sandbox document keep Intuit's pins, and both entries say so at start when it is on.
 */
export function pinsFor(discoveryUrl: string): UpstreamPins {
  const url = new URL(discoveryUrl);
  if (url.hostname === INTUIT_DISCOVERY_HOST) return INTUIT_PINS;
  return {
    kind: 'development',
    issuer: `${url.origin}/op/v1`,
    authorization: [url.origin, ...INTUIT_PINS.authorization],
    token: url.origin,
    revocation: url.origin,
  };
}

export interface BrokerConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
  upstream: UpstreamPins;
  /** Normalised (`URL.href`) extension redirect URLs; /oauth/start refuses any other. */
  allowedRedirects: readonly string[];
  /** Origins that get CORS headers on the token endpoints. */
  allowedOrigins: readonly string[];
  stateSecret?: string;
  wrapKey?: string;
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
  BROKER_WRAP_KEY: z.string().min(32).optional(),
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
    upstream: pinsFor(e.INTUIT_DISCOVERY_URL),
    allowedRedirects,
    allowedOrigins: [...new Set([...derived, ...e.BROKER_ALLOWED_ORIGINS])],
    ...(e.BROKER_STATE_SECRET ? { stateSecret: e.BROKER_STATE_SECRET } : {}),
    ...(e.BROKER_WRAP_KEY ? { wrapKey: e.BROKER_WRAP_KEY } : {}),
    ...(e.BROKER_PUBLIC_URL ? { publicUrl: e.BROKER_PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
}
