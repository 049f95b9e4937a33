// @vitest-environment happy-dom
/** A sign-in that ended here but is alive at Intuit: said for its company, with "Try again" (issue 18 §7). */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
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
