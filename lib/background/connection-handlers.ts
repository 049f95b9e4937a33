/**
 * The connection's messages from extension pages: save a pasted token, "Connect to QuickBooks" (the
 * sign-in window), "Forget" and "Disconnect", and the revoke Intuit has not confirmed yet ("Try
 * again", dismiss). The token never leaves the background: every answer is the popup's state.
 */
import type { Broker } from '../connection/broker';
import type { Revocations } from '../connection/revocation';
import { type IdentityApi, signIn } from '../connection/sign-in';
import type { TokenStore } from '../connection/token-store';
import type { JobRunner } from '../jobs/types';
import { fail, type Handlers, ok, type PageMessageType, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { Scope } from '../selection/store';
import { type AutoCheckServices, maybeAutoPreflight } from './auto-check';
import { type CompanyView, isActiveJob } from './company-view';
import type { ViewNotices } from './view-notices';

/** service-facts: an access token lives 3600 s. */
export const ACCESS_TOKEN_LIFETIME_SEC = 3600;

type ConnectionMessageType = Extract<PageMessageType, `connection/${string}`>;

/** What the connection's handlers use. */
export interface ConnectionServices
  extends Pick<CompanyView, 'currentScope' | 'hasToken' | 'latestJob'>,
    AutoCheckServices {
  tokens: Pick<TokenStore, 'getConnection' | 'save' | 'dismissEndInQuickBooks'>;
  revocations: Pick<Revocations, 'retry' | 'disconnect'>;
  broker: Broker;
  runner: Pick<JobRunner, 'tokenAvailable'>;
  /** The sign-in window; absent where the browser has none. */
  identity?: IdentityApi;
  now: () => number;
  view: ViewNotices;
}

export const connectionHandlers: Pick<Handlers<PageMessageType, [s: ConnectionServices]>, ConnectionMessageType> = {
  async 'connection/save'(msg, s) {
    const scope = { realmId: msg.realmId, environment: msg.environment };
    const before = await s.tokens.getConnection(scope);
    await s.tokens.save({
      realmId: msg.realmId,
      environment: msg.environment,
      token: msg.token,
      remember: msg.remember,
      // Intuit access tokens live one hour from issue and their expiry cannot be read (they are
      // encrypted): a pasted token is gone at the latest one hour from now, an upper bound. A save
      // without a token keeps the stored token, and its expiry (the store is per company).
      tokenExpiresAt: msg.token
        ? s.now() + (msg.expiresInSec ?? ACCESS_TOKEN_LIFETIME_SEC) * 1000
        : before?.tokenExpiresAt,
    });
    await s.revocations.retry(scope); // a sign-in this token replaced ends at Intuit (else shown, "Try again")
    s.view.setNotice(undefined);
    if (await s.hasToken(scope)) await s.runner.tokenAvailable(msg.realmId);
    await maybeAutoPreflight(s, true);
    return ok(await s.view.state());
  },
  async 'connection/connect'(msg, s) {
    // "Connect to QuickBooks": the sign-in window (the popup may close meanwhile; this goes on).
    if (!s.identity) return fail('Signing in is not available in this browser.');
    const result = await signIn({ identity: s.identity, broker: s.broker });
    if (result.kind === 'cancelled') return ok(await s.view.state());
    if (result.kind === 'failed') {
      // Shown on the screen of the client the person was connecting from, not on every client's.
      s.view.setNotice({ level: 'error', text: result.message }, await s.currentScope());
      return fail(result.message);
    }
    const scope = { realmId: result.realmId, environment: msg.environment };
    await s.tokens.save({
      ...scope,
      token: result.tokens.access,
      tokenExpiresAt: result.tokens.accessExpiresAt,
      refreshToken: result.tokens.refresh,
      refreshExpiresAt: result.tokens.refreshExpiresAt,
      method: 'oauth',
      remember: msg.stayConnected,
    });
    await s.revocations.retry(scope); // the sign-in this one replaced ends at Intuit (else shown, "Try again")
    s.view.setNotice(undefined);
    await s.runner.tokenAvailable(result.realmId);
    await maybeAutoPreflight(s, true);
    return ok(await s.view.state());
  },
  'connection/forget': (msg, s) => forgetConnection(s, msg.scope),
  'connection/disconnect': (msg, s) => forgetConnection(s, { realmId: msg.realmId, environment: msg.environment }),
  async 'connection/revokeRetry'(msg, s) {
    await s.revocations.retry({ realmId: msg.realmId, environment: msg.environment });
    s.view.changed();
    return ok(await s.view.state());
  },
  async 'connection/revokeDismiss'(msg, s) {
    await s.tokens.dismissEndInQuickBooks({ realmId: msg.realmId, environment: msg.environment });
    s.view.changed();
    return ok(await s.view.state());
  },
};

/** "Forget" and "Disconnect": the company the message names, never the one current at the click. */
async function forgetConnection(s: ConnectionServices, scope: Scope): Promise<Reply<PopupState>> {
  const running = await s.latestJob(scope);
  if (running && isActiveJob(running))
    return fail('A deletion job is running for this company: pause or cancel it first.');
  // Nothing calls the company from now on; it is forgotten once Intuit confirmed the revoke, else it
  // stays, shown with "Try again" (lib/connection/revocation.ts).
  await s.revocations.disconnect(scope);
  s.view.changed();
  return ok(await s.view.state());
}
