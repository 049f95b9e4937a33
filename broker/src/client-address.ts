/**
 * Which address a request came from, for the per-address rate limit. Node: the socket's peer (or,
 * behind a proxy that sets it, one named header: node.ts BROKER_CLIENT_IP_HEADER). Workers:
 * `CF-Connecting-IP`, which Cloudflare sets and a client cannot. An IPv6 address counts as its /64,
 * the block one subscriber usually holds.
 */
import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The /64 of an IPv6 address (`2001:db8:0:1::/64`); an IPv4 address (or IPv4-mapped) as it is. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function defaultClientAddress(c: Context): string {
  const node = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  const address = node ?? c.req.header('cf-connecting-ip');
  return address ? addressKey(address) : 'unknown';
}

/**
 * Behind a reverse proxy (Node): the client's address from the header that proxy sets. The last
 * entry of a list (X-Forwarded-For): the one the proxy appended; those before it came from the client.
 */
export function fromProxyHeader(header: string): (c: Context) => string {
  return (c) => {
    const value = c.req.header(header)?.split(',').at(-1)?.trim();
    return value ? addressKey(value) : defaultClientAddress(c);
  };
}
