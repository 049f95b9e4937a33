/**
 * The three calls the broker makes to Intuit's token service, through oauth4webapi: code exchange and
 * refresh at the token endpoint, revocation at the revocation endpoint. All authenticate with HTTP
 * Basic (client id and secret), the only client authentication Intuit accepts. Outcomes are values;
 * exceptions stop here.
 */
import * as oauth from 'oauth4webapi';
import { z } from 'zod';

export interface BrokerTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
  realmId?: string;
}

export type BrokerError = 'invalid_grant' | 'upstream_refused' | 'upstream_unavailable';
export type IntuitFailure = { ok: false; status: 400 | 502; error: BrokerError; upstreamError?: string };
export type TokenOutcome = { ok: true; tokens: BrokerTokens } | IntuitFailure;
export type RevokeOutcome = { ok: true } | IntuitFailure;

export interface IntuitClientOptions {
  clientId: string;
  clientSecret: string;
  discovery: () => Promise<oauth.AuthorizationServer>;
  fetch: typeof fetch;
  /** Test only: accept http:// endpoints. */
  allowInsecureRequests: boolean;
}

const seconds = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: seconds,
  x_refresh_token_expires_in: seconds,
  realmId: z.string().optional(),
});

function toFailure(error: unknown): IntuitFailure {
  if (error instanceof oauth.ResponseBodyError) {
    if (error.error === 'invalid_grant') return { ok: false, status: 400, error: 'invalid_grant' };
    // The OAuth error code (e.g. invalid_client: the broker's keys are wrong) helps whoever runs it;
    // the description is Intuit's free text and is not passed on.
    const code = /^[a-z_]{1,64}$/.test(error.error) ? error.error : undefined;
    return { ok: false, status: 502, error: 'upstream_refused', ...(code ? { upstreamError: code } : {}) };
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError)
    return { ok: false, status: 502, error: 'upstream_refused' };
  return { ok: false, status: 502, error: 'upstream_unavailable' };
}

function toTokens(answer: oauth.TokenEndpointResponse, fallback: { realmId?: string }): TokenOutcome {
  const parsed = tokenAnswer.safeParse(answer);
  if (!parsed.success) return { ok: false, status: 502, error: 'upstream_unavailable' };
  const { realmId = fallback.realmId, ...tokens } = parsed.data;
  return { ok: true, tokens: { ...tokens, ...(realmId ? { realmId } : {}) } };
}

export function createIntuitClient(options: IntuitClientOptions) {
  const client: oauth.Client = { client_id: options.clientId };
  const auth = oauth.ClientSecretBasic(options.clientSecret);
  const fetchVia = (f: typeof fetch) => ({
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<'POST', URLSearchParams>) => f(url, init),
    [oauth.allowInsecureRequests]: options.allowInsecureRequests,
  });
  const http = fetchVia(options.fetch);
  // Intuit documents its revocation endpoint with a JSON body {"token"} (its own client libraries send
  // JSON), not RFC 7009's form: same request, same Basic authentication, the body re-encoded.
  const asJson: typeof fetch = (url, init) => {
    const token = init?.body instanceof URLSearchParams ? init.body.get('token') : null;
    const headers = { ...(init?.headers as Record<string, string>), 'content-type': 'application/json' };
    return options.fetch(url, {
      ...init,
      headers: { ...headers, accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
  };

  return {
    async exchangeCode(code: string, redirectUri: string, realmId?: string): Promise<TokenOutcome> {
      try {
        const as = await options.discovery();
        const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);
        // Intuit supports no PKCE; the code is bound to the broker's client secret instead.
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          redirectUri,
          oauth.nopkce,
          http,
        );
        return toTokens(await oauth.processAuthorizationCodeResponse(as, client, response), { realmId });
      } catch (error) {
        return toFailure(error);
      }
    },

    async refresh(refreshToken: string): Promise<TokenOutcome> {
      try {
        const as = await options.discovery();
        const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, http);
        const answer = await oauth.processRefreshTokenResponse(as, client, response);
        // Intuit always rotates; should an answer omit the refresh token, the one sent stays the newest.
        return toTokens({ refresh_token: refreshToken, ...answer }, {});
      } catch (error) {
        return toFailure(error);
      }
    },

    async revoke(token: string): Promise<RevokeOutcome> {
      try {
        const as = await options.discovery();
        const response = await oauth.revocationRequest(as, client, auth, token, fetchVia(asJson));
        await oauth.processRevocationResponse(response);
        return { ok: true };
      } catch (error) {
        return toFailure(error);
      }
    },
  };
}

export type IntuitClient = ReturnType<typeof createIntuitClient>;
