// @vitest-environment happy-dom
/**
 * The connect screen with many ticked rows waiting for the connection: "Connect to QuickBooks" and
 * its one line saying why come first, the waiting rows below them, so the button is in view at
 * 460 × 600 however many rows wait. Once connected, the rows come back above the records.
 */
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { UnresolvedRow } from '../../lib/messaging/views';
import { popupState, renderPopup } from './fixtures';

const waiting = (n: number): UnresolvedRow => ({
  rowKey: `row:inv:${n}`,
  shown: { type: 'Invoice', number: String(1000 + n), date: '11/03/2026', name: 'Cool Cars', amount: '$10.00' },
  tickedAt: n,
  status: 'identifying',
  candidates: [],
});
const FIFTY_EIGHT = Array.from({ length: 58 }, (_, i) => waiting(i + 1));

/** Whether `a` comes before `b` in the document. */
const precedes = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('the connect screen with 58 rows waiting', () => {
  it('shows Connect and the line saying why first, the waiting rows below', async () => {
    await renderPopup(
      popupState({
        connection: {
          environment: 'production',
          hasToken: false,
          remember: false,
          pageRealmId: '5122003503369',
          pageCompanyName: 'Redwood Roofing & Gutters',
        },
        selection: [],
        unresolved: FIFTY_EIGHT,
      }),
    );
    const rows = await screen.findByRole('region', { name: 'Rows not tied to one transaction (58)' });
    const connect = screen.getByRole('button', { name: 'Connect to QuickBooks' });
    const why = screen.getByText('Connect Redwood Roofing & Gutters, open in QuickBooks, to check the 58 selected.');
    expect(precedes(why, connect)).toBe(true);
    // The button keeps Intuit's wording as its name; the line naming the company describes it.
    expect(document.getElementById(connect.getAttribute('aria-describedby') ?? '')).toBe(why);
    expect(precedes(connect, rows)).toBe(true);
    expect(document.body.textContent).not.toContain('5122003503369');
  });

  it('once connected, the rows still waiting on a pick sit above the records, the connection below them', async () => {
    await renderPopup(
      popupState({
        connection: { realmId: '123', environment: 'production', hasToken: true, remember: false },
        unresolved: [{ ...waiting(1), status: 'notFound' }],
      }),
    );
    const rows = await screen.findByRole('region', { name: 'Rows not tied to one transaction (1)' });
    const connection = screen.getByRole('region', { name: 'Connection' });
    expect(precedes(rows, connection)).toBe(true);
  });
});
