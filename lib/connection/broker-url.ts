/**
 * Where the token broker lives: a build setting. A firm that self-hosts its broker builds with
 * `WXT_BROKER_URL=https://its-broker.example npm run build`; the CSP's connect-src names the same
 * origin (wxt.config.ts reads this module too). No import.meta here: wxt.config.ts runs in Node.
 */
export const DEFAULT_BROKER_URL = 'https://broker.safe-delete.app';

/** The broker's origin, validated: https only (plain http only for 127.0.0.1 / localhost). */
export function brokerOrigin(url: string): string {
  const u = new URL(url);
  const local = u.hostname === '127.0.0.1' || u.hostname === 'localhost';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local))
    throw new Error(`broker URL must be https: ${url}`);
  return u.origin;
}
