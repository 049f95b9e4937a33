/** What every route of the broker shares, built once per app by createBrokerApp. */
import type { Context } from 'hono';
import type * as oauth from 'oauth4webapi';
import type { BrokerConfig } from './config';
import type { IntuitClient } from './intuit';
import type { ReplayCache } from './proof';
import type { RateLimiter } from './rate-limit';

export interface BrokerContext {
  config: BrokerConfig;
  discovery: () => Promise<oauth.AuthorizationServer>;
  intuit: IntuitClient;
  stateKey: Promise<CryptoKey>;
  /** Wraps codes and refresh tokens for one installation key (wrap.ts). */
  wrapKey: Promise<CryptoKey>;
  /** Proof `jti`s seen within the proof window (per process or isolate). */
  replay: ReplayCache;
  limits: { address: RateLimiter; family: RateLimiter };
  /** The key the per-address limit counts under (an IPv6 address counts as its /64). */
  clientAddress: (c: Context) => string;
  now: () => number;
  allowInsecureRequests: boolean;
  /** BROKER_PUBLIC_URL, else this request's origin: the base of the callback and of every proof's `htu`. */
  publicOrigin: (c: Context) => string;
  /** The broker's own redirect URI at Intuit: `<publicOrigin>/oauth/callback`. */
  callbackUrl: (c: Context) => string;
}
