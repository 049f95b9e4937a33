/**
 * The browser half of sign-in. /oauth/start (with the installation key's thumbprint, `jkt`) sends the
 * sign-in window to Intuit with the broker's own callback and a signed state that carries the
 * thumbprint; /oauth/callback checks that state and the browser's nonce cookie, then hands the code
 * wrapped for that key (wrap.ts), `realmId` and the extension's state to the extension's redirect URL.
 * A code read off that URL is useless without the installation's private key. Nothing here touches a
 * token or the client secret.
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { BrokerContext } from './context';
import { THUMBPRINT } from './proof';
import { openState, randomToken, STATE_LIFETIME_MS, sameString, sealState } from './state';
import { wrapToken } from './wrap';

export const SCOPE = 'com.intuit.quickbooks.accounting';
const COOKIE_PREFIX = 'broker_nonce_';

const callbackQuery = z.object({
  state: z.string().max(4096),
  code: z.string().max(4096).optional(),
  realmId: z.string().max(64).optional(),
  error: z.string().max(256).optional(),
});

const INVALID_STATE =
  'This sign-in link is not valid here: it was changed, it expired, or it was opened in another browser. ' +
  'Start again from the extension.';

function normalise(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

const cookieOptions = (path: string) => ({ path, httpOnly: true, secure: true, sameSite: 'Lax' as const });

export function signInRoutes(app: Hono, ctx: BrokerContext): void {
  app.get('/oauth/start', async (c) => {
    // Exact match against the allow-list (after URL normalisation): no open redirect.
    const redirect = normalise(c.req.query('redirect_uri') ?? '');
    if (!redirect || !ctx.config.allowedRedirects.includes(redirect)) {
      return c.json({ error: 'redirect_uri_not_allowed' }, 400);
    }
    const extensionState = c.req.query('state');
    if (!extensionState || extensionState.length > 512) return c.json({ error: 'invalid_request' }, 400);
    const jkt = c.req.query('jkt');
    if (!jkt || !THUMBPRINT.test(jkt)) return c.json({ error: 'invalid_request' }, 400);
    const as = await ctx.discovery().catch(() => undefined);
    if (!as?.authorization_endpoint) return c.json({ error: 'upstream_unavailable' }, 502);
    const authorize = new URL(as.authorization_endpoint);
    if (authorize.protocol !== 'https:' && !ctx.allowInsecureRequests) {
      return c.json({ error: 'upstream_unavailable' }, 502);
    }

    const nonce = randomToken(16);
    const id = randomToken(6);
    const callback = ctx.callbackUrl(c);
    const state = await sealState(await ctx.stateKey, {
      v: 2,
      r: redirect,
      s: extensionState,
      k: jkt,
      n: nonce,
      i: id,
      e: ctx.now() + STATE_LIFETIME_MS,
    });
    authorize.searchParams.set('client_id', ctx.config.clientId);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('scope', SCOPE);
    authorize.searchParams.set('redirect_uri', callback);
    authorize.searchParams.set('state', state);
    setCookie(c, COOKIE_PREFIX + id, nonce, {
      ...cookieOptions(new URL(callback).pathname),
      maxAge: STATE_LIFETIME_MS / 1000,
    });
    return c.redirect(authorize.href, 302);
  });

  app.get('/oauth/callback', async (c) => {
    const query = callbackQuery.safeParse(c.req.query());
    if (!query.success) return refuse(c);
    const opened = await openState(await ctx.stateKey, query.data.state, ctx.now());
    if (!opened.ok) return refuse(c);
    const { r: redirect, s: extensionState, k: jkt, n: nonce, i: id } = opened.envelope;
    const cookie = getCookie(c, COOKIE_PREFIX + id);
    // Without the cookie set by /oauth/start in this browser, the state was replayed or carried over
    // from another browser: refuse rather than hand someone else's code to this one.
    if (cookie === undefined || !sameString(cookie, nonce)) return refuse(c);
    if (!ctx.config.allowedRedirects.includes(redirect)) return refuse(c);
    deleteCookie(c, COOKIE_PREFIX + id, cookieOptions(new URL(ctx.callbackUrl(c)).pathname));

    const target = new URL(redirect);
    const { error, code, realmId } = query.data;
    if (error !== undefined || code === undefined) {
      target.searchParams.set('error', error && /^[a-z_]{1,64}$/.test(error) ? error : 'invalid_request');
    } else {
      const wrapped = await wrapToken(await ctx.wrapKey, 'code', code, jkt, ctx.now() + STATE_LIFETIME_MS);
      target.searchParams.set('code', wrapped);
      if (realmId !== undefined) target.searchParams.set('realmId', realmId);
    }
    target.searchParams.set('state', extensionState);
    return c.redirect(target.href, 302);
  });
}

function refuse(c: Context): Response {
  return c.text(INVALID_STATE, 400);
}
