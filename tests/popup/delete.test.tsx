// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { linkedTo, NOW, popupState, renderPopup, row, SHOWN, settle } from './fixtures';

const deleteButton = () => screen.getByRole('button', { name: /^Verify and delete selected/ }) as HTMLButtonElement;
/** The click is unavailable but stays focusable, its reason reachable (aria-disabled + description). */
const unavailable = () => deleteButton().getAttribute('aria-disabled') === 'true';
const description = () =>
  (deleteButton().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('popup delete button', () => {
  it('is enabled with a connection and ready rows, and sends job/start once', async () => {
    const p = await renderPopup(popupState());
    expect(unavailable()).toBe(false);
    expect(deleteButton().disabled).toBe(false);
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: false, includeLinked: false, operation: 'delete', scope: SHOWN },
    ]);
  });

  it('is disabled without a token, and says why', async () => {
    await renderPopup(
      popupState({ connection: { realmId: '123', environment: 'production', hasToken: false, remember: false } }),
    );
    expect(unavailable()).toBe(true);
    expect(description()).toContain('Connect to QuickBooks first.');
    expect(screen.getByText('Connect to QuickBooks first.')).toBeTruthy();
  });

  it('is disabled when the saved token has expired', async () => {
    await renderPopup(
      popupState({
        connection: { realmId: '123', environment: 'production', hasToken: true, remember: false, tokenExpiresAt: NOW },
      }),
    );
    expect(unavailable()).toBe(true);
    expect(screen.getByText(/The access token expired/)).toBeTruthy();
  });

  it('is disabled without a company', async () => {
    await renderPopup(popupState({ connection: { environment: 'production', hasToken: true, remember: false } }));
    expect(unavailable()).toBe(true);
    expect(screen.getByText('Connect to QuickBooks first.')).toBeTruthy();
  });

  it('is disabled with nothing ready, unless reconciled rows are included', async () => {
    await renderPopup(popupState({ selection: [row(1, 'changed'), row(2, 'reconciled'), row(3, 'closedPeriod')] }));
    expect(unavailable()).toBe(true);
    expect(screen.getByText('No selected transaction is ready to delete.')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    expect(unavailable()).toBe(false);
  });

  it('waits while a row ticked since the check has no status yet, then sends the stamp of the checked list', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready'), row(2)] }));
    expect(unavailable()).toBe(true);
    expect(description()).toContain('Checking the selection…');
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([]);
    await p.push(popupState({ selection: [row(1, 'ready'), row(2, 'ready')] }));
    expect(unavailable()).toBe(false);
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toHaveLength(1);
  });

  it('is disabled when the page shows another company, with a clear message', async () => {
    await renderPopup(
      popupState({
        connection: { realmId: '123', pageRealmId: '456', environment: 'production', hasToken: true, remember: false },
        notice: { level: 'error', text: 'Refused: the page shows company 456.' },
      }),
    );
    expect(unavailable()).toBe(true);
    expect(screen.getByText(/This page shows company 456, but Safe Delete is connected to company 123/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Refused: the page shows company 456.');
  });

  it('a refused start shows its reason once, though it comes back as the reply and as the notice', async () => {
    const text =
      'Refused: the QuickBooks page shows company 456 (production) but Safe Delete is connected to company 123.';
    const p = await renderPopup(popupState({ selection: [row(1, 'ready')] }));
    p.bg.reply = (m) => {
      if (m.type !== 'job/start') return { ok: true, data: p.bg.state };
      p.bg.state = { ...p.bg.state, version: p.bg.state.version + 1, notice: { level: 'error', text } };
      return { ok: false, error: text };
    };
    await settle(() => fireEvent.click(deleteButton()));
    await settle(() => p.model.tick());
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('warns with the count when reconciled transactions are included, and sends includeReconciled', async () => {
    const p = await renderPopup(
      popupState({ selection: [row(1, 'ready'), row(2, 'reconciled'), row(3, 'reconciled'), row(4, 'reconciled')] }),
    );
    const box = screen.getByLabelText('Include reconciled transactions') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.queryByText(/reconciled balances/)).toBeNull();
    await settle(() => fireEvent.click(box));
    expect(
      screen.getByText('3 reconciled transactions will be deleted. Deleting them changes reconciled balances.'),
    ).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(description()).toContain('3 reconciled transactions will be deleted');
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: true, includeLinked: false, operation: 'delete', scope: SHOWN },
    ]);
  });

  it('a click on the unavailable button sends nothing', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'changed')] }));
    expect(unavailable()).toBe(true);
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([]);
  });

  it('leaves linked transactions alone unless "Include linked transactions" is ticked, saying what changes', async () => {
    const linked = {
      ...row(2, 'linked'),
      docNumber: '1002',
      warnings: linkedTo(['Payment', '3051']),
    };
    const p = await renderPopup(popupState({ selection: [row(1, 'ready'), linked] }));
    const box = screen.getByLabelText('Include linked transactions') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(description()).toContain('Will delete 1 ·');
    expect(description()).toContain('1 not in this click: 1 linked');
    expect(screen.getByText(/1 linked transaction left alone/)).toBeTruthy();
    await settle(() => fireEvent.click(box));
    expect(description()).toContain('Will delete 2 ·');
    const warning = document.getElementById(box.getAttribute('aria-describedby')!)!;
    expect(warning.textContent).toContain('1 linked transaction will be deleted');
    expect(warning.textContent).toContain('Invoice 1002: Deleting it changes Payment (Id 3051)');
    expect(warning.textContent).not.toContain('Payment:3051');
    await settle(() => fireEvent.click(deleteButton()));
    expect(p.bg.sentOfType('job/start')).toEqual([
      { type: 'job/start', includeReconciled: false, includeLinked: true, operation: 'delete', scope: SHOWN },
    ]);
  });

  it('with only linked rows and no opt-in, nothing is ready', async () => {
    await renderPopup(popupState({ selection: [row(1, 'linked')] }));
    expect(unavailable()).toBe(true);
    expect(screen.getByText('No selected transaction is ready to delete.')).toBeTruthy();
  });

  it('clears the audit log only after a confirmation that says it is the only copy', async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready')] }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Clear audit log' })));
    expect(screen.getByText(/only copy of deleted records/)).toBeTruthy();
    expect(p.bg.sentOfType('audit/clear')).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, clear it' })));
    expect(p.bg.sentOfType('audit/clear')).toEqual([{ type: 'audit/clear' }]);
  });
});
