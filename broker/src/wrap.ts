/**
 * Codes and refresh tokens leave the broker only wrapped for one installation: AES-256-GCM under a
 * key of the broker's (HKDF-SHA256 from BROKER_WRAP_KEY, else BROKER_STATE_SECRET, else the client
 * secret), the additional data naming the kind and the installation key's thumbprint, the plaintext
 * carrying an expiry. Unwrapping needs that thumbprint, which the routes take only from a verified
 * proof (proof.ts): a wrapped token copied out of a browser profile, or a code read off a redirect,
 * is useless without the installation's non-extractable private key. Nothing is stored: the broker
 * stays stateless.
 *
 * `sdw1.<jkt>.<iv>.<ciphertext>`, base64url. The thumbprint is in the clear (it is also in the
 * additional data) so that a proof from another key can be told apart — 401 invalid_proof — from a
 * token that is not one of ours at all: a raw Intuit code or token (stored before wrapping existed),
 * one wrapped by another broker, a changed byte, an expired one — 400 invalid_grant, "Reconnect".
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from './state';

export type WrapKind = 'code' | 'refresh';
const PREFIX = 'sdw1';
const encoder = new TextEncoder();
const sealed = z.object({ t: z.string().min(1), e: z.number() });

export async function deriveWrapKey(secrets: {
  wrapKey?: string;
  stateSecret?: string;
  clientSecret: string;
}): Promise<CryptoKey> {
  const root = secrets.wrapKey ?? secrets.stateSecret ?? secrets.clientSecret;
  const ikm = await crypto.subtle.importKey('raw', encoder.encode(root), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('safe-delete-qbo broker'),
      info: encoder.encode('token wrap v1'),
    },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const aad = (kind: WrapKind, jkt: string) => encoder.encode(`${PREFIX}|${kind}|${jkt}`);

export type Unwrapped = { ok: true; token: string } | { ok: false; reason: 'otherKey' | 'invalid' };

/** The thumbprint a wrapped token is bound to; undefined for anything that is not a wrapped token. */
export function wrappedFor(wrapped: string): string | undefined {
  const [prefix, jkt, iv, cipher, extra] = wrapped.split('.');
  if (prefix !== PREFIX || !jkt || !/^[A-Za-z0-9_-]{43}$/.test(jkt) || !iv || !cipher || extra !== undefined) {
    return undefined;
  }
  return jkt;
}

export async function wrapToken(
  key: CryptoKey,
  kind: WrapKind,
  token: string,
  jkt: string,
  expiresAt: number,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = encoder.encode(JSON.stringify({ t: token, e: expiresAt }));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(kind, jkt) }, key, plain);
  return `${PREFIX}.${jkt}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(cipher))}`;
}

export async function unwrapToken(
  key: CryptoKey,
  kind: WrapKind,
  wrapped: string,
  jkt: string,
  now: number,
): Promise<Unwrapped> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const boundTo = wrappedFor(wrapped);
  if (boundTo === undefined) return invalid;
  if (boundTo !== jkt) return { ok: false, reason: 'otherKey' };
  const [, , ivText = '', cipherText = ''] = wrapped.split('.');
  const iv = fromBase64Url(ivText);
  const cipher = fromBase64Url(cipherText);
  if (iv?.length !== 12 || !cipher) return invalid;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad(kind, jkt) }, key, cipher);
  } catch {
    return invalid; // another broker's key, another kind, or a changed byte
  }
  let parsed: z.ZodSafeParseResult<z.infer<typeof sealed>>;
  try {
    parsed = sealed.safeParse(JSON.parse(new TextDecoder().decode(plain)));
  } catch {
    return invalid;
  }
  if (!parsed.success || now > parsed.data.e) return invalid;
  return { ok: true, token: parsed.data.t };
}
