import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { mountPages } from '../../tools/simulator/pages/index';
import { VIRTUAL_MAX_ROWS, VIRTUAL_ROW_HEIGHT } from '../../tools/simulator/pages/virtual-list';

type Rec = { entity: Entity; json: Record<string, unknown> };

function makeRecords(count: number): Rec[] {
  const entities: Entity[] = ['Invoice', 'SalesReceipt', 'Payment', 'CreditMemo', 'Estimate', 'Purchase', 'Bill'];
  return Array.from({ length: count }, (_, i) => {
    const entity = entities[i % entities.length] as Entity;
    const json: Record<string, unknown> = {
      Id: String(i + 1),
      SyncToken: '0',
      TxnDate: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
      DocNumber: String(1000 + i),
      TotalAmt: 10 + i,
      PrivateNote: `note ${i}`,
      CustomerRef: { value: String((i % 3) + 1), name: `Customer ${(i % 3) + 1}` },
    };
    if (entity === 'Purchase') {
      delete json.CustomerRef;
      json.EntityRef = { value: '7', name: 'Vendor 7' };
      json.PaymentType = ['Cash', 'Check', 'CreditCard'][i % 3];
      if (i % 2 === 0) json.Credit = true;
      json.AccountRef = { value: '35', name: 'Checking' };
    }
    return { entity, json };
  });
}

