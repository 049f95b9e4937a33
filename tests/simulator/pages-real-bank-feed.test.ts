/**
 * The real-markup bank feed (issue 20 §3), the simulator's only markup: Pending rows are bank lines
 * that are no record of the company, Posted rows are exactly the account's recorded transactions;
 * the tabs, paging and virtualization are there; no setting brings back a page whose rows link
 * their own records.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

let sim: Simulator;
let company: SeededCompany;
// happy-dom's parser in the node environment (fetch stays Node's); its nodes typed as the DOM's.
const parse = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const page = async (path: string) => (await fetch(`${sim.url}${path}`)).text();
const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Every row of every page of a tab, from the page's own data (the DOM holds only the rows in view). */
function tabRows(html: string, tab: string): string[] {
  const doc = parse(html);
  const data = JSON.parse(text(doc.querySelector('.bank-feed__data'))) as { tabs: Record<string, string[]> };
  return (data.tabs[tab] ?? []).map((row) => {
    const tr = parse(`<table><tbody>${row}</tbody></table>`).querySelector('tr.idsTable__row');
    return ['txnDate', 'payee', 'spent', 'received'].map((c) => text(tr?.querySelector(`td.${c}`))).join(' | ');
  });
}

/** What a recorded transaction of Checking (35) shows: date, payee, spent or received. */
function checkingRows(): string[] {
  const rows: string[] = [];
  for (const { entity, json: r } of sim.records(company.realmId)) {
    const out = (amount: number, payee = '') =>
      rows.push([usDate(r.TxnDate as string), payee, usd(amount), ''].join(' | '));
    const into = (amount: number) => rows.push([usDate(r.TxnDate as string), '', '', usd(amount)].join(' | '));
    const ref = (k: string) => (r[k] as { value?: string; name?: string } | undefined) ?? {};
    if (entity === 'Purchase' && ref('AccountRef').value === '35') out(r.TotalAmt as number, ref('EntityRef').name);
    if (entity === 'Deposit' && ref('DepositToAccountRef').value === '35') into(r.TotalAmt as number);
    if (entity === 'Transfer' && ref('FromAccountRef').value === '35') out(r.Amount as number);
    if (entity === 'CreditCardPayment' && ref('BankAccountRef').value === '35') out(r.Amount as number);
  }
  return rows.sort();
}

beforeAll(async () => {
  sim = await startSimulator();
  company = sim.seedCompany({ count: 300, seed: 5 });
  sim.setPageCompany(company.realmId);
});
afterAll(() => sim.close());

describe('real-markup bank feed', () => {
  it('Posted rows are the bank account’s recorded transactions, no more, no fewer, and carry no Id', async () => {
    const html = await page('/app/banking?markup=real&tab=posted');
    expect(tabRows(html, 'posted').sort()).toEqual(checkingRows());
    expect(html).not.toMatch(/txnId/);
    const ids = new Set(sim.records(company.realmId).map((r) => String(r.json.Id)));
    // Layout attributes hold pixel sizes and row positions, never an Id.
    const layout = new Set([
      'style',
      'aria-rowindex',
      'aria-rowcount',
      'data-row-height',
      'data-view-rows',
      'data-overscan',
      'data-page-size',
    ]);
    for (const el of parse(html).querySelectorAll('*'))
      for (const a of el.attributes)
        if (!layout.has(a.name))
          for (const digits of a.value.match(/\d+/g) ?? [])
            expect(ids.has(digits), `${a.name}="${a.value}"`).toBe(false);
  });

  it('Pending rows are bank lines: none is a record of the company, their olbTxnIds are no attribute', async () => {
    const html = await page('/app/banking?markup=real');
    const pending = tabRows(html, 'pending');
    expect(pending.length).toBeGreaterThan(50);
    const recorded = new Set(checkingRows());
    for (const row of pending) expect(recorded.has(row), row).toBe(false);
    const doc = parse(html);
    const data = JSON.parse(text(doc.querySelector('.bank-feed__data'))) as { olb: { pending: string[] } };
    expect(data.olb.pending).toHaveLength(pending.length);
    const attrs = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value));
    for (const olb of data.olb.pending) expect(attrs.some((v) => v.includes(olb))).toBe(false);
  });

  it('has the segmented tabs, pagination, a virtualized container, rows with aria-rowindex and phantom buttons', async () => {
    const doc = parse(await page('/c28/app/banking?markup=real&tab=excluded&jobId=accounting'));
    const tabs = [...doc.querySelectorAll('[data-testid^="segmentedBTN"]')];
    expect(tabs.map(text)).toEqual([expect.stringMatching(/^Pending \(\d+\)$/), 'Posted', 'Excluded']);
    expect(tabs.map((t) => t.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    expect(doc.querySelector('[data-testid="pagination"]')).not.toBeNull();
    const rows = doc.querySelectorAll('.ids-table__virtualized-container #table-body-main tr.idsTable__row');
    expect(rows.length).toBeGreaterThan(0);
    expect(doc.querySelector('.idsTable__headerRow')).not.toBeNull();
    for (const r of rows) {
      expect(r.getAttribute('aria-rowindex')).toMatch(/^\d+$/);
      for (const c of ['txnDate', 'description', 'payee', 'category', 'spent', 'received', 'action'])
        expect(r.querySelector(`td.${c}`), c).not.toBeNull();
      expect(r.querySelector('td.action button.idsButton--phantom')).not.toBeNull();
    }
    const pending = parse(await page('/app/banking?markup=real'));
    // A page of 50, of which only the rows in view (and a few more) are in the DOM.
    expect(pending.querySelectorAll('#table-body-main tr.idsTable__row').length).toBeLessThan(20);
    expect(text(pending.querySelector('.idsPagination__range'))).toMatch(/^1-50 of \d+$/);
  });
});

describe('one markup', () => {
  it('every page is the evidence-shaped one by default, and no setting or address brings back rows linking their records', async () => {
    expect(await page('/app/register?accountId=35')).toContain('dgrid_0-row-0');
    for (const path of ['/app/invoices', '/app/register?accountId=35', '/app/invoices?markup=linked', '/app/bills']) {
      expect(await page(path), path).not.toMatch(/\/app\/[a-z]+\?&?txnId=\d+"/);
    }
    const post = await fetch(`${sim.url}/__sim/page-markup`, {
      method: 'POST',
      body: JSON.stringify({ markup: 'linked' }),
    });
    expect(post.status).toBe(404);
    expect(await (await fetch(`${sim.url}/__sim/state`)).json()).not.toHaveProperty('pageMarkup');
  });
});
