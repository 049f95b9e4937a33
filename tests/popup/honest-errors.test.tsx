// @vitest-environment happy-dom
/**
 * Issue 21 §3, honest errors in the popup: a failed check is one banner in words with "Try now" and
 * the delete button unavailable (the rows on screen are from an older check); a job waiting on
 * QuickBooks says so in words and promises no time left; another client's selection is named at the top.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { CHECK_RETRY_MS } from '../../lib/domain/limits';
import { formatTime } from '../../lib/popup/format';
import { jobView, NOW, popupState, renderPopup, row, settle } from './fixtures';

const deleteButton = () => screen.getByRole('button', { name: /^Verify and delete selected/ }) as HTMLButtonElement;

describe('a failed check', () => {
  it('is one banner with when it is tried again and "Try now"; the button is unavailable', async () => {
    const failedAt = NOW - 10_000;
    const p = await renderPopup(
      popupState({
        selection: [row(1), row(2)],
        preflight: { at: failedAt, running: false, error: "QuickBooks isn't responding." },
      }),
    );
    const banner = screen.getByRole('region', { name: 'The check failed' });
    expect(banner.textContent).toContain(
      `QuickBooks isn't responding. Nothing was deleted. Trying again at ${formatTime(failedAt + CHECK_RETRY_MS)}.`,
    );
    expect(deleteButton().getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByText(/The last check failed: nothing can be deleted until a fresh check succeeds\./),
    ).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Try now' })));
    expect(p.bg.sentOfType('preflight/run')).toHaveLength(1);
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([]);
  });

  it('shows no banner when the check succeeded', async () => {
    await renderPopup(popupState({ selection: [row(1)] }));
    expect(screen.queryByRole('region', { name: 'The check failed' })).toBeNull();
  });
});

describe('a job waiting on QuickBooks', () => {
  it('an outage is said in words with what was done so far, and no time left is promised', async () => {
    const until = NOW + 60_000;
    await renderPopup(
      popupState({
        job: jobView({ state: 'running', done: 12, total: 42, etaMs: 60_000, wait: { kind: 'outage', until } }),
      }),
    );
    expect(
      screen.getByText(
        `QuickBooks isn't responding. Nothing more is sent until it answers; trying again at ${formatTime(until)}.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/12 of 42 processed/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/left/);
    expect(document.body.textContent).not.toMatch(/Checking that the deletions took effect/);
  });

  it('an unconfirmed batch says it is not known yet and is never sent twice', async () => {
    await renderPopup(
      popupState({
        job: jobView({
          state: 'running',
          done: 30,
          total: 42,
          etaMs: 60_000,
          wait: { kind: 'verifying', until: NOW + 1000 },
        }),
      }),
    );
    expect(
      screen.getByText(/QuickBooks has not confirmed yet whether the last batch took effect\..*never sends it twice\./),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/minute left/);
  });
});

describe('another client in hand', () => {
  it('is named at the top with both names', async () => {
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          environment: 'sandbox',
          hasToken: true,
          remember: false,
          companyName: 'Maple Bakery',
        },
        elsewhere: [
          { realmId: '456', environment: 'sandbox', companyName: 'Cool Cars', selected: 12, jobActive: true },
        ],
      }),
    );
    const region = screen.getByRole('region', { name: 'Other clients' });
    expect(region.textContent).toBe(
      'Cool Cars has 12 selected and a deletion in progress; this window shows Maple Bakery.',
    );
  });
});

describe('alerts can be dismissed', () => {
  it('a notice and a stale tab each have their own Dismiss, outside the announced alert', async () => {
    const p = await renderPopup(
      popupState({
        notice: { level: 'error', text: 'The sign-in failed.' },
        pageIssues: {
          staleTab: { url: 'https://app.qbo.intuit.com/app/invoices', text: 'This tab is stale.', at: NOW },
        },
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(/Dismiss/);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss this message' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss the alert about this tab' })));
    expect(p.bg.sentOfType('alert/dismiss')).toEqual([
      { type: 'alert/dismiss', alert: 'notice' },
      { type: 'alert/dismiss', alert: 'staleTab' },
    ]);
  });
});

describe('not connected', () => {
  it('is one step: connect the company open in QuickBooks; no options to choose yet', async () => {
    await renderPopup(
      popupState({
        connection: { environment: 'production', hasToken: false, remember: false, pageRealmId: '9130355' },
        selection: [row(1), row(2)],
      }),
    );
    // The page's company has no name known yet: it is "the company", never its number.
    expect(screen.getByText('Connect the company, open in QuickBooks, to check the 2 selected.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('9130355');
    expect(screen.getByRole('button', { name: 'Connect to QuickBooks' })).toBeTruthy();
    expect(screen.queryByLabelText('Include reconciled transactions')).toBeNull();
  });

  it('counts the ticked rows known by what they show, which wait for the connection too', async () => {
    const waiting = [3, 4, 5].map((n) => ({
      rowKey: `page:${n}`,
      shown: { type: 'Invoice', number: String(1240 + n), amount: '$10.00' },
      tickedAt: 1,
      status: 'identifying' as const,
      candidates: [],
    }));
    await renderPopup(
      popupState({
        connection: { environment: 'production', hasToken: false, remember: false, pageRealmId: '9130355' },
        selection: [row(1), row(2)],
        unresolved: waiting,
      }),
    );
    expect(screen.getByText('Connect the company, open in QuickBooks, to check the 5 selected.')).toBeTruthy();
  });

  it('names the company by its name, before connecting and when the page shows another one', async () => {
    const view = await renderPopup(
      popupState({
        connection: {
          environment: 'production',
          hasToken: false,
          remember: false,
          pageRealmId: '9130355',
          pageCompanyName: 'Redwood Roofing & Gutters',
        },
        selection: [row(1), row(2)],
      }),
    );
    expect(
      screen.getByText('Connect Redwood Roofing & Gutters, open in QuickBooks, to check the 2 selected.'),
    ).toBeTruthy();
    view.unmount();
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          companyName: 'Cool Cars Ltd',
          environment: 'production',
          hasToken: true,
          remember: false,
          pageRealmId: '456',
          pageCompanyName: 'Redwood Roofing & Gutters',
        },
      }),
    );
    expect(
      screen.getByText(
        'This page shows Redwood Roofing & Gutters, but Safe Delete is connected to Cool Cars Ltd. Open Cool Cars Ltd in QuickBooks, or change the connection.',
      ),
    ).toBeTruthy();
  });
});

describe('saved jobs the device cannot read', () => {
  it('are named, one or several, and nothing is said when there are none', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready')], unreadableJobs: 1 }));
    expect(
      screen.getByText(
        'One saved job on this device cannot be read (the saved data is damaged). It is kept unchanged and will not run. Every record it already deleted, voided or restored is in the audit log: export it to check.',
      ),
    ).toBeTruthy();
    await p.push(popupState({ selection: [row(1, 'ready')], unreadableJobs: 3 }));
    expect(screen.getByText(/^3 saved jobs on this device cannot be read .* They are kept unchanged/)).toBeTruthy();
    await p.push(popupState({ selection: [row(1, 'ready')] }));
    expect(screen.queryByText(/cannot be read \(the saved data is damaged\)/)).toBeNull();
  });
});
