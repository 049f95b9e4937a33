import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesClosed, preferencesOpen } from '../fixtures/payloads/preferences';
import { clientFor } from './helpers/client';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('R3: readPreferences', () => {
  it('R3: returns BookCloseDate when the books are closed', async () => {
    server.setHandler(() => ({ body: preferencesClosed }));
    expect(await clientFor(server.url).readPreferences()).toMatchObject({ kind: 'ok', bookCloseDate: '2016-12-31' });
  });

  it('R3: an absent BookCloseDate means the books are open', async () => {
    server.setHandler(() => ({ body: preferencesOpen }));
    const result = await clientFor(server.url).readPreferences();
    expect(result.kind).toBe('ok');
    expect(result).not.toHaveProperty('bookCloseDate');
  });

  it('R3: a malformed BookCloseDate or a non-preferences 200 is refused, never "open"', async () => {
    server.setHandler(() => ({
      body: { Preferences: { AccountingInfoPrefs: { BookCloseDate: '31/12/2016' } } },
    }));
    expect(await clientFor(server.url).readPreferences()).toMatchObject({ kind: 'incomplete' });
    server.setHandler(() => ({ body: '<IntuitResponse/>' }));
    expect(await clientFor(server.url).readPreferences()).toMatchObject({ kind: 'incomplete' });
  });
});
