/**
 * The look-alike pages in the web app's real markup (issue 20 §3), judged against what the API
 * returns: no transaction Id anywhere in a register's or the Invoices list's DOM, each record's
 * date, number, name and amount shown as the web app shows them, two records alike in every shown
 * field as two alike rows, bank-feed Pending rows that are no records and Posted rows that are.
 * The expected cells are computed here, independently of tools/simulator/pages.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, type Json, json } from './test-helpers';

let sim: Simulator;
let company: SeededCompany;
// happy-dom's parser in the node environment (fetch stays Node's); its nodes typed as the DOM's.
const parse = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const page = async (path: string) => (await fetch(`${sim.url}${path}`)).text();
const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const usd = (n: number) =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function all(entity: string): Promise<Json[]> {
  const res = await client(sim, company).query(`select * from ${entity} MAXRESULTS 1000`);
  return ((await json(res)).QueryResponse?.[entity] ?? []) as Json[];
}

/** Every attribute value of the document, with its attribute's name. */
function attributes(html: string): [string, string][] {
  const out: [string, string][] = [];
  for (const el of parse(html).querySelectorAll('*')) {
    for (const a of el.attributes) out.push([a.name, a.value]);
  }
  return out;
}

async function create(entity: string, body: Json): Promise<void> {
  const res = await client(sim, company).post(`/${entity}?include=allowduplicatedocnum&minorversion=75`, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

beforeAll(async () => {
  sim = await startSimulator();
  company = sim.seedCompany({ count: 300, seed: 11 });
  sim.setPageCompany(company.realmId);
  // Two checks and two invoices alike in every field a page shows (only their Ids differ).
  const check = {
    PaymentType: 'Check',
    AccountRef: { value: '35', name: 'Checking' },
    EntityRef: { value: '36', name: 'Hicks Hardware', type: 'Vendor' },
    TotalAmt: 228.75,
    TxnDate: '2025-06-15',
    DocNumber: '7777',
    PrivateNote: 'Same twice',
  };
  const invoice = {
    CustomerRef: { value: '3', name: 'Cool Cars' },
    TotalAmt: 362.07,
    TxnDate: '2025-06-16',
    DueDate: '2025-07-16',
    DocNumber: '9999',
  };
  for (const _ of [1, 2]) {
    await create('purchase', check);
    await create('invoice', invoice);
  }
  // An invoice paid by a payment: its status links the payment (a related record).
  const paid = await client(sim, company).post('/invoice?minorversion=75', {
    CustomerRef: { value: '3', name: 'Cool Cars' },
    TotalAmt: 500,
    TxnDate: '2025-06-17',
    DocNumber: '8888',
  });
  const paidId = ((await paid.json()) as Json).Invoice.Id;
  await create('payment', {
    CustomerRef: { value: '3', name: 'Cool Cars' },
    TotalAmt: 500,
    TxnDate: '2025-06-18',
    Line: [{ Amount: 500, LinkedTxn: [{ TxnId: paidId, TxnType: 'Invoice' }] }],
  });
});
afterAll(() => sim.close());

describe('real markup: registers and the lists link no row to its own record', () => {
  it('no attribute of a register or list holds a record Id but a paid invoice’s payment link; register rows are numbered by index', async () => {
    const ids = new Set(sim.records(company.realmId).map((r) => String(r.json.Id)));
    const payments = new Set(
      sim
        .records(company.realmId)
        .filter((r) => r.entity === 'Payment')
        .map((r) => String(r.json.Id)),
    );
    for (const path of [
      '/app/register?accountId=35&markup=real&rows=10000',
      '/app/register?accountId=41&markup=real&rows=10000',
      '/app/register?accountId=4&markup=real&rows=10000',
      '/app/register?accountId=35&markup=real&rows=10000&columns=stacked&addRow=collapsed',
      '/app/invoices?markup=real&rows=10000',
      '/app/sales?markup=real&rows=10000',
      '/app/expenses?markup=real&rows=10000',
    ]) {
      const html = await page(path);
      const rowIds: string[] = [];
      for (const [name, value] of attributes(html)) {
        if (name === 'id' && value.startsWith('dgrid_0-row-')) {
          rowIds.push(value);
          continue;
        }
        // A list row's index on the page (View/Edit's `?row=`), not an Id.
        if (name === 'data-row-index') continue;
        // The only link with an Id: a status cell's link to the payment of a paid invoice (related).
        const payment = /^\/app\/recvpayment\?txnId=([0-9]+)$/.exec(value);
        if (name === 'href' && payment) {
          expect(payments.has(payment[1] as string), value).toBe(true);
          continue;
        }
        expect(value, `${path} ${name}`).not.toMatch(/txnId/i);
        for (const digits of value.match(/\d+/g) ?? [])
          expect(ids.has(digits), `${path} ${name}="${value}"`).toBe(false);
      }
      const dataRows = rowIds.filter((id) => id !== 'dgrid_0-row-add' && id !== 'dgrid_0-row-new');
      expect(dataRows, path).toEqual(dataRows.map((_, i) => `dgrid_0-row-${i}`));
    }
  });
});

describe('real markup: the cells show each record as the API returns it', () => {
  it('the Invoices list: checkbox | empty | date | number | customer | amount | status | a "View/Edit <n> …" button', async () => {
    const doc = parse(await page('/app/invoices?markup=real&rows=10000'));
    const headers = [...doc.querySelectorAll('tr.idsTable__headerRow th')].map(text);
    expect(headers).toEqual(['', '', 'DATE', 'NO.', 'CUSTOMER', 'AMOUNT', 'STATUS', 'ACTION']);
    const rows = [...doc.querySelectorAll('table.idsTable tr.idsTable__row')];
    const shown = rows.map((r) => [...r.querySelectorAll('td')].slice(1, 6).map(text).join(' | ')).sort();
    const invoices = await all('Invoice');
    const expected = invoices
      .map((i) => ['', usDate(i.TxnDate), i.DocNumber ?? '', i.CustomerRef.name, usd(i.TotalAmt)].join(' | '))
      .sort();
    expect(shown).toEqual(expected);
    for (const r of rows) {
      expect(r.querySelector('input[type="checkbox"]')?.closest('label.idsCheckbox')).not.toBeNull();
      const number = text(r.querySelectorAll('td')[3]);
      const buttons = [...r.querySelectorAll('button')];
      expect(buttons).toHaveLength(1);
      expect(buttons[0]?.getAttribute('type')).toBe('button');
      expect((buttons[0]?.textContent ?? '').replace(/\s+/g, ' ').replace('▾', '').trim()).toMatch(
        new RegExp(`^View/Edit ${number} (Receive payment|Print) More actions$`),
      );
      // A link only in the status cell, and only to the payment that pays this invoice.
      const links = [...r.querySelectorAll('a')];
      const invoice = invoices.find(
        (i) => i.DocNumber === number && usDate(i.TxnDate) === text(r.querySelectorAll('td')[2]),
      );
      const paidBy = (invoice?.LinkedTxn ?? []).find((l: Json) => l.TxnType === 'Payment')?.TxnId;
      if (invoice && invoice.Balance < invoice.TotalAmt && paidBy) {
        expect(links.map((a) => a.getAttribute('href'))).toEqual([`/app/recvpayment?txnId=${paidBy}`]);
        expect(links[0]?.closest('td')).toBe(r.querySelectorAll('td')[6]);
      } else expect(links).toEqual([]);
    }
  });

  it('Sales and Expenses show the evidence’s columns and link no row to its own record', async () => {
    const headers = (doc: Document) => [...doc.querySelectorAll('tr.idsTable__headerRow th')].map(text);
    const sales = parse(await page('/app/sales?markup=real&rows=10000'));
    expect(headers(sales)).toEqual(['', 'DATE', 'TYPE', 'NO.', 'CUSTOMER', 'MEMO', 'AMOUNT', 'STATUS', 'ACTION']);
    const expenses = parse(await page('/app/expenses?markup=real&rows=10000'));
    expect(headers(expenses)).toEqual(['', 'DATE', 'TYPE', 'NO.', 'PAYEE', 'CATEGORY', 'MEMO', 'TOTAL', 'ACTION']);
    const count = async (e: string) => (await all(e)).length;
    const salesRows = sales.querySelectorAll('tr.idsTable__row');
    expect(salesRows.length).toBe(
      (
        await Promise.all(['Invoice', 'SalesReceipt', 'Payment', 'CreditMemo', 'RefundReceipt', 'Estimate'].map(count))
      ).reduce((a, b) => a + b),
    );
    for (const r of salesRows) {
      for (const a of r.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^\/app\/recvpayment\?txnId=/);
      if (r.querySelector('a')) expect(text(r.querySelectorAll('td')[2])).toBe('Invoice');
    }
    expect(expenses.querySelector('table a')).toBeNull();
    expect(expenses.querySelectorAll('tr.idsTable__row').length).toBeGreaterThan(10);
  });

  it('the Checking register (older stacked columns) shows every record of the account: date, ref no., type, payee, memo, payment or deposit', async () => {
    const doc = parse(await page('/app/register?accountId=35&markup=real&rows=10000&columns=stacked'));
    const headers = [...doc.querySelectorAll('.dgrid-header-row th.dgrid-cell[role="columnheader"]')].map(
      (th) => th.innerHTML,
    );
    expect(headers).toEqual([
      'DATE',
      'REF NO.<br>TYPE',
      'PAYEE<br>ACCOUNT',
      'MEMO',
      'PAYMENT',
      'DEPOSIT',
      '✓',
      'BALANCE',
    ]);
    const rows = [...doc.querySelectorAll('div.dgrid.dgrid-grid[role="grid"] div.dgrid-row[role="row"]')].filter(
      (r) => r.id !== 'dgrid_0-row-add',
    );
    for (const r of rows) expect(r.querySelector(':scope > table.dgrid-row-table[role="presentation"]')).not.toBeNull();
    const cell = (r: Element, c: string) => text(r.querySelector(`.dgrid-column-${c}`));
    const shown = rows
      .map((r) =>
        [
          cell(r, 'date'),
          text(r.querySelector('.refNo')),
          text(r.querySelector('.txnType')),
          text(r.querySelector('.payee')),
          cell(r, 'memo'),
          cell(r, 'payment'),
          cell(r, 'deposit'),
        ].join(' | '),
      )
      .sort();
    // What touches Checking (35) in a seeded company, and which way its money goes.
    const expected: string[] = [];
    const add = (r: Json, type: string, out: boolean, amount: number, payee = '') =>
      expected.push(
        [
          usDate(r.TxnDate),
          r.DocNumber ?? '',
          type,
          payee,
          r.PrivateNote ?? '',
          out ? usd(amount) : '',
          out ? '' : usd(amount),
        ].join(' | '),
      );
    for (const p of await all('Purchase'))
      if (p.AccountRef?.value === '35')
        add(p, p.PaymentType === 'Check' ? 'Check' : 'Expense', true, p.TotalAmt, p.EntityRef?.name);
    for (const d of await all('Deposit'))
      if (d.DepositToAccountRef?.value === '35') add(d, 'Deposit', false, d.TotalAmt);
    for (const t of await all('Transfer')) if (t.FromAccountRef?.value === '35') add(t, 'Transfer', true, t.Amount);
    for (const c of await all('CreditCardPaymentTxn'))
      if (c.BankAccountRef?.value === '35') add(c, 'Credit Card Payment', true, c.Amount);
    expect(shown).toEqual(expected.sort());
    expect(rows.length).toBeGreaterThan(20);
  });

  it('two records alike in every shown field render as two alike rows (only the running balance differs)', async () => {
    const reg = parse(await page('/app/register?accountId=35&markup=real&rows=10000&columns=stacked'));
    const twins = [...reg.querySelectorAll('div.dgrid-row')].filter((r) => text(r.querySelector('.refNo')) === '7777');
    expect(twins).toHaveLength(2);
    const cells = (r: Element) =>
      [...r.querySelectorAll('td')]
        .filter((td) => !td.classList.contains('dgrid-column-balance'))
        .map((td) => td.innerHTML);
    expect(cells(twins[0] as Element)).toEqual(cells(twins[1] as Element));
    expect(cells(twins[0] as Element).join(' ')).toContain('Hicks Hardware');

    const inv = parse(await page('/app/invoices?markup=real&rows=10000'));
    const pair = [...inv.querySelectorAll('tr.idsTable__row')].filter(
      (r) => text(r.querySelectorAll('td')[3]) === '9999',
    );
    expect(pair).toHaveLength(2);
    const tds = (r: Element) => [...r.querySelectorAll('td')].map((td) => td.outerHTML);
    expect(tds(pair[0] as Element)).toEqual(tds(pair[1] as Element));
  });
});

describe('real markup: View/Edit and the newer addresses', () => {
  it('View/Edit of row N goes to that row’s invoice, under /c28/app/ and keeping jobId', async () => {
    const doc = parse(await page('/c28/app/invoices?markup=real&jobId=accounting&page=2'));
    const row = doc.querySelectorAll('tr.idsTable__row')[3] as Element;
    const [date, no] = [...row.querySelectorAll('td')].slice(2, 4).map(text);
    const res = await fetch(`${sim.url}/c28/app/invoices/view?markup=real&jobId=accounting&page=2&row=3`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location') ?? '', sim.url);
    expect(target.pathname).toBe('/c28/app/invoice');
    expect(target.searchParams.get('jobId')).toBe('accounting');
    const invoice = (await all('Invoice')).find((i) => i.Id === target.searchParams.get('txnId'));
    expect([usDate(invoice?.TxnDate), invoice?.DocNumber]).toEqual([date, no]);
    const out = await fetch(`${sim.url}/app/invoices/view?markup=real&row=50`, { redirect: 'manual' });
    expect(out.status).toBe(404);
  });

  it('View/Edit on the Sales list goes to that row’s record, by its own slug', async () => {
    const doc = parse(await page('/app/sales?markup=real'));
    const row = doc.querySelectorAll('tr.idsTable__row')[2] as Element;
    const [date, type] = [...row.querySelectorAll('td')].slice(1, 3).map(text);
    const res = await fetch(`${sim.url}/app/sales/view?markup=real&row=2`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location') ?? '', sim.url);
    const slug = target.pathname.replace('/app/', '');
    const entity = {
      invoice: 'Invoice',
      salesreceipt: 'SalesReceipt',
      recvpayment: 'Payment',
      creditmemo: 'CreditMemo',
      refundreceipt: 'RefundReceipt',
      estimate: 'Estimate',
    }[slug];
    expect(entity, slug).toBeDefined();
    const record = (await all(entity as string)).find((r) => r.Id === target.searchParams.get('txnId'));
    expect([usDate(record?.TxnDate), type]).toEqual([date, type]);
  });

  it('a register under /c28/app/ with ?jobId= shows the same rows as under /app/', async () => {
    const rows = async (path: string) =>
      [...parse(await page(path)).querySelectorAll('div.dgrid-row')].map((r) => r.outerHTML);
    const plain = await rows('/app/register?accountId=35&markup=real');
    expect(plain.length).toBeGreaterThan(10);
    expect(await rows('/c28/app/register?accountId=35&markup=real&jobId=accounting')).toEqual(plain);
  });
});

describe('real markup: the register’s variants', () => {
  const rowsOf = (doc: Document) => [...doc.querySelectorAll('#dgrid_0 .dgrid-row')];
  it('the 2026 columns by default: Date · Ref No. · Payee · Memo · Class · Payment · Deposit · Tax · Balance · Type · Account · Location', async () => {
    const doc = parse(await page('/app/register?accountId=35&markup=real&rows=10000'));
    const headers = [...doc.querySelectorAll('.dgrid-header-row th')].map(text);
    expect(headers).toEqual([
      'Date',
      'Ref No.',
      'Payee',
      'Memo',
      'Class',
      'Payment',
      'Deposit',
      'Tax',
      'Balance',
      'Type',
      'Account',
      'Location',
    ]);
    const twins = rowsOf(doc).filter((r) => text(r.querySelector('.dgrid-column-refNo')) === '7777');
    expect(twins.map((r) => [...r.querySelectorAll('td')].map(text).filter((_, i) => i !== 8))).toEqual([
      ['06/15/2025', '7777', 'Hicks Hardware', 'Same twice', '', '$228.75', '', '', 'Check', '', ''],
      ['06/15/2025', '7777', 'Hicks Hardware', 'Same twice', '', '$228.75', '', '', 'Check', '', ''],
    ]);
  });

  it('pages of 300, the inline Add row first on page 1 only (editors open, or closed showing "Add")', async () => {
    const first = rowsOf(parse(await page('/app/register?accountId=35&markup=real&rows=10000')));
    expect(first[0]?.id).toBe('dgrid_0-row-add');
    expect(first[0]?.querySelectorAll('input')).toHaveLength(2);
    const closed = rowsOf(parse(await page('/app/register?accountId=35&markup=real&addRow=collapsed')));
    expect([closed[0]?.id, text(closed[0])]).toEqual(['dgrid_0-row-new', 'Add']);
    expect(closed[0]?.querySelector('input')).toBeNull();
    const total = rowsOf(parse(await page('/app/register?accountId=35&markup=real&rows=10000'))).length - 1;
    const paged = parse(await page('/app/register?accountId=35&markup=real'));
    expect(rowsOf(paged)).toHaveLength(Math.min(300, total) + 1);
    expect(text(paged.querySelector('.pagination .range'))).toBe(`1-${Math.min(300, total)} of ${total}`);
  });

  it('row ids: a counter by default, the transaction Id with rowIds=txn (the same rows otherwise)', async () => {
    const byIndex = rowsOf(parse(await page('/app/register?accountId=35&markup=real&rows=10000'))).slice(1);
    const byTxn = rowsOf(parse(await page('/app/register?accountId=35&markup=real&rows=10000&rowIds=txn'))).slice(1);
    expect(byIndex.map((r) => r.id)).toEqual(byIndex.map((_, i) => `dgrid_0-row-${i}`));
    const ids = new Set(sim.records(company.realmId).map((r) => String(r.json.Id)));
    for (const r of byTxn) expect(ids.has(r.id.replace('dgrid_0-row-', '')), r.id).toBe(true);
    expect(byTxn.map((r) => r.innerHTML)).toEqual(byIndex.map((r) => r.innerHTML));
  });
});
