/**
 * This installation's own key pair, the proof that a call to the token broker comes from here:
 * ECDSA P-256 made with WebCrypto, the private key NON-EXTRACTABLE (no script, this one included,
 * can read its bytes), kept in the extension's own IndexedDB (CryptoKey objects are structured-
 * cloneable into it in Chrome and Firefox). The broker wraps codes and refresh tokens for this key's
 * thumbprint, so a refresh token copied out of the browser profile is useless without the key.
 *
 * Each call to the broker carries a proof (RFC 9449's DPoP shape): a compact JWS, ES256, header
 * `{typ:"dpop+jwt", alg:"ES256", jwk}` with the public key, claims `htm`, `htu`, `iat`, `jti`.
 *
 * The pair is made on first use and then kept: if IndexedDB loses it, or it cannot be read back as
 * a non-extractable P-256 signing key, a new pair is made and every sign-in of this installation
 * shows "Reconnect" (the broker refuses the old wrapped tokens with invalid_grant).
 */
import { type IDBPDatabase, wrap } from 'idb';
import { z } from 'zod';
import { INDEXED_DBS } from '../storage/keys';

const DB = INDEXED_DBS.installationKey;
export const INSTALLATION_KEY_DB = DB.name;
const STORE = 'keys' satisfies keyof typeof DB.stores;
const RECORD = 'installation';

export interface InstallationKey {
  /** RFC 7638 thumbprint of the public key, base64url: what the broker binds codes and tokens to. */
  thumbprint(): Promise<string>;
  /** A proof for one request: `DPoP` header value. */
  proof(method: string, url: string): Promise<string>;
}

const isCryptoKey = (value: unknown): value is CryptoKey =>
  typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
const StoredPair = z.object({
  privateKey: z.custom<CryptoKey>(isCryptoKey),
  publicKey: z.custom<CryptoKey>(isCryptoKey),
});

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const jsonPart = (value: unknown) => toBase64Url(encoder.encode(JSON.stringify(value)));

/** A pair this module would have made: P-256, the private half unreadable and for signing only. */
function usable(pair: { privateKey: CryptoKey; publicKey: CryptoKey }): boolean {
  const curve = (k: CryptoKey) => (k.algorithm as EcKeyAlgorithm).namedCurve;
  return (
    pair.privateKey.type === 'private' &&
    !pair.privateKey.extractable &&
    pair.privateKey.usages.includes('sign') &&
    curve(pair.privateKey) === 'P-256' &&
    pair.publicKey.type === 'public' &&
    curve(pair.publicKey) === 'P-256'
  );
}

interface Loaded {
  privateKey: CryptoKey;
  jwk: { kty: string; crv: string; x: string; y: string };
  thumbprint: string;
}

export function createInstallationKey(deps: {
  /** The extension's IndexedDB (tests: fake-indexeddb's). Read on first use. */
  indexedDB: () => IDBFactory;
  now: () => number;
  dbName?: string;
}): InstallationKey {
  let loading: Promise<Loaded> | undefined;

  async function open(): Promise<IDBPDatabase> {
    const request = deps.indexedDB().open(deps.dbName ?? INSTALLATION_KEY_DB, DB.version);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    const db = await wrap(request);
    if (!db) throw new Error('IndexedDB did not open');
    return db;
  }

  async function pair(): Promise<CryptoKeyPair> {
    const db = await open();
    try {
      const stored = StoredPair.safeParse(await db.get(STORE, RECORD));
      if (stored.success && usable(stored.data)) return stored.data;
      // Made before the write transaction: a transaction closes when it waits on anything but itself.
      const made = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
      const tx = db.transaction(STORE, 'readwrite');
      const raced = StoredPair.safeParse(await tx.store.get(RECORD));
      const kept = raced.success && usable(raced.data) ? raced.data : made;
      if (kept === made) await tx.store.put(made, RECORD);
      await tx.done;
      return kept;
    } finally {
      db.close();
    }
  }

  async function load(): Promise<Loaded> {
    const { privateKey, publicKey } = await pair();
    const full = await crypto.subtle.exportKey('jwk', publicKey);
    const jwk = { kty: full.kty ?? '', crv: full.crv ?? '', x: full.x ?? '', y: full.y ?? '' };
    // RFC 7638: the required members, in lexicographic order, no white space.
    const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(canonical));
    return { privateKey, jwk, thumbprint: toBase64Url(new Uint8Array(digest)) };
  }

  const loaded = (): Promise<Loaded> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // try again next time (IndexedDB may be back)
      throw error;
    });
    return loading;
  };

  return {
    thumbprint: async () => (await loaded()).thumbprint,
    async proof(method, url) {
      const key = await loaded();
      const header = jsonPart({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.jwk });
      const claims = jsonPart({
        htm: method,
        htu: url,
        iat: Math.floor(deps.now() / 1000),
        jti: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      });
      const input = `${header}.${claims}`;
      // WebCrypto's ECDSA signature is r‖s (64 bytes): exactly the JWS form.
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        key.privateKey,
        encoder.encode(input),
      );
      return `${input}.${toBase64Url(new Uint8Array(signature))}`;
    },
  };
}
