/**
 * The installation's proof of possession (RFC 9449's DPoP shape): a compact JWS, ES256, header
 * `{typ:"dpop+jwt", alg:"ES256", jwk}` carrying the installation's public key, claims `htm`, `htu`,
 * `iat`, `jti`. The extension makes one per request with its non-extractable private key; the broker
 * checks the signature, that the method and URL are this request's, that `iat` is within
 * PROOF_WINDOW_S of the broker's clock, and that the `jti` was not seen in that window. The key's
 * RFC 7638 thumbprint (`jkt`) is what codes and refresh tokens are bound to (wrap.ts).
 *
 * Web Crypto only, so the same code runs on Workers and Node. The replay cache is in memory, per
 * isolate (Workers) or per process (Node): a proof replayed within the window to another isolate is
 * not caught here; it still carries only this one request's method and URL, and whatever it returns
 * is wrapped for a key the replayer does not hold.
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from './state';

/** How far `iat` may be from the broker's clock, either way. */
export const PROOF_WINDOW_S = 60;
const MAX_PROOF_CHARS = 2048;
/** Past this, the oldest entries go first (they are the nearest to expiry anyway). */
const REPLAY_CACHE_MAX = 50_000;

const b64url = (length: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`));
const publicJwk = z.strictObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: b64url(43), y: b64url(43) });
export type PublicJwk = z.infer<typeof publicJwk>;

const headerSchema = z.object({ typ: z.literal('dpop+jwt'), alg: z.literal('ES256'), jwk: publicJwk });
const claimsSchema = z.object({
  htm: z.string().max(16),
  htu: z.string().max(512),
  iat: z.number().int(),
  jti: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

export type ProofCheck = { ok: true; jkt: string } | { ok: false };

const encoder = new TextEncoder();

/** RFC 7638: SHA-256 over the required members in lexicographic order, base64url. */
export async function jwkThumbprint(jwk: PublicJwk): Promise<string> {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(canonical))));
}

export const THUMBPRINT = /^[A-Za-z0-9_-]{43}$/;

function json(part: string): unknown {
  const bytes = fromBase64Url(part);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** Same origin and path (RFC 9449: htu without query and fragment). */
function sameTarget(htu: string, expected: string): boolean {
  try {
    const a = new URL(htu);
    const b = new URL(expected);
    return a.origin === b.origin && a.pathname === b.pathname && a.search === '' && a.hash === '';
  } catch {
    return false;
  }
}

export interface ReplayCache {
  /** True the first time a key is seen within its lifetime; false for a replay. */
  firstUse(key: string, now: number): boolean;
}

export function createReplayCache(lifetimeMs = 2 * PROOF_WINDOW_S * 1000): ReplayCache {
  const seen = new Map<string, number>();
  return {
    firstUse(key, now) {
      // Insertion order is expiry order (one lifetime for all): drop from the front.
      for (const [k, until] of seen) {
        if (until > now && seen.size < REPLAY_CACHE_MAX) break;
        seen.delete(k);
      }
      const until = seen.get(key);
      if (until !== undefined && until > now) return false;
      seen.set(key, now + lifetimeMs);
      return true;
    },
  };
}

export async function verifyProof(
  proof: string | undefined,
  request: { method: string; url: string },
  now: number,
  replay: ReplayCache,
): Promise<ProofCheck> {
  const refused = { ok: false } as const;
  if (!proof || proof.length > MAX_PROOF_CHARS) return refused;
  const [h, p, s, extra] = proof.split('.');
  if (!h || !p || !s || extra !== undefined) return refused;
  const header = headerSchema.safeParse(json(h));
  const claims = claimsSchema.safeParse(json(p));
  const signature = fromBase64Url(s);
  if (!header.success || !claims.success || signature?.length !== 64) return refused;

  let valid = false;
  try {
    const key = await crypto.subtle.importKey('jwk', header.data.jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, encoder.encode(`${h}.${p}`));
  } catch {
    return refused; // not a point on the curve
  }
  if (!valid) return refused;

  const c = claims.data;
  if (c.htm !== request.method || !sameTarget(c.htu, request.url)) return refused;
  if (Math.abs(now / 1000 - c.iat) > PROOF_WINDOW_S) return refused;
  const jkt = await jwkThumbprint(header.data.jwk);
  // Keyed by the thumbprint too: nobody can burn another installation's jti.
  if (!replay.firstUse(`${jkt}.${c.jti}`, now)) return refused;
  return { ok: true, jkt };
}
