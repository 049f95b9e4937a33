/**
 * The broker's own `state`: an HMAC-SHA256-signed, expiring envelope of the extension's redirect URL,
 * the extension's state, the installation key's thumbprint (the code is wrapped for it) and a nonce. Signed, not encrypted: it travels through Intuit and back, and
 * holds nothing secret (the nonce is only worth something together with the browser's cookie).
 * Web Crypto only, so the same code runs on Workers and Node.
 */
import { z } from 'zod';

export const STATE_LIFETIME_MS = 10 * 60_000;

const envelopeSchema = z.object({
  v: z.literal(2),
  /** the extension's redirect URL */
  r: z.string(),
  /** the extension's own state */
  s: z.string(),
  /** the installation key's thumbprint (RFC 7638), from /oauth/start's `jkt` */
  k: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  /** nonce, also in the cookie */
  n: z.string(),
  /** cookie id, so two sign-ins in one browser do not overwrite each other's cookie */
  i: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  /** expiry, ms since the epoch */
  e: z.number(),
});
export type StateEnvelope = z.infer<typeof envelopeSchema>;

export type OpenedState = { ok: true; envelope: StateEnvelope } | { ok: false; reason: 'forged' | 'expired' };

const encoder = new TextEncoder();
const KEY_LABEL = 'safe-delete-qbo broker state key v1';

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined; // a length no base64 can have
  }
}

export function randomToken(bytes: number): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

const hmacKey = (raw: BufferSource, usages: KeyUsage[]): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, usages);

/**
 * The signing key: BROKER_STATE_SECRET when set, else HMAC(client secret, label) so a broker needs
 * no second secret, and the client secret itself never signs anything that leaves the broker.
 */
export async function deriveStateKey(secrets: { stateSecret?: string; clientSecret: string }): Promise<CryptoKey> {
  if (secrets.stateSecret) return hmacKey(encoder.encode(secrets.stateSecret), ['sign', 'verify']);
  const master = await hmacKey(encoder.encode(secrets.clientSecret), ['sign']);
  return hmacKey(await crypto.subtle.sign('HMAC', master, encoder.encode(KEY_LABEL)), ['sign', 'verify']);
}

export async function sealState(key: CryptoKey, envelope: StateEnvelope): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(envelope)));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  return `${body}.${toBase64Url(mac)}`;
}

export async function openState(key: CryptoKey, state: string, now: number): Promise<OpenedState> {
  const [body, mac, extra] = state.split('.');
  const macBytes = mac === undefined ? undefined : fromBase64Url(mac);
  if (!body || !macBytes || extra !== undefined) return { ok: false, reason: 'forged' };
  // crypto.subtle.verify compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', key, macBytes, encoder.encode(body))))
    return { ok: false, reason: 'forged' };
  const bytes = fromBase64Url(body);
  let json: unknown;
  try {
    json = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'forged' };
  if (now > parsed.data.e) return { ok: false, reason: 'expired' };
  return { ok: true, envelope: parsed.data };
}

/** Equal strings, compared without an early exit. */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
