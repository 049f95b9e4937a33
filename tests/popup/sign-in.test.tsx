// @vitest-environment happy-dom
/** "Connect to QuickBooks", "Reconnect", "Disconnect", and the paste path behind "Advanced", "Use an access token instead". */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { jobView, popupState, renderPopup, settle } from './fixtures';

const none = popupState({ connection: { environment: 'production', hasToken: false, remember: false } });
const signedIn = (over = {}, state: Parameters<typeof popupState>[0] = {}) =>
  popupState({
    ...state,
    connection: {
      realmId: '4620816365',
      environment: 'production',
      hasToken: true,
      remember: true,
      method: 'oauth',
      companyName: 'Oak Hollow Farm Supply',
      ...over,
    },
  });

describe('connecting', () => {
  it('offers "Connect to QuickBooks" first; it sends connection/connect with the stay-connected choice', async () => {
    const p = await renderPopup(none);
    expect(screen.queryByLabelText('Access token')).toBeNull(); // the paste path is behind its button
    fireEvent.click(screen.getByLabelText('Stay connected on this device'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Connect to QuickBooks' })));
    expect(p.bg.sentOfType('connection/connect')).toEqual([
      { type: 'connection/connect', environment: 'production', stayConnected: true },
    ]);
  });

  it('"Advanced", "Use an access token instead" reveals Company ID, Access token and Save', async () => {
    await renderPopup(none);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Advanced' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Use an access token instead' })));
    expect(screen.getByLabelText('Company ID')).toBeTruthy();
    expect(screen.getByLabelText('Access token')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('a signed-in company shows its name, no token expiry, and "Disconnect" after a confirmation', async () => {
    const p = await renderPopup(signedIn());
    expect(screen.getByText(/signed in with Intuit, stays connected on this device/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Disconnect' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' })));
    expect(p.bg.sentOfType('connection/forget')).toHaveLength(1);
  });

  it('the Disconnect confirmation survives the result closing under it ("Done" answered after the click)', async () => {
    const p = await renderPopup(signedIn({}, { job: jobView({ state: 'done', done: 2, total: 2 }) }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Disconnect' })));
    expect(screen.getByRole('button', { name: 'Yes, disconnect' })).toBeTruthy();
    // The answer to "Done" lands now: the result is gone, the selection view is back.
    p.bg.state = { ...p.bg.state, version: p.bg.state.version + 1, job: undefined };
    await settle(() => p.model.tick());
    expect(screen.getByRole('button', { name: 'Yes, disconnect' })).toBeTruthy();
  });

  it('a sign-in that ended shows "Reconnect"', async () => {
    const p = await renderPopup(signedIn({ hasToken: false, needsReconnect: true }));
    expect(screen.getByText(/sign-in for this company has ended/)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Reconnect' })));
    expect(p.bg.sentOfType('connection/connect')).toHaveLength(1);
  });

  it('lists connected companies, each with its own "Disconnect", locked while its deletion runs', async () => {
    const connections = [
      {
        realmId: '1',
        environment: 'production' as const,
        method: 'oauth' as const,
        needsReconnect: false,
        hasToken: true,
        companyName: 'Alpha Co',
      },
      {
        realmId: '2',
        environment: 'production' as const,
        method: 'oauth' as const,
        needsReconnect: false,
        hasToken: true,
        companyName: 'Beta LLC',
      },
    ];
    const p = await renderPopup({ ...signedIn({ realmId: '1', companyName: 'Alpha Co' }), connections });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Disconnect Beta LLC (Id 2)' })));
    expect(p.bg.sentOfType('connection/disconnect')).toEqual([
      { type: 'connection/disconnect', realmId: '2', environment: 'production' },
    ]);
    await p.push({
      ...signedIn({ realmId: '1' }),
      connections,
      job: jobView({ realmId: '1', environment: 'production', state: 'running' }),
    });
    expect(screen.queryByRole('button', { name: 'Disconnect Alpha Co (Id 1)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect Beta LLC (Id 2)' })).toBeTruthy();
  });
});
