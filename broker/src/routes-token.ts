/**
 * The extension's half: JSON in, JSON out, from the extension's background only, each call with a
 * proof signed by the installation's key in a `DPoP` header (proof.ts). Codes and refresh tokens
 * come and go wrapped for that key (wrap.ts): the broker unwraps with the thumbprint of the key that
 * signed the proof, adds its client secret on the way to Intuit, and forgets both request and answer.
 *
 *   POST /oauth/token   {code: wrapped, realmId?} → 200 {access_token, refresh_token: wrapped, expires_in, x_refresh_token_expires_in, realmId?}
 *   POST /oauth/refresh {refresh_token: wrapped}  → 200 the same shape | 400 {"error":"invalid_grant"}
 *   POST /oauth/revoke  {token: wrapped}          → 200 {"revoked":true}
 *
 * No proof, a bad one, a replayed one, one for another URL or method, one out of its time window, or
 * one from a key other than the one the code or token is wrapped for: 401 {"error":"invalid_proof"}.
 * A code or refresh token that is not wrapped by this broker (stored raw before wrapping existed,
 * changed, expired): 400 {"error":"invalid_grant"} — the extension shows "Reconnect".
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { BrokerContext } from './context';
import type { IntuitFailure, TokenOutcome } from './intuit';
import { verifyProof } from './proof';
import { rateLimited } from './rate-limit';
import { unwrapToken, type WrapKind, wrapToken } from './wrap';

/** A wrapped refresh token lives no longer than Intuit's own limit (100 days, rolling). */
const MAX_REFRESH_LIFETIME_S = 101 * 86_400;

const credential = z.string().min(1).max(2048);
const tokenBody = z.object({
  code: credential,
  realmId: z
    .string()
    .regex(/^\d{1,32}$/)
    .optional(),
});
const refreshBody = z.object({ refresh_token: credential });
const revokeBody = z.object({ token: credential });

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T | Response> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    return c.json({ error: 'unsupported_media_type' }, 415);
  }
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  return parsed.success ? parsed.data : c.json({ error: 'invalid_request' }, 400);
}

function failed(c: Context, failure: IntuitFailure): Response {
  const body = failure.upstreamError
    ? { error: failure.error, upstream_error: failure.upstreamError }
    : { error: failure.error };
  return c.json(body, failure.status);
}

const invalidGrant = (c: Context) => c.json({ error: 'invalid_grant' }, 400);
const invalidProof = (c: Context) => c.json({ error: 'invalid_proof' }, 401);

export function tokenRoutes(app: Hono, ctx: BrokerContext): void {
  /** The proof's key thumbprint, within its per-installation limit; else the refusal to send. */
  async function prove(c: Context): Promise<string | Response> {
    const url = `${ctx.publicOrigin(c)}${c.req.path}`;
    const proof = await verifyProof(c.req.header('dpop'), { method: c.req.method, url }, ctx.now(), ctx.replay);
    if (!proof.ok) return invalidProof(c);
    const decision = await ctx.limits.family.limit(proof.jkt);
    return decision.success ? proof.jkt : rateLimited(c, decision);
  }

  /** Proof first (the access control), then the body, then the credential unwrapped for that key. */
  async function accept<T>(
    c: Context,
    schema: z.ZodType<T>,
    kind: WrapKind,
    wrapped: (body: T) => string,
  ): Promise<{ jkt: string; body: T; credential: string } | Response> {
    const jkt = await prove(c);
    if (jkt instanceof Response) return jkt;
    const body = await readJson(c, schema);
    if (body instanceof Response) return body;
    const unwrapped = await unwrapToken(await ctx.wrapKey, kind, wrapped(body), jkt, ctx.now());
    if (unwrapped.ok) return { jkt, body, credential: unwrapped.token };
    return unwrapped.reason === 'otherKey' ? invalidProof(c) : invalidGrant(c);
  }

  async function answer(c: Context, jkt: string, outcome: TokenOutcome): Promise<Response> {
    if (!outcome.ok) return failed(c, outcome);
    const lifetimeS = Math.min(outcome.tokens.x_refresh_token_expires_in, MAX_REFRESH_LIFETIME_S);
    const refresh = await wrapToken(
      await ctx.wrapKey,
      'refresh',
      outcome.tokens.refresh_token,
      jkt,
      ctx.now() + lifetimeS * 1000,
    );
    return c.json({ ...outcome.tokens, refresh_token: refresh }, 200);
  }

  app.post('/oauth/token', async (c) => {
    const got = await accept(c, tokenBody, 'code', (b) => b.code);
    if (got instanceof Response) return got;
    const outcome = await ctx.intuit.exchangeCode(got.credential, ctx.callbackUrl(c), got.body.realmId);
    return answer(c, got.jkt, outcome);
  });

  app.post('/oauth/refresh', async (c) => {
    const got = await accept(c, refreshBody, 'refresh', (b) => b.refresh_token);
    if (got instanceof Response) return got;
    return answer(c, got.jkt, await ctx.intuit.refresh(got.credential));
  });

  app.post('/oauth/revoke', async (c) => {
    const got = await accept(c, revokeBody, 'refresh', (b) => b.token);
    if (got instanceof Response) return got;
    const outcome = await ctx.intuit.revoke(got.credential);
    return outcome.ok ? c.json({ revoked: true }, 200) : failed(c, outcome);
  });
}
