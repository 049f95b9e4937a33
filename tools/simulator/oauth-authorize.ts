/**
 * The authorize endpoint `GET|POST /connect/oauth2` (appcenter.intuit.com on the service): checks the
 * request, then sign-in → company picker (every seeded company, by CompanyName) → consent. Connect
 * answers 302 to the registered redirect URI with `code`, `state` and `realmId`; Cancel with
 * `error=access_denied&state=`.
 *
 * Decisions where the documents are silent (never kinder than the service):
 * - Any problem with the request (unknown client, redirect URI not registered exactly, response_type
 *   other than `code`, a scope without com.intuit.quickbooks.accounting or an unknown one, no
 *   state, a parameter given twice) → a 400 error page, never a redirect.
 * - The sign-in is asked every time (no remembered session); a session lives 30 minutes.
 */
import type { Context, Hono } from 'hono';
import { AUTHORIZE_PATH, companyPage, consentPage, errorPage, PAGE_HEADERS, signInPage } from './oauth-pages';
import { ACCOUNTING_SCOPE, type AuthSession, DEFAULT_APP_NAME, KNOWN_SCOPES } from './oauth-store';
import type { SimState } from './state';

const PARAMS = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state'] as const;

function html(c: Context, body: string, status: 200 | 400 = 200): Response {
  return c.html(body, status, PAGE_HEADERS);
}

/** What is wrong with an authorize request, or undefined. */
function requestProblem(state: SimState, q: Record<(typeof PARAMS)[number], string>): string | undefined {
  const client = state.oauth.client(q.client_id);
  if (!client) return `Unknown client_id "${q.client_id}".`;
  if (!client.redirectUris.includes(q.redirect_uri)) {
    return `The redirect_uri "${q.redirect_uri}" is not registered for this app.`;
  }
  if (q.response_type !== 'code') return `Unsupported response_type "${q.response_type}" (only "code").`;
  const scopes = q.scope.split(' ').filter(Boolean);
  const unknown = scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) return `Invalid scope: ${unknown.join(' ')}.`;
  if (!scopes.includes(ACCOUNTING_SCOPE)) return `The scope must include ${ACCOUNTING_SCOPE}.`;
  if (!q.state) return 'The state parameter is required.';
  return undefined;
}

/** The redirect URI with extra query parameters (its own query, if any, kept). */
function redirectTo(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, v);
  return url.toString();
}

function companies(state: SimState): { realmId: string; companyName: string }[] {
  return [...state.store.companies.values()].map((co) => ({ realmId: co.realmId, companyName: co.companyName }));
}

export function mountAuthorize(app: Hono, state: SimState): void {
  app.get(AUTHORIZE_PATH, (c) => {
    const twice = PARAMS.find((k) => (c.req.queries(k)?.length ?? 0) > 1);
    if (twice) return html(c, errorPage(`The parameter ${twice} was given more than once.`), 400);
    const q = Object.fromEntries(PARAMS.map((k) => [k, c.req.query(k) ?? ''])) as Record<
      (typeof PARAMS)[number],
      string
    >;
    const problem = requestProblem(state, q);
    if (problem) return html(c, errorPage(problem), 400);
    const session = state.oauth.openSession({
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scope: q.scope,
      state: q.state,
    });
    return html(c, signInPage(session));
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    const form = await c.req.parseBody();
    const field = (k: string): string => {
      const v = form[k];
      return typeof v === 'string' ? v : '';
    };
    const session = state.oauth.session(field('session'));
    if (!session) return html(c, errorPage('This sign-in has expired. Start again from the app.'), 400);
    if (field('step') !== session.step) return html(c, errorPage('This step is out of order.'), 400);
    return step(c, state, session, field);
  });
}

function step(c: Context, state: SimState, session: AuthSession, field: (k: string) => string): Response {
  if (session.step === 'signin') {
    const email = field('email').trim();
    const password = field('password');
    const user = state.config.oauthUser;
    if (!email || !password) return html(c, signInPage(session, 'Enter your email and password.'));
    if (user && (user.email !== email || user.password !== password)) {
      return html(c, signInPage(session, 'The email or password is incorrect.'));
    }
    session.email = email;
    session.step = 'company';
    return html(c, companyPage(session, companies(state)));
  }
  if (session.step === 'company') {
    const realmId = field('realmId');
    if (!state.store.findCompany(realmId)) {
      return html(c, companyPage(session, companies(state), 'Choose a company to connect.'));
    }
    session.realmId = realmId;
    session.step = 'consent';
    const appName = state.oauth.client(session.clientId)?.name ?? DEFAULT_APP_NAME;
    return html(c, consentPage(session, appName, state.store.company(realmId).companyName));
  }
  const action = field('action');
  if (action === 'connect') {
    const realmId = session.realmId ?? '';
    const code = state.oauth.issueCode(session);
    return c.redirect(redirectTo(session.redirectUri, { code, state: session.state, realmId }), 302);
  }
  if (action === 'cancel') {
    state.oauth.closeSession(session.id);
    return c.redirect(redirectTo(session.redirectUri, { error: 'access_denied', state: session.state }), 302);
  }
  return html(c, errorPage('Choose Connect or Cancel.'), 400);
}
