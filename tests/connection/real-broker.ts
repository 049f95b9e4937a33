/**
 * The extension's own broker client and key against the real broker (tests/broker's harness, fake
 * Intuit behind it): the sign-in window as a browser plays it, and a client per installation.
 */
import type { IDBFactory } from 'fake-indexeddb';
import { createBroker } from '../../lib/connection/broker';
import { createInstallationKey } from '../../lib/connection/installation-key';
import { signIn } from '../../lib/connection/sign-in';
import { type BrokerUnderTest, CHROME_REDIRECT } from '../broker/harness';

export const keyIn = (factory: IDBFactory, now = () => 1_700_000_000_000) =>
  createInstallationKey({ indexedDB: () => factory, now });

/** The sign-in window: the broker's start, Intuit's authorize page, the broker's callback with its cookie. */
export function browser(broker: BrokerUnderTest) {
  return {
    getRedirectURL: () => CHROME_REDIRECT,
    async launchWebAuthFlow({ url }: { url: string }) {
      const start = await broker.request(url);
      const cookie = start.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const authorize = await broker.request(start.location ?? '');
      const callback = await broker.request(authorize.location ?? '', { headers: { cookie } });
      return callback.location ?? undefined;
    },
  };
}

/** The extension's broker client for the installation whose key lives in `idb` (`skewMs`: its clock is off). */
export const clientOf = (broker: BrokerUnderTest, idb: IDBFactory, skewMs = 0) =>
  createBroker({
    baseUrl: broker.url,
    now: broker.clock.now,
    key: keyIn(idb, () => broker.clock.now() + skewMs),
  });

/** Signs in through `broker` with `client`: the wrapped refresh token the extension would store. */
export async function signedInRefresh(broker: BrokerUnderTest, client: ReturnType<typeof clientOf>) {
  const result = await signIn({ identity: browser(broker), broker: client });
  if (result.kind !== 'ok' || !result.tokens.refresh) throw new Error(`sign-in: ${result.kind}`);
  return result.tokens.refresh;
}
