// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../components/App';
import { createPopupModel } from '../../lib/popup/model';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('host access (Firefox lets the user withdraw it)', () => {
  it('shows nothing while the permissions are granted', async () => {
    const api = { send: vi.fn(async () => ({ ok: false as const, error: 'no worker' })) };
    const model = createPopupModel(api, { hostAccess: { granted: async () => true, request: async () => true } });
    render(<App model={model} />);
    model.start();
    await flush();
    expect(screen.queryByRole('button', { name: 'Allow access to QuickBooks' })).toBeNull();
    model.stop();
  });

  it('explains and asks again from the click when they were withdrawn', async () => {
    const api = { send: vi.fn(async () => ({ ok: false as const, error: 'no worker' })) };
    const request = vi.fn(async () => true);
    const model = createPopupModel(api, { hostAccess: { granted: async () => false, request } });
    render(<App model={model} />);
    model.start();
    await flush();
    expect(screen.getByRole('heading', { name: 'Access to QuickBooks is off' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow access to QuickBooks' }));
    await flush();
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Allow access to QuickBooks' })).toBeNull();
    model.stop();
  });
});
