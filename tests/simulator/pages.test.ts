import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { mountPages } from '../../tools/simulator/pages/index';

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
    const estimates = makeRecords(400).filter((r) => r.entity === 'Estimate');
    const app = makeApp(makeRecords(400));
    const first = await (await app.request('/app/estimates')).text();
    expect(count(first, /<div role="row" class="grid-row"/g)).toBe(50);
    expect(first).toContain(`1-50 of ${estimates.length}`);
    expect(first).toContain('rel="next" href="/app/estimates?page=2"');
    expect(first).not.toContain('rel="prev"');
    const last = await (await app.request('/app/estimates?page=2')).text();
    expect(count(last, /<div role="row" class="grid-row"/g)).toBe(estimates.length - 50);
    expect(last).toContain('rel="prev" href="/app/estimates?page=1"');
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

  it('no page links a row to its own record: lists without evidence of their own show the row, its customer and a paid invoice’s payment', async () => {
    const records = makeRecords(70);
    const paid = records.find((r) => r.entity === 'Invoice');
    if (paid) Object.assign(paid.json, { Balance: 0, LinkedTxn: [{ TxnId: '999', TxnType: 'Payment' }] });
    const app = makeApp(records);
    for (const path of [
      '/app/sales',
      '/app/invoices',
      '/app/expenses',
      '/app/bills',
      '/app/salesreceipts',
      '/app/estimates',
      '/app/purchaseorders',
      '/app/creditmemos',
      '/app/customerdetail?nameId=1',
      '/app/vendordetail?nameId=7',
      '/app/register?accountId=35',
      '/app/banking',
      '/app/banking?tab=posted',
    ]) {
      const html = await (await app.request(path)).text();
      // The one transaction link any page holds is a paid invoice's payment: a related record.
      const own = [...html.matchAll(/href="([^"]*txnId=[^"]*)"/g)].map((m) => m[1]);
      expect(
        own.filter((h) => h !== '/app/recvpayment?txnId=999'),
        path,
      ).toEqual([]);
    }
    const customer = await (await app.request('/app/customerdetail?nameId=1')).text();
    expect(customer).toMatch(
      /<div role="row" class="grid-row"><span role="gridcell"><span role="checkbox" aria-checked="false"/,
    );
    expect(customer).toContain('<a class="name-link" href="/app/customerdetail?nameId=1">Customer 1</a>');
    expect(customer).toContain('href="/app/recvpayment?txnId=999">Paid</a>');
    const memos = await (await app.request('/app/creditmemos')).text();
    expect(memos).toMatch(/<tr class="txn-row" data-testid="txn-row"><td><input type="checkbox"/);
    expect(memos).toMatch(/<td>\d\d\/\d\d\/2025<\/td><td>Credit Memo<\/td><td>\d+<\/td>/);
    const titles = [...customer.matchAll(/role="columnheader">([^<]*)</g)].map((m) => m[1]);
    expect(titles).toEqual(['', 'Date', 'Type', 'No.', 'Name', 'Memo', 'Amount', 'Status']);
  });

  it('pages the register 300 rows at a time', async () => {
    const records = makeRecords(700).map((r) => ({ ...r, json: { ...r.json, AccountRef: { value: '35' } } }));
    const app = makeApp(records);
    const p1 = await (await app.request('/app/register?accountId=35')).text();
    // Page 1 opens with the inline "Add" row.
    expect(count(p1, /class="dgrid-row /g)).toBe(301);
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

  it('serves the hostile test page with escaped hostile links next to valid rows that link nothing', async () => {
    const html = await (await makeApp(makeRecords(10)).request('/app/sales?hostile=1')).text();
    expect(html).toContain('href="/app/invoice?txnId=1&#39; OR &#39;1&#39;=&#39;1"');
    expect(html).toContain('txnId=١٢٣');
    expect(html).toContain('txnId=123456789012345678901234567890');
    expect(html).not.toContain('<script>alert');
    // The 8 sales records of the 10 (no Purchase or Bill), then one row per hostile link.
    expect(count(html, /<tr class="txn-row">/g)).toBe(8 + 14);
    expect(count(html, /<a href=/g)).toBe(14);
    expect(html).toMatch(
      /<td>01\/01\/2025<\/td><td>Invoice<\/td><td>1000<\/td><td>Customer 1<\/td><td class="amount">\$10\.00<\/td>/,
    );
  });

  it('renders 10,000 rows on /app/estimates?rows=10000', async () => {
    const records = makeRecords(10_000).map((r) => ({ ...r, entity: 'Estimate' as Entity }));
    const html = await (await makeApp(records).request('/app/estimates?rows=10000')).text();
    expect(count(html, /<div role="row" class="grid-row"/g)).toBe(10_000);
  });

  it('serves a transaction page for a known record and 404 otherwise', async () => {
    const app = makeApp(makeRecords(3));
    expect((await app.request('/app/invoice?txnId=1')).status).toBe(200);
    expect((await app.request('/app/invoice?txnId=2')).status).toBe(404);
    expect((await app.request("/app/invoice?txnId=1' OR 1=1")).status).toBe(404);
    expect((await app.request('/app/nosuch?txnId=1')).status).toBe(404);
  });

  it('shows the app\'s own "N selected" counter on the look-alike lists, hidden while nothing is ticked', async () => {
    const app = makeApp(makeRecords(20));
    for (const path of ['/app/creditmemos', '/app/estimates']) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain(
        '<div class="bulk-actions" role="status" aria-live="polite"><span class="selected-count" hidden></span></div>',
      );
    }
    const register = await (await app.request('/app/register?accountId=35&fragment=1')).text();
    expect(register).not.toContain('selected-count');
  });
});
