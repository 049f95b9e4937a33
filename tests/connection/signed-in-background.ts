/**
 * The whole background as the popup drives it, signed in with Intuit: the real broker client in
 * front of a broker double backed by the simulator's OAuth server (sim-broker.ts), the real QBO
 * client against the simulator's API, fakeBrowser storage and alarms (alarms wired to the
 * background as the browser does), one manual clock. The page's cookie names the seeded company.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../../lib/background/index';
import type { PopupState } from '../../lib/messaging/views';
import type { SeedOptions } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { EXTENSION_ID, EXTENSION_ORIGIN, SENDERS, selectionReport } from '../security/harness';
import { CLIENT, runFlow } from '../simulator/oauth-test-helpers';
import { createManualClock } from '../support/clock';
import { BROKER_URL, brokerFetch, simBroker } from './sim-broker';

const EXT_REDIRECT = `https://${EXTENSION_ID}.chromiumapp.org/`;

export async function signedInBackground(seed: Omit<SeedOptions, 'realmId'> = { count: 2 }) {
  fakeBrowser.reset();
  const clock = createManualClock();
  const sim = await startSimulator({ now: clock.now, oauthClients: [CLIENT] });
  const company = sim.seedCompany(seed);
  const broker = brokerFetch(sim);
  const background = createBackground({
    indexedDB,
    storage: { local: fakeBrowser.storage.local, session: fakeBrowser.storage.session },
    alarms: fakeBrowser.alarms,
    cookies: { get: async ({ name }) => (name === 'qbo.currentcompanyid' ? { value: company.realmId } : null) },
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    clock,
    fetch: broker.fetch,
    brokerUrl: BROKER_URL,
    apiBaseUrl: () => sim.url,
    runner: { minAlarmDelayMs: 30_000, retryDelayMs: 1_000 },
    // Intuit's sign-in window, as the person completes it for `company`.
    identity: {
      getRedirectURL: () => EXT_REDIRECT,
      async launchWebAuthFlow({ url }) {
        const state = new URL(url).searchParams.get('state') ?? '';
        const code = (await runFlow(sim, { realmId: company.realmId })).searchParams.get('code') ?? '';
        return `${EXT_REDIRECT}?code=${code}&realmId=${company.realmId}&state=${state}`;
      },
    },
  });
  fakeBrowser.alarms.onAlarm.addListener((alarm) => background.onAlarm(alarm));
  const scope = { realmId: company.realmId, environment: 'production' as const };
  async function send(message: Record<string, unknown>): Promise<PopupState> {
    const reply = await background.handleMessage(message, SENDERS.popup);
    if (!reply.ok) throw new Error(reply.error);
    return reply.data as PopupState;
  }
  return {
    sim,
    clock,
    company,
    broker,
    background,
    scope,
    send,
    tokens: background.core.tokens,
    /** "Connect to QuickBooks" in the popup, the sign-in completed. */
    connectNow: () => send({ type: 'connection/connect', environment: 'production', stayConnected: false }),
    /** Every seeded record ticked on the company's page, then checked. */
    async selectAllAndCheck(): Promise<void> {
      const report = selectionReport(company.keys.all, clock.now(), company.realmId);
      const reply = await background.handleMessage(report, SENDERS.contentScript);
      if (!reply.ok) throw new Error(reply.error);
      await background.core.preflight.start(scope);
    },
    /** Whether Intuit still honours a refresh token (a refresh at the simulator: it rotates a live one). */
    alive: async (refresh: string) => (await simBroker(sim, clock.now).broker.refresh(refresh)).kind === 'ok',
  };
}
export type SignedInBackground = Awaited<ReturnType<typeof signedInBackground>>;
