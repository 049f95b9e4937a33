/**
 * The broker on Cloudflare Workers: configuration from the Worker's vars and secrets (see
 * wrangler.toml), one app per isolate (a change of
 * vars or secrets deploys a new version, hence new isolates). https-only upstream: the test-only insecure option is never
 * set here.
 */
import type { ExecutionContext, Hono } from 'hono';
import { createBrokerApp } from './app';
import { isBrokerConfigError, parseBrokerConfig } from './config';

export interface BrokerEnv {
  INTUIT_CLIENT_ID?: string;
  INTUIT_CLIENT_SECRET?: string;
  INTUIT_DISCOVERY_URL?: string;
  BROKER_ALLOWED_REDIRECTS?: string;
  BROKER_ALLOWED_ORIGINS?: string;
  BROKER_STATE_SECRET?: string;
  BROKER_PUBLIC_URL?: string;
}

let app: Hono | undefined;

export default {
  fetch(request: Request, env: BrokerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    if (!app) {
      try {
        app = createBrokerApp(parseBrokerConfig({ ...env }));
      } catch (error) {
        // The message names missing or invalid variables, never their values.
        console.error(isBrokerConfigError(error) ? error.message : 'Broker configuration failed');
        return Response.json({ error: 'broker_misconfigured' }, { status: 500 });
      }
    }
    return app.fetch(request, env, ctx);
  },
};
