/**
 * Intuit's discovery document, fetched on first use and kept in memory for a few minutes: the only
 * thing the broker holds between requests (it stores no token). Intuit publishes it at a
 * non-standard path (`openid_configuration`), so the broker fetches the configured URL itself and
 * lets oauth4webapi check the answer (status, JSON, issuer) with processDiscoveryResponse.
 */
import * as oauth from 'oauth4webapi';
import { z } from 'zod';

export const DISCOVERY_TTL_MS = 5 * 60_000;

export interface DiscoveryOptions {
  url: string;
  fetch: typeof fetch;
  now: () => number;
  /** Test only: accept http:// discovery and endpoints. */
  allowInsecureRequests: boolean;
}

const issuerSchema = z.object({ issuer: z.string().min(1) });

export function createDiscovery(options: DiscoveryOptions): () => Promise<oauth.AuthorizationServer> {
  let cached: { as: oauth.AuthorizationServer; until: number } | undefined;
  let pending: Promise<oauth.AuthorizationServer> | undefined;

  const load = async (): Promise<oauth.AuthorizationServer> => {
    const url = new URL(options.url);
    if (url.protocol !== 'https:' && !options.allowInsecureRequests) {
      throw new TypeError('INTUIT_DISCOVERY_URL must use https');
    }
    const response = await options.fetch(url.href, { headers: { accept: 'application/json' }, redirect: 'manual' });
    const declared = issuerSchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (!declared.success) throw new TypeError('discovery document without an issuer');
    return oauth.processDiscoveryResponse(new URL(declared.data.issuer), response);
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
