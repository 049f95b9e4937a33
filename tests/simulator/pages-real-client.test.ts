// @vitest-environment happy-dom
/**
 * The real-markup pages' script (pages/real-client.ts) in a DOM: a register row's click opens the
 * inline editor with its Delete button; the bank feed's tabs switch rows by script, ticks survive
 * re-rendering and count, and a row's phantom button becomes a real one on hover.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_SCRIPT } from '../../tools/simulator/pages/client-script';
import { mountPages } from '../../tools/simulator/pages/index';
import type { Entity } from '../../tools/simulator/service-names';

const records = Array.from({ length: 30 }, (_, i) => ({
  entity: 'Purchase' as Entity,
  json: {
    Id: String(500 + i),
    TxnDate: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
    PaymentType: 'Cash',
    EntityRef: { value: '36', name: 'Hicks Hardware', type: 'Vendor' },
    AccountRef: { value: '35', name: 'Checking' },
    TotalAmt: 10 + i,
  },
}));

async function open(path: string): Promise<void> {
  const app = new Hono();
  mountPages(app, { pageRealmId: () => '9130350000000001', records: () => records });
  const html = await (await app.request(`${path}&fragment=1`)).text();
  document.body.innerHTML = `<main id="app-main">${html}</main>`;
  history.replaceState({}, '', path);
  new Function(CLIENT_SCRIPT)();
}

const click = (el: Element | null | undefined) => (el as HTMLElement).click();

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('real-markup pages in a DOM', () => {
  it('a click on a register row opens the inline editor with a Delete button; Cancel closes it', async () => {
    await open('/app/register?accountId=35&markup=real');
    const row = document.querySelector('#dgrid_0-row-2 td.dgrid-column-memo');
    click(row);
    const editor = document.querySelector('#dgrid_0-row-2 + .dgrid-row-editor');
    expect(editor?.querySelector('[data-automation-id="button-delete"]')?.textContent).toBe('Delete');
    click(editor?.querySelector('[data-automation-id="button-cancel"]'));
    expect(document.querySelector('.dgrid-row-editor')).toBeNull();
  });

  it('the bank feed switches tabs by script, keeps ticks across renders and swaps phantom buttons on hover', async () => {
    await open('/app/banking?markup=real&tab=pending');
    const tab = (name: string) => document.querySelector(`[data-testid="segmentedBTN-${name}"]`);
    const rows = () => [...document.querySelectorAll('#table-body-main tr.idsTable__row')];
    click(tab('posted'));
    expect(tab('posted')?.getAttribute('aria-pressed')).toBe('true');
    expect(tab('pending')?.getAttribute('aria-pressed')).toBe('false');
    expect(new URL(location.href).searchParams.get('tab')).toBe('posted');
    expect(rows()[0]?.querySelector('td.payee')?.textContent).toBe('Hicks Hardware');
    click(rows()[1]?.querySelector('input[type="checkbox"]'));
    expect(document.querySelector('.idsBulkActions__count')?.textContent).toBe('1 selected');
    click(tab('posted'));
    expect(document.querySelector('.idsBulkActions__count')?.textContent).toBe('');
    click(rows()[1]?.querySelector('input[type="checkbox"]'));
    document.querySelector('.ids-table__virtualized-container')?.dispatchEvent(new Event('scroll'));
    expect(rows()[1]?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
    const action = rows()[0]?.querySelector('td.action');
    expect(action?.querySelector('button.idsButton--phantom')).not.toBeNull();
    action?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(action?.querySelector('button.idsButton--phantom')).toBeNull();
    expect(action?.querySelector('button')?.textContent).toBe('Undo');
  });
});