function makeApp(records: Rec[], realmId: string | null = '9130350000000001') {
  const app = new Hono();
  mountPages(app, { pageRealmId: () => realmId ?? undefined, records: () => records });
  return app;
}

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe('look-alike web pages', () => {
  it('sets the company cookie on every page and fragment', async () => {
    const app = makeApp(makeRecords(5));
    for (const path of [
      '/app/sales',
      '/app/invoices?fragment=1',
      '/app/register?accountId=35',
      '/app/invoice?txnId=1',
    ]) {
      const res = await app.request(path);
      expect(res.headers.get('set-cookie'), path).toMatch(/^qbo\.currentcompanyid=9130350000000001; Path=\//);
    }
  });

  it('sets no cookie when no company is open', async () => {
    const res = await makeApp([], null).request('/app/sales');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('pages list rows 50 at a time with next/prev links', async () => {
    const sales = makeRecords(200).filter((r) =>
      ['Invoice', 'SalesReceipt', 'Payment', 'CreditMemo', 'Estimate'].includes(r.entity),
    );
    const app = makeApp(makeRecords(200));
    const first = await (await app.request('/app/sales')).text();
    expect(count(first, /<tr class="txn-row"/g)).toBe(50);
    expect(first).toContain(`1-50 of ${sales.length}`);
    expect(first).toContain('rel="next" href="/app/sales?page=2"');
    expect(first).not.toContain('rel="prev"');
    const last = await (await app.request('/app/sales?page=3')).text();
    expect(count(last, /<tr class="txn-row"/g)).toBe(sales.length - 100);
    expect(last).toContain('rel="prev" href="/app/sales?page=2"');
    expect(last).not.toContain('rel="next"');
  });

  it('answers a fragment (main content only) for client-side navigation', async () => {
    const html = await (await makeApp(makeRecords(10)).request('/app/invoices?fragment=1')).text();
    expect(html.startsWith('<div class="page" data-title="Invoices">')).toBe(true);
    expect(html).not.toContain('<script>');
    const full = await (await makeApp(makeRecords(10)).request('/app/invoices')).text();
    expect(full).toContain('history.pushState');
    expect(full).toContain('<main id="app-main">');
  });

  it('uses the markup variants: table, role=row with aria-checked, dgrid without checkboxes, ?&txnId=', async () => {
    const app = makeApp(makeRecords(70));
    const invoices = await (await app.request('/app/invoices')).text();
    expect(invoices).toMatch(
      /<div role="row" class="grid-row"><span role="gridcell"><span role="checkbox" aria-checked="false"/,
    );
    expect(invoices).toMatch(/href="\/app\/invoice\?txnId=\d+"/);
    const register = await (await app.request('/app/register?accountId=35&fragment=1')).text();
    expect(count(register, /class="dgrid-row /g)).toBe(10);
    expect(register).not.toContain('type="checkbox"');
    expect(register).toContain('1-10 of 10');
    const memos = await (await app.request('/app/creditmemos')).text();
    expect(memos).toMatch(/href="\/app\/creditmemo\?&amp;txnId=\d+"/);
  });

  it('links each Purchase by its kind: expense, check, creditcardcredit', async () => {
    const html = await (await makeApp(makeRecords(70)).request('/app/expenses')).text();
    expect(html).toMatch(/\/app\/check\?txnId=/);
    expect(html).toMatch(/\/app\/creditcardcredit\?txnId=/);
    expect(html).toMatch(/\/app\/expense\?txnId=/);
    expect(html).toContain('/app/bill?txnId=');
  });

  it('pages the register 300 rows at a time', async () => {
    const records = makeRecords(700).map((r) => ({ ...r, json: { ...r.json, AccountRef: { value: '35' } } }));
    const app = makeApp(records);
    const p1 = await (await app.request('/app/register?accountId=35')).text();
    expect(count(p1, /class="dgrid-row /g)).toBe(300);
    expect(p1).toContain('1-300 of 700');
    expect(p1).toContain('href="/app/register?accountId=35&amp;page=2"');
    const p3 = await (await app.request('/app/register?accountId=35&page=3')).text();
    expect(p3).toContain('601-700 of 700');
    expect(await (await app.request('/app/register?accountId=99')).text()).toContain('0-0 of 0');
  });

  it('filters customer and vendor detail pages by nameId', async () => {
    const app = makeApp(makeRecords(30));
    const customer = await (await app.request('/app/customerdetail?nameId=2')).text();
    expect(customer).not.toContain('Customer 1<');
    expect(customer).toContain('Customer 2');
    const vendor = await (await app.request('/app/vendordetail?nameId=7')).text();
    expect(count(vendor, /<tr class="txn-row"/g)).toBe(4);
  });

  it('escapes every value (party names, memos, query values)', async () => {
    const records: Rec[] = [
      {
        entity: 'Invoice',
        json: {
          Id: '1',
          TxnDate: '2025-01-01',
          DocNumber: '"><img src=x onerror=alert(1)>',
          PrivateNote: '<script>alert("memo")</script>',
          CustomerRef: { value: '1', name: '<script>alert("party")</script>' },
          AccountRef: { value: '35' },
        },
      },
    ];
    const app = makeApp(records);
    for (const path of ['/app/sales', '/app/register?accountId=35', '/app/invoice?txnId=1']) {
      const html = await (await app.request(path)).text();
      expect(html, path).not.toContain('<script>alert');
      expect(html, path).not.toContain('<img');
      expect(html, path).toContain('&lt;script&gt;');
    }
    const missing = await (await app.request('/app/customerdetail?nameId=%3Cb%3E')).text();
    expect(missing).not.toContain('<b>');
  });

  it('serves the hostile test page with escaped hostile links next to valid rows', async () => {
    const html = await (await makeApp(makeRecords(10)).request('/app/sales?hostile=1')).text();
    expect(html).toContain('href="/app/invoice?txnId=1&#39; OR &#39;1&#39;=&#39;1"');
    expect(html).toContain('txnId=١٢٣');
    expect(html).toContain('txnId=123456789012345678901234567890');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('(duplicate)');
  });

  it('renders 10,000 rows on /app/sales?rows=10000', async () => {
    const records = makeRecords(10_000).map((r) => ({ ...r, entity: 'Invoice' as Entity }));
    const html = await (await makeApp(records).request('/app/sales?rows=10000')).text();
    expect(count(html, /<tr class="txn-row"/g)).toBe(10_000);
  });

  it('serves a transaction page for a known record and 404 otherwise', async () => {
    const app = makeApp(makeRecords(3));
    expect((await app.request('/app/invoice?txnId=1')).status).toBe(200);
    expect((await app.request('/app/invoice?txnId=2')).status).toBe(404);
    expect((await app.request("/app/invoice?txnId=1' OR 1=1")).status).toBe(404);
    expect((await app.request('/app/nosuch?txnId=1')).status).toBe(404);
  });

  it('shows the app\'s own "N selected" counter on list pages with checkboxes, hidden while nothing is ticked', async () => {
    const app = makeApp(makeRecords(20));
    for (const path of ['/app/sales', '/app/invoices']) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain(
        '<div class="bulk-actions" role="status" aria-live="polite"><span class="selected-count" hidden></span></div>',
      );
    }
    const register = await (await app.request('/app/register?accountId=35&fragment=1')).text();
    expect(register).not.toContain('selected-count');
  });

  it('serves /app/banking: a virtualized list of every transaction (up to 300) with rows only from the script', async () => {
    const records = makeRecords(350);
    const html = await (await makeApp(records).request('/app/banking')).text();
    expect(html).toContain('class="ids-table__virtualized-container"');
    expect(html).toContain(`aria-rowcount="${VIRTUAL_MAX_ROWS + 1}"`);
    expect(html).toContain(`height:${VIRTUAL_MAX_ROWS * VIRTUAL_ROW_HEIGHT}px`);
    expect(html).toContain('<input type="checkbox" data-select-all aria-label="Select all rows">');
    expect(html).toContain('role="status"');
    expect(count(html, /<a href=/g)).toBe(0); // no row in the markup: the script renders those in view
    const json = html.match(/<script type="application\/json" class="ids-table__data">(.*?)<\/script>/)?.[1] ?? '';
    const rows = JSON.parse(json) as { href: string }[];
    expect(rows).toHaveLength(VIRTUAL_MAX_ROWS);
    expect(rows[0]?.href).toMatch(/^\/app\/[a-z]+\?txnId=\d+$/);
    expect(await (await makeApp([], null).request('/app/banking')).text()).toContain('No company is open.');
  });

  it("keeps the virtualized list's data inert: no markup survives into its JSON", async () => {
    const records: Rec[] = [
      {
        entity: 'Deposit',
        json: { Id: '1', TxnDate: '2025-01-01', DocNumber: '</script><script>alert(1)</script>', TotalAmt: 5 },
      },
    ];
    const html = await (await makeApp(records).request('/app/banking')).text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('\\u003c/script\\u003e');
  });
});
