// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { jobView, popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

/** The paste-a-token path sits behind "Advanced", then "Use an access token instead". */
async function useToken(): Promise<void> {
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Advanced' })));
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Use an access token instead' })));
}

const noConnection = popupState({
  connection: { environment: 'sandbox', hasToken: false, remember: false, pageRealmId: '9130357766412345' },
});

describe('popup connection', () => {
  it('offers Company ID (prefilled from the page), a password Access token, Remember off, and Save', async () => {
    await renderPopup(noConnection);
    await useToken();
    expect((screen.getByLabelText('Company ID') as HTMLInputElement).value).toBe('9130357766412345');
    const token = screen.getByLabelText('Access token') as HTMLInputElement;
    expect(token.type).toBe('password');
    const remember = screen.getByLabelText('Remember on this device') as HTMLInputElement;
    expect(remember.checked).toBe(false);
    expect(remember.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/on this computer's disk/)).toBeTruthy();
    expect(screen.getByText('Sandbox')).toBeTruthy();
    const link = screen.getByRole('link', { name: "Intuit's OAuth 2.0 Playground" });
    expect(link.getAttribute('href')).toBe('https://developer.intuit.com/app/developer/playground');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('sends connection/save with tidied values and the environment, then shows the saved summary', async () => {
    const p = await renderPopup(noConnection);
    await useToken();
    fireEvent.input(screen.getByLabelText('Access token'), {
      target: { value: '  Bearer eyJhbGciOiJkaXIiLCJlbmMiOi  \n' },
    });
    fireEvent.click(screen.getByLabelText('Remember on this device'));
    const saved = popupState({
      version: 2,
      connection: {
        realmId: '9130357766412345',
        environment: 'sandbox',
        hasToken: true,
        remember: true,
        tokenExpiresAt: p.model.now.peek() + 42 * 60_000,
      },
    });
    p.bg.reply = () => ({ ok: true, data: saved });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(p.bg.sentOfType('connection/save')).toEqual([
      {
        type: 'connection/save',
        realmId: '9130357766412345',
        environment: 'sandbox',
        token: 'eyJhbGciOiJkaXIiLCJlbmMiOi',
        remember: true,
      },
    ]);
    expect(screen.queryByLabelText('Access token')).toBeNull();
    expect(screen.getByText(/connected with an access token on this device/)).toBeTruthy();
    expect(screen.getByText(/Token expires within 42 min/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget' })).toBeTruthy();
  });

  it('never says "Production" or "token saved" to a bookkeeper: the real books go without saying', async () => {
    for (const method of ['oauth', 'pasted'] as const) {
      const connection = {
        realmId: '9130357766412345',
        companyName: 'Maple Street Bakery',
        environment: 'production',
        hasToken: true,
        remember: true,
        method,
      } as const;
      const view = await renderPopup(popupState({ connection }));
      const text = document.body.textContent ?? '';
      expect(text).toContain('Maple Street Bakery');
      expect(text).not.toContain('Production');
      expect(text).not.toContain('token saved');
      view.unmount();
    }
  });

  it('explains invalid input next to the field and sends nothing', async () => {
    const p = await renderPopup(noConnection);
    await useToken();
    fireEvent.input(screen.getByLabelText('Company ID'), { target: { value: 'abc' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(p.bg.sentOfType('connection/save')).toHaveLength(0);
    const field = screen.getByLabelText('Company ID');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/The Company ID is a number/)).toBeTruthy();
    expect(screen.getByText(/Paste the whole access token/)).toBeTruthy();
  });

  it('shows a refused save in the alert region', async () => {
    const p = await renderPopup(noConnection);
    await useToken();
    fireEvent.input(screen.getByLabelText('Access token'), { target: { value: 'x'.repeat(40) } });
    p.bg.reply = () => ({ ok: false, error: 'The token was rejected by the service.' });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('alert').textContent).toContain('The token was rejected by the service.');
    expect(screen.getByLabelText('Access token')).toBeTruthy();
  });

  it('Change reopens the form; Forget asks first, then sends connection/forget naming the company shown', async () => {
    const p = await renderPopup(popupState());
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Forget' })));
    expect(p.bg.sentOfType('connection/forget')).toHaveLength(0);
    expect(screen.getByText(/Forget this company and its access token\?/)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Keep the connection' })));
    expect(p.bg.sentOfType('connection/forget')).toHaveLength(0);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Forget' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, forget it' })));
    expect(p.bg.sentOfType('connection/forget')).toEqual([{ type: 'connection/forget', scope: SHOWN_COMPANY }]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Change' })));
    expect((screen.getByLabelText('Company ID') as HTMLInputElement).value).toBe('123');
  });

  it('shows the company by name and Id, in the header too', async () => {
    await renderPopup(
      popupState({
        connection: {
          realmId: '123',
          companyName: 'Maple Street Bakery',
          environment: 'sandbox',
          hasToken: true,
          remember: false,
        },
      }),
    );
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Maple Street Bakery (Id 123) · Sandbox');
    const connection = screen.getByRole('region', { name: 'Connection' });
    expect(connection.textContent).toContain('Maple Street Bakery (Id 123)');
  });

  it('hides Change and Forget while a job runs', async () => {
    await renderPopup(popupState({ job: jobView({ state: 'running' }) }));
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Forget' })).toBeNull();
  });
});
