// @vitest-environment happy-dom
/**
 * The bank feed's evidence variant's script (pages/real-bank-client.ts) in a DOM: "Post" takes a For
 * review line off the list and the rows after it are renumbered (`aria-rowindex`, `data-index`), the
 * ticks moving with their rows; a tab button switches the tab by its text, writes the tab's word in
 * the address and swaps the header table, and no pressed state is ever written.
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

const row = (i: number) => document.querySelector(`#table-body-main tr.idsTable__row[data-index="${i}"]`);
const box = (i: number) => row(i)?.querySelector('input[type="checkbox"]') as HTMLInputElement;
const descriptionOf = (i: number) => row(i)?.querySelector('.description-tooltip')?.textContent;

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the evidence bank feed in a DOM', () => {
  it('Post takes a line off: the rows after it renumbered, ticks moving with their rows', async () => {
    await open('/app/banking?markup=real&feed=evidence&tab=review');
    const tab = document.querySelector('[data-testid="segmentedBTN_0"]');
    const before = Number(/\((\d+)\)/.exec(tab?.textContent ?? '')?.[1]);
    const third = descriptionOf(2);
    box(2).click();
    expect(box(2).checked).toBe(true);
    const post = row(1)?.querySelector('td.action button') as HTMLElement;
    post.click();
    expect(document.querySelector('[data-testid="segmentedBTN_0"]')?.textContent).toBe(`For review (${before - 1})`);
    expect(descriptionOf(1)).toBe(third);
    expect(row(1)?.getAttribute('aria-rowindex')).toBe('3');
    expect(box(1).checked).toBe(true);
    expect(box(2).checked).toBe(false);
    expect(document.querySelector('.idsBulkActions__count')?.textContent).toBe('1 selected');
  });

  it('a tab switched by its button: the address says which, the header follows, no pressed state', async () => {
    await open('/app/banking?markup=real&feed=evidence&tab=review');
    (document.querySelector('[data-testid="segmentedBTN_1"]') as HTMLElement).click();
    expect(new URL(location.href).searchParams.get('tab')).toBe('categorized');
    expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).toContain('ADDED OR MATCHED');
    expect(document.querySelector('[aria-pressed], [aria-selected]')).toBeNull();
    expect(row(0)?.querySelector('td.addedOrMatched button')?.textContent).toBe('Added: Expense');
  });
});
