// @vitest-environment happy-dom
/**
 * A sign-in that ended here but is alive at Intuit: said for its company, with "Try again" (issue 18
 * §7), or, when Safe Delete can never end it, how to end it in QuickBooks, with "Dismiss".
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { END_IN_QUICKBOOKS_TEXT } from '../../components/RevokePending';
import type { PopupState } from '../../lib/messaging/views';
import { popupState, renderPopup, settle } from '../popup/fixtures';

const TEXT = 'Safe Delete could not reach Intuit to end the sign-in. Try again';
const company = (realmId: string, companyName: string, over: Partial<PopupState['connections'][number]> = {}) => ({
  realmId,
  environment: 'production' as const,
  method: 'oauth' as const,
  needsReconnect: false,
  hasToken: true,
  companyName,
  ...over,
});

describe('a revoke that did not reach Intuit', () => {
  it('a disconnected company waiting for its revoke: the error and "Try again", which sends connection/revokeRetry; not listed as connected', async () => {
    const p = await renderPopup(
      popupState({
        connection: { environment: 'production', hasToken: false, remember: false },
        connections: [company('7', 'Gone Co', { hasToken: false, disconnecting: true, revokePending: true })],
      }),
    );
    const item = screen.getByText(TEXT).closest('li');
    expect(item?.textContent).toContain('Gone Co (Id 7)');
    expect(screen.queryByText(/Connected companies/)).toBeNull();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(p.bg.sentOfType('connection/revokeRetry')).toEqual([
      { type: 'connection/revokeRetry', realmId: '7', environment: 'production' },
    ]);
    await p.push(popupState({ connection: { environment: 'production', hasToken: false, remember: false } }));
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a replaced sign-in of a connected company: shown for that company only, beside the connected list', async () => {
    await renderPopup(
      popupState({
        connection: { realmId: '1', environment: 'production', hasToken: true, remember: false, method: 'pasted' },
        connections: [company('1', 'Alpha Co', { method: 'pasted', revokePending: true }), company('2', 'Beta LLC')],
      }),
    );
    expect(screen.getAllByText(TEXT)).toHaveLength(1);
    expect(screen.getByText(TEXT).closest('li')?.textContent).toContain('Alpha Co (Id 1)');
    expect(screen.getByText('Connected companies (2)')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
  });
});

describe('a sign-in Safe Delete cannot end (to end in QuickBooks)', () => {
  it('says, for that company, how to end it in QuickBooks, with "Dismiss" (no "Try again"), which sends connection/revokeDismiss; gone once dismissed', async () => {
    const p = await renderPopup(
      popupState({
        connection: { environment: 'production', hasToken: false, remember: false },
        connections: [company('7', 'Gone Co', { hasToken: false, disconnecting: true, endInQuickBooks: true })],
      }),
    );
    const item = screen.getByText(END_IN_QUICKBOOKS_TEXT).closest('li');
    expect(item?.textContent).toContain('Gone Co (Id 7)');
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await settle(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss the notice about Gone Co (Id 7)' })),
    );
    expect(p.bg.sentOfType('connection/revokeDismiss')).toEqual([
      { type: 'connection/revokeDismiss', realmId: '7', environment: 'production' },
    ]);
    await p.push(popupState({ connection: { environment: 'production', hasToken: false, remember: false } }));
    expect(screen.queryByText(END_IN_QUICKBOOKS_TEXT)).toBeNull();
  });

  it('a connected company with both: "Try again" for the one that may still go, the QuickBooks notice for the other', async () => {
    await renderPopup(
      popupState({
        connection: { realmId: '1', environment: 'production', hasToken: true, remember: false },
        connections: [
          company('1', 'Alpha Co', { revokePending: true, endInQuickBooks: true }),
          company('2', 'Beta LLC'),
        ],
      }),
    );
    const item = screen.getByText(END_IN_QUICKBOOKS_TEXT).closest('li');
    expect(item?.textContent).toContain(TEXT);
    expect(item?.textContent).toContain('Alpha Co (Id 1)');
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Dismiss the notice about/ })).toHaveLength(1);
    expect(screen.getByText('Connected companies (2)')).toBeTruthy();
  });
});
