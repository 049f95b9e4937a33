/**
 * A test installation key for the broker's tests: an ES256 key pair made with WebCrypto and a
 * signer that can make a good proof or any bad one (another method, URL, time, header), written
 * apart from the extension's lib/connection/installation-key.ts so the broker is judged against the
 * RFC's shape, not against the extension's reading of it (tests/connection/broker-proof.test.ts joins
 * the two).
 */
export interface ProofClaims {
  htm: string;
  htu: string;
  /** Seconds since the epoch. */
  iat: number;
  jti: string;
}

export interface TestKey {
  /** RFC 7638 thumbprint of the public key. */
  jkt: string;
  jwk: { kty: string; crv: string; x: string; y: string };
  /** A proof for this method and URL now; `claims` and `header` replace parts of it. */
  proof(
    method: string,
    url: string,
    options?: { claims?: Partial<ProofClaims>; header?: Record<string, unknown> },
  ): Promise<string>;
}

const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const part = (value: unknown) => b64url(encoder.encode(JSON.stringify(value)));
let jtiCounter = 0;

export async function createTestKey(now: () => number): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const full = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const jwk = { kty: full.kty ?? '', crv: full.crv ?? '', x: full.x ?? '', y: full.y ?? '' };
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  const jkt = b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(canonical))));
  return {
    jkt,
    jwk,
    async proof(method, url, options = {}) {
      const header = part({ typ: 'dpop+jwt', alg: 'ES256', jwk, ...options.header });
      const claims = part({
        htm: method,
        htu: url,
        iat: Math.floor(now() / 1000),
        jti: `jti-${++jtiCounter}-${crypto.randomUUID()}`,
        ...options.claims,
      });
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        pair.privateKey,
        encoder.encode(`${header}.${claims}`),
      );
      return `${header}.${claims}.${b64url(new Uint8Array(signature))}`;
    },
  };
}
