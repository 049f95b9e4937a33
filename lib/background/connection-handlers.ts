/**
 * The connection's messages from extension pages: save a pasted token, "Connect to QuickBooks" (the
 * sign-in window), "Forget" and "Disconnect", and the revoke Intuit has not confirmed yet ("Try
 * again", dismiss). The token never leaves the background: every answer is the popup's state.
 */
import { signIn } from '../connection/sign-in';
import { fail, type Handlers, ok, type PageMessageType, type Reply } from '../messaging/protocol';
import type { PopupState } from '../messaging/views';
import type { Scope } from '../selection/store';
import type { BackgroundCore } from './app';
import { isActiveJob } from './app';
import type { BackgroundDeps } from './deps';
import { maybeAutoPreflight } from './selection-handlers';

/** service-facts: an access token lives 3600 s. */
export const ACCESS_TOKEN_LIFETIME_SEC = 3600;

type ConnectionMessageType = Extract<PageMessageType, `connection/${string}`>;

export const connectionHandlers: Pick<
  Handlers<PageMessageType, [core: BackgroundCore, deps: BackgroundDeps]>,
  ConnectionMessageType
> = {
  async 'connection/save'(msg, core, deps) {
    const scope = { realmId: msg.realmId, environment: msg.environment };
    const before = await core.tokens.getConnection(scope);
    await core.tokens.save({
      realmId: msg.realmId,
      environment: msg.environment,
      token: msg.token,
      remember: msg.remember,
      // Intuit access tokens live one hour from issue and their expiry cannot be read (they are
      // encrypted): a pasted token is gone at the latest one hour from now, an upper bound. A save
      // without a token keeps the stored token, and its expiry (the store is per company).
      tokenExpiresAt: msg.token
        ? deps.clock.now() + (msg.expiresInSec ?? ACCESS_TOKEN_LIFETIME_SEC) * 1000
        : before?.tokenExpiresAt,
    });
    await core.revocations.retry(scope); // a sign-in this token replaced ends at Intuit (else shown, "Try again")
    core.setNotice(undefined);
    if (await core.hasToken(scope)) await core.runner.tokenAvailable(msg.realmId);
    await maybeAutoPreflight(core, true);
    return ok(await core.state());
  },
  async 'connection/connect'(msg, core, deps) {
    // "Connect to QuickBooks": the sign-in window (the popup may close meanwhile; this goes on).
    if (!deps.identity) return fail('Signing in is not available in this browser.');
    const result = await signIn({ identity: deps.identity, broker: core.broker });
    if (result.kind === 'cancelled') return ok(await core.state());
    if (result.kind === 'failed') {
      // Shown on the screen of the client the person was connecting from, not on every client's.
      core.setNotice({ level: 'error', text: result.message }, await core.currentScope());
      return fail(result.message);
    }
    const scope = { realmId: result.realmId, environment: msg.environment };
    await core.tokens.save({
      ...scope,
      token: result.tokens.access,
      tokenExpiresAt: result.tokens.accessExpiresAt,
      refreshToken: result.tokens.refresh,
      refreshExpiresAt: result.tokens.refreshExpiresAt,
      method: 'oauth',
      remember: msg.stayConnected,
    });
    await core.revocations.retry(scope); // the sign-in this one replaced ends at Intuit (else shown, "Try again")
    core.setNotice(undefined);
    await core.runner.tokenAvailable(result.realmId);
    await maybeAutoPreflight(core, true);
    return ok(await core.state());
  },
  'connection/forget': (msg, core) => forgetConnection(core, msg.scope),
  'connection/disconnect': (msg, core) =>
    forgetConnection(core, { realmId: msg.realmId, environment: msg.environment }),
  async 'connection/revokeRetry'(msg, core) {
    await core.revocations.retry({ realmId: msg.realmId, environment: msg.environment });
    core.changed();
    return ok(await core.state());
  },
  async 'connection/revokeDismiss'(msg, core) {
    await core.tokens.dismissEndInQuickBooks({ realmId: msg.realmId, environment: msg.environment });
    core.changed();
    return ok(await core.state());
  },
};

/** "Forget" and "Disconnect": the company the message names, never the one current at the click. */
async function forgetConnection(core: BackgroundCore, scope: Scope): Promise<Reply<PopupState>> {
  const running = await core.latestJob(scope);
  if (running && isActiveJob(running))
    return fail('A deletion job is running for this company: pause or cancel it first.');
  // Nothing calls the company from now on; it is forgotten once Intuit confirmed the revoke, else it
  // stays, shown with "Try again" (lib/connection/revocation.ts).
  await core.revocations.disconnect(scope);
  core.changed();
  return ok(await core.state());
}
