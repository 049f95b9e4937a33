/**
 * Firefox has no `--host-resolver-rules`: the service's real host names reach the simulator through
 * a PAC script that sends every request to this local proxy, which pipes each CONNECT for a mapped
 * host to the simulator's HTTPS port and refuses everything else (Firefox's own background calls
 * included), so nothing leaves the machine. TLS stays end to end: the browser sees the simulator's
 * test certificate for the real host name (spike NOTES, "Mapping the service's host names").
 */
import http from 'node:http';
import net from 'node:net';
import { MAPPED_HOSTS } from '../chromium/chromium';

export interface ConnectProxy {
  port: number;
  /** Hosts it refused (`host:port`), for diagnostics. */
  refused: string[];
  /** A PAC script as a `data:` URL: everything through this proxy. */
  pacUrl: string;
  close(): Promise<void>;
}

/** `*.qbo.intuit.com` matches one or more labels before `.qbo.intuit.com`, as Chromium's MAP rule does. */
export function isMappedHost(host: string): boolean {
  return MAPPED_HOSTS.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

/**
 * `extraHosts` sends further host names to their own local ports (e.g. the token broker under its
 * real host name), ahead of the mapped hosts, as Chromium's extra MAP rules do.
 */
export async function startConnectProxy(
  targetPort: number,
  extraHosts: Record<string, number> = {},
): Promise<ConnectProxy> {
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  // Plain-HTTP requests (captive-portal checks and the like) are refused: only HTTPS is mapped.
  const server = http.createServer((req, res) => {
    refused.push(req.headers.host ?? String(req.url));
    res.writeHead(403).end();
  });
  server.on('connect', (req, client: net.Socket, head: Buffer) => {
    track(client);
    const [host = '', port = ''] = (req.url ?? '').split(':');
    const extraPort = Object.hasOwn(extraHosts, host) ? extraHosts[host] : undefined;
    if (port !== '443' || (extraPort === undefined && !isMappedHost(host))) {
      refused.push(req.url ?? '');
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(extraPort ?? targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const pac = `function FindProxyForURL(url, host) { return "PROXY 127.0.0.1:${port}"; }`;
  return {
    port,
    refused,
    pacUrl: `data:text/plain,${encodeURIComponent(pac)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
