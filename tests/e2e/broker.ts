/**
 * The token broker (broker/) under Node for the e2e tests, as a firm would self-host it: HTTPS with
 * the test certificate on a local port that Chromium reaches under the build's real broker host name
 * (DEFAULT_BROKER_URL). Its configuration needs the extension's id (the allowed redirect), known only
 * once Chromium has loaded the extension, so the server starts first and the app is set after.
 * Its own calls go to the simulator's OAuth server (discovery at the simulator's URL: the broker's
 * development override, which pins the issuer and hosts to the simulator's origin). The extension's
 * proofs name https://<BROKER_HOST>, the broker's BROKER_PUBLIC_URL.
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { Agent, fetch as undiciFetch } from 'undici';
import { createBrokerApp } from '../../broker/src/app';
import { parseBrokerConfig } from '../../broker/src/config';
import { DEFAULT_BROKER_URL } from '../../lib/connection/broker-url';
import type { Simulator } from '../../tools/simulator/api';
import { ensureTestCertificate } from '../../tools/simulator/cert';

export const BROKER_HOST = new URL(DEFAULT_BROKER_URL).hostname;
export const CLIENT = { clientId: 'e2e-broker-client', clientSecret: 'e2e-broker-secret-0123456789abcdef' };

export interface E2EBroker {
  port: number;
  /**
   * Builds the app for this extension id and registers the broker's callback at the simulator. The
   * allowed redirect is Chromium's `https://<id>.chromiumapp.org/` unless `redirectUrl` names another
   * (Firefox's `identity.getRedirectURL()`, `https://<hash>.extensions.allizom.org/`).
   */
  configure(extensionId: string, options?: { redirectUrl?: string }): void;
  log: string[];
  close(): Promise<void>;
}

export async function startE2EBroker(sim: Simulator): Promise<E2EBroker> {
  const { cert, key } = ensureTestCertificate();
  let app: Hono | undefined;
  const log: string[] = [];
  // The simulator's test certificate is self-signed: trusted for this loopback call only.
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  const outbound = ((input: RequestInfo | URL, init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: insecure,
    })) as unknown as typeof fetch;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      {
        fetch: (request) => (app ? app.fetch(request) : new Response('broker not configured', { status: 503 })),
        hostname: '127.0.0.1',
        port: 0,
        createServer: createHttpsServer,
        serverOptions: { cert, key },
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    log,
    configure(extensionId, options = {}) {
      const callback = `https://${BROKER_HOST}/oauth/callback`;
      sim.registerOAuthClient({ ...CLIENT, redirectUris: [callback] });
      const config = parseBrokerConfig({
        INTUIT_CLIENT_ID: CLIENT.clientId,
        INTUIT_CLIENT_SECRET: CLIENT.clientSecret,
        INTUIT_DISCOVERY_URL: `${sim.url}/.well-known/openid_configuration`,
        BROKER_ALLOWED_REDIRECTS: options.redirectUrl ?? `https://${extensionId}.chromiumapp.org/`,
        BROKER_PUBLIC_URL: `https://${BROKER_HOST}`,
        BROKER_WRAP_KEY: 'e2e-broker-wrap-key-0123456789abcdefghij',
      });
      app = createBrokerApp(config, { fetch: outbound, log: (line) => void log.push(line) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}
