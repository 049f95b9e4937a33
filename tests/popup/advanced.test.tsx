// @vitest-environment happy-dom
/**
 * The paste-a-token path is a developer's: a bookkeeper sees "Connect to QuickBooks" and a closed
 * "Advanced" disclosure; "Use an access token instead" (and its Company ID / Access token form) only
 * once "Advanced" is opened.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_UNREACHABLE } from '../../lib/connection/sign-in';
import { jobView, popupState, renderPopup, settle } from './fixtures';

const none = popupState({
  connection: { environment: 'production', hasToken: false, remember: false, pageRealmId: '9130357766412345' },
});

const advanced = () => screen.getByRole('button', { name: 'Advanced' });

describe('"Advanced" holds the paste-a-token path', () => {
  it('is closed at first: no "Use an access token instead", no token form', async () => {
    await renderPopup(none);
    expect(screen.getByRole('button', { name: 'Connect to QuickBooks' })).toBeTruthy();
    expect(advanced().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Use an access token instead' })).toBeNull();
    expect(screen.queryByLabelText('Company ID')).toBeNull();
    expect(screen.queryByLabelText('Access token')).toBeNull();
  });

  it('opens to "Use an access token instead", which shows Company ID, Access token and Save; closes again', async () => {
    await renderPopup(none);
    await settle(() => fireEvent.click(advanced()));
    expect(advanced().getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(advanced().getAttribute('aria-controls') ?? '');
    expect(region?.textContent).toContain('Use an access token instead');
    await settle(() => fireEvent.click(advanced()));
    expect(screen.queryByRole('button', { name: 'Use an access token instead' })).toBeNull();
    await settle(() => fireEvent.click(advanced()));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Use an access token instead' })));
    expect((screen.getByLabelText('Company ID') as HTMLInputElement).value).toBe('9130357766412345');
    expect(screen.getByLabelText('Access token')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('a paused job whose sign-in ended offers "Reconnect", the token path behind "Advanced" too', async () => {
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          environment: 'sandbox',
          hasToken: false,
          remember: false,
          method: 'oauth',
          needsReconnect: true,
        },
        job: jobView({ state: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }),
      }),
    );
    expect(screen.getAllByRole('button', { name: 'Reconnect' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Use an access token instead' })).toBeNull();
    expect(screen.queryByLabelText('Access token')).toBeNull();
    await settle(() => fireEvent.click(screen.getAllByRole('button', { name: 'Advanced' })[0]!));
    expect(screen.getByRole('button', { name: 'Use an access token instead' })).toBeTruthy();
  });

  it('a sign-in page that does not open is shown without pointing a bookkeeper at the access token', async () => {
    const p = await renderPopup(none);
    p.bg.reply = (m) =>
      m.type === 'connection/connect' ? { ok: false, error: SIGN_IN_UNREACHABLE } : { ok: true, data: p.bg.state };
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Connect to QuickBooks' })));
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('The sign-in page could not be opened');
    expect(alert).not.toMatch(/access token/i);
    expect(alert).toMatch(/whoever set up Safe Delete/);
  });
});
