/**
 * A tiny loopback HTTP server serving fixture payloads with chosen statuses and headers, so the
 * client is tested over real HTTP (STYLE: a real local server rather than a mocked fetch).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path without the query string, e.g. /v3/company/123/query */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status?: number; // default 200
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  /** Destroy the socket without answering (a dropped connection). */
  drop?: boolean;
  /** Never answer (a timeout). */
  hang?: boolean;
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

export interface FixtureServer {
  url: string;
  requests: SeenRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export const REALM = '1234567890123';

export async function startFixtureServer(initial: Handler = () => ({ status: 404 })): Promise<FixtureServer> {
  let handler = initial;
  const requests: SeenRequest[] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(seen);
    const reply = await handler(seen);
    if (reply.drop) return void res.socket?.destroy();
    if (reply.hang) return;
    const isText = typeof reply.body === 'string';
    const body = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      'content-type': isText ? 'application/xml' : 'application/json',
      intuit_tid: `tid-${requests.length}`,
      ...reply.headers,
    });
    res.end(body);
  };
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
