/**
 * `startSimulator(options)`: one server for the accounting service's API (`/v3/company/:realmId/...`),
 * the OAuth 2.0 authorization server (./oauth.ts), the look-alike web pages (`/app/...`, ./pages)
 * and the control surface (`/__sim/...`). Requests are
 * told apart by path, never by host, so the browser can map every real host name onto this port.
 * Plain HTTP on 127.0.0.1 unless `tls` is given (then HTTPS via node:https).
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Simulator, SimulatorOptions } from './api';
import { mountAttachableRoutes } from './attachables-routes';
import { createControlApp } from './control';
import { createControl } from './control-api';
import { mountOAuth } from './oauth';
import { mountPages } from './pages/index';
import { logCalls } from './pipeline';
import { mountBatchRoutes } from './routes-batch';
import { mountQueryRoutes } from './routes-query';
import { mountReadRoutes } from './routes-read';
import { mountReportRoutes } from './routes-report';
import { mountWriteRoutes } from './routes-write';
import { type ApiEnv, createState, type SimState } from './state';

export type { Simulator, SimulatorOptions } from './api';

export function createApp(state: SimState, control: ReturnType<typeof createControl>): Hono {
  const app = new Hono();
  // Every response carries intuit_tid (support asks for it).
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('intuit_tid', state.newTid());
  });

  const api = new Hono<ApiEnv>().basePath('/v3/company/:realmId');
  api.use('*', logCalls(state));
  mountWriteRoutes(api, state);
  mountAttachableRoutes(api, state);
  mountBatchRoutes(api, state);
  mountQueryRoutes(api, state);
  mountReportRoutes(api, state);
  mountReadRoutes(api, state);
  api.notFound((c) =>
    c.json({ Fault: { Error: [{ Message: 'Resource not found', code: '404' }], type: 'ValidationFault' } }, 404),
  );
  app.route('/', api);

  app.route('/__sim', createControlApp(state, control));

  // The OAuth 2.0 authorization server on the service's paths (discovery, authorize, token, revoke).
  const oauth = new Hono();
  mountOAuth(oauth, state);
  app.route('/', oauth);

  const pages = new Hono();
  mountPages(pages, {
    pageRealmId: () => state.pageRealmId,
    companyName: (realmId) => state.store.findCompany(realmId)?.companyName,
    records: (realmId) => control.records(realmId),
  });
  app.route('/', pages);
  return app;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const state = createState(options);
  const control = createControl(state);
  const app = createApp(state, control);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        hostname: '127.0.0.1',
        port: options.port ?? 0,
        ...(options.tls
          ? { createServer: createHttpsServer, serverOptions: { cert: options.tls.cert, key: options.tls.key } }
          : {}),
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    url,
    port,
    get mode() {
      return state.config.mode;
    },
    ...control,
    close: () =>
      new Promise<void>((resolve) => {
        control.clearFaults(); // held calls go on, so the server can close
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
