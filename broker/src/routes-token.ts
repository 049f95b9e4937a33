/**
 * The extension's half: JSON in, JSON out, from the extension's background only. The broker adds its
 * client secret on the way to Intuit and forgets both the request and the answer.
 *
 *   POST /oauth/token   {code, realmId?}  → 200 {access_token, refresh_token, expires_in, x_refresh_token_expires_in, realmId?}
 *   POST /oauth/refresh {refresh_token}   → 200 the same shape | 400 {"error":"invalid_grant"}
 *   POST /oauth/revoke  {token}           → 200 {"revoked":true}
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { BrokerContext } from './context';
import type { IntuitFailure, TokenOutcome } from './intuit';

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

function answer(c: Context, outcome: TokenOutcome): Response {
  return outcome.ok ? c.json(outcome.tokens, 200) : failed(c, outcome);
}

export function tokenRoutes(app: Hono, ctx: BrokerContext): void {
  app.post('/oauth/token', async (c) => {
    const body = await readJson(c, tokenBody);
    if (body instanceof Response) return body;
    return answer(c, await ctx.intuit.exchangeCode(body.code, ctx.callbackUrl(c), body.realmId));
  });

  app.post('/oauth/refresh', async (c) => {
    const body = await readJson(c, refreshBody);
    if (body instanceof Response) return body;
    return answer(c, await ctx.intuit.refresh(body.refresh_token));
  });

  app.post('/oauth/revoke', async (c) => {
    const body = await readJson(c, revokeBody);
    if (body instanceof Response) return body;
    const outcome = await ctx.intuit.revoke(body.token);
    return outcome.ok ? c.json({ revoked: true }, 200) : failed(c, outcome);
  });
}
