/** What every route of the broker shares, built once per app by createBrokerApp. */
import type { Context } from 'hono';
import type * as oauth from 'oauth4webapi';
import type { BrokerConfig } from './config';
import type { IntuitClient } from './intuit';

export interface BrokerContext {
  config: BrokerConfig;
  discovery: () => Promise<oauth.AuthorizationServer>;
  intuit: IntuitClient;
  stateKey: Promise<CryptoKey>;
  now: () => number;
  allowInsecureRequests: boolean;
  /** The broker's own redirect URI at Intuit: BROKER_PUBLIC_URL, else this request's origin. */
  callbackUrl: (c: Context) => string;
}
