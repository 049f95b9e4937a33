/**
 * `npm run broker`: the broker under Node, for self-hosting and for tests. Reads the configuration
 * from the environment (see config.ts: INTUIT_*, BROKER_ALLOWED_*, BROKER_STATE_SECRET, BROKER_WRAP_KEY
 * — set the last so the client secret can be rotated without sending every connection to
 * "Reconnect") and prints ONE JSON line: {"url":"http(s)://127.0.0.1:PORT"}.
 *
 *   PORT                             default 0 = any free port
 *   BROKER_HOST                      default 127.0.0.1 (0.0.0.0 behind a reverse proxy)
 *   BROKER_TLS_CERT, BROKER_TLS_KEY  PEM file paths: serve HTTPS (else plain HTTP)
 *   BROKER_ALLOW_INSECURE_UPSTREAM=1 TESTS ONLY: accept an http:// discovery document and endpoints
 *   BROKER_CLIENT_IP_HEADER          behind a reverse proxy: the header it sets with the client's address
 *                                    (X-Real-IP, or X-Forwarded-For: its last entry). Unset: the socket's
 *                                    peer. Never set it when clients reach the broker directly: they could
 *                                    forge it to escape the per-address limit.
 * Rate limits (per address, per installation key) are counted in this process's memory.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBrokerApp } from './app';
import { fromProxyHeader } from './client-address';
import { isBrokerConfigError, parseBrokerConfig } from './config';

function configFromEnv() {
  try {
    return parseBrokerConfig(process.env);
  } catch (error) {
    if (!isBrokerConfigError(error)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

const config = configFromEnv();
const certFile = process.env.BROKER_TLS_CERT;
const keyFile = process.env.BROKER_TLS_KEY;
if (Boolean(certFile) !== Boolean(keyFile)) {
  console.error('Set both BROKER_TLS_CERT and BROKER_TLS_KEY (PEM file paths), or neither.');
  process.exit(2);
}
const allowInsecureRequests = process.env.BROKER_ALLOW_INSECURE_UPSTREAM === '1';
if (allowInsecureRequests) console.error('BROKER_ALLOW_INSECURE_UPSTREAM=1: http:// upstream accepted (tests only).');

if (config.upstream.kind === 'development') {
  console.error(
    'INTUIT_DISCOVERY_URL names a host other than Intuit: upstream pinned to that host (development only).',
  );
}
const ipHeader = process.env.BROKER_CLIENT_IP_HEADER;
const app = createBrokerApp(config, {
  allowInsecureRequests,
  ...(ipHeader ? { clientAddress: fromProxyHeader(ipHeader) } : {}),
});
const server = serve(
  {
    fetch: app.fetch,
    hostname: process.env.BROKER_HOST || '127.0.0.1',
    port: Number(process.env.PORT || 0),
    ...(certFile && keyFile
      ? {
          createServer: createHttpsServer,
          serverOptions: { cert: readFileSync(certFile), key: readFileSync(keyFile) },
        }
      : {}),
  },
  () => {
    const { port } = server.address() as AddressInfo;
    console.log(JSON.stringify({ url: `${certFile ? 'https' : 'http'}://127.0.0.1:${port}` }));
  },
);

const stop = (): void => {
  server.close(() => process.exit(0));
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
