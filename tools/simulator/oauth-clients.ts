/**
 * Apps registered at the authorization server: redirect URIs checked at registration (absolute,
 * no fragment, https or loopback http) and HTTP Basic client authentication.
 */
import { timingSafeEqual } from 'node:crypto';
import type { OAuthClient } from './api';

/** Why a redirect URI cannot be registered, or undefined: absolute, no fragment, https or loopback http. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI is not an absolute URL: ${uri}`;
  }
  if (url.hash || uri.includes('#')) return `redirect URI must not have a fragment: ${uri}`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) return undefined;
  return `redirect URI must be https (plain http only for localhost/127.0.0.1): ${uri}`;
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const formDecode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

export function createClientRegistry() {
  const clients = new Map<string, OAuthClient>();
  return {
    register(client: OAuthClient): void {
      if (!client.clientId || !client.clientSecret) throw new Error('clientId and clientSecret are required');
      if (client.redirectUris.length === 0) throw new Error('at least one redirect URI is required');
      for (const uri of client.redirectUris) {
        const problem = redirectUriProblem(uri);
        if (problem) throw new Error(problem);
      }
      clients.set(client.clientId, { ...client, redirectUris: [...client.redirectUris] });
    },

    get: (clientId: string): OAuthClient | undefined => clients.get(clientId),

    /** `Authorization: Basic base64(id:secret)`; id and secret taken raw or form-decoded (RFC 6749 §2.3.1). */
    authenticate(authorization: string | undefined): OAuthClient | undefined {
      const match = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
      if (!match?.[1]) return undefined;
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return undefined;
      const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
      for (const [i, s] of [
        [id, secret],
        [formDecode(id), formDecode(secret)],
      ] as const) {
        const client = clients.get(i);
        if (client && sameSecret(client.clientSecret, s)) return client;
      }
      return undefined;
    },
  };
}
