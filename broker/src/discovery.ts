/**
 * Intuit's discovery document, fetched on first use and kept in memory for a few minutes: the only
 * thing the broker holds between requests (it stores no token). Intuit publishes it at a
 * non-standard path (`openid_configuration`), so the broker fetches the configured URL itself and
 * lets oauth4webapi check the answer (status, JSON) with processDiscoveryResponse against the pinned
 * issuer (never the one the document declares), then checks that the sign-in, token and revocation
 * endpoints are on the pinned origins (config.ts UpstreamPins). Anything else is refused, and the
 * routes answer 502 upstream_unavailable.
 */
import * as oauth from 'oauth4webapi';
import type { UpstreamPins } from './config';

export const DISCOVERY_TTL_MS = 5 * 60_000;

export interface DiscoveryOptions {
  url: string;
  fetch: typeof fetch;
  now: () => number;
  /** Test only: accept http:// discovery and endpoints. */
  allowInsecureRequests: boolean;
  pins: UpstreamPins;
}

function originOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Every endpoint the broker uses is on its pinned origin (the origin carries the scheme: https). */
export function onPinnedHosts(as: oauth.AuthorizationServer, pins: UpstreamPins): boolean {
  const authorize = originOf(as.authorization_endpoint);
  return (
    as.issuer === pins.issuer &&
    authorize !== undefined &&
    pins.authorization.includes(authorize) &&
    originOf(as.token_endpoint) === pins.token &&
    originOf(as.revocation_endpoint) === pins.revocation
  );
}

export function createDiscovery(options: DiscoveryOptions): () => Promise<oauth.AuthorizationServer> {
  let cached: { as: oauth.AuthorizationServer; until: number } | undefined;
  let pending: Promise<oauth.AuthorizationServer> | undefined;

  const load = async (): Promise<oauth.AuthorizationServer> => {
    const url = new URL(options.url);
    if (url.protocol !== 'https:' && !options.allowInsecureRequests) {
      throw new TypeError('INTUIT_DISCOVERY_URL must use https');
    }
    const response = await options.fetch(url.href, { headers: { accept: 'application/json' }, redirect: 'manual' });
    const as = await oauth.processDiscoveryResponse(new URL(options.pins.issuer), response);
    if (!onPinnedHosts(as, options.pins))
      throw new TypeError('discovery document names hosts other than the pinned ones');
    return as;
  };

  return async () => {
    if (cached && options.now() < cached.until) return cached.as;
    pending ??= load()
      .then((as) => {
        cached = { as, until: options.now() + DISCOVERY_TTL_MS };
        return as;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
