/**
 * `npx tsx tools/simulator/save-real-pages.ts [file …]`: renders the simulator's real-markup pages
 * from a seeded company and saves them for the collector's tests under tests/fixtures/pages/ (PAGES
 * below; only the files named, when any are), each with a comment at the top saying how it was made.
 * The company: 120 records, seed 3, plus two checks and two invoices alike in every shown field (so a
 * resolver meets rows it cannot tell apart), and invoice No. 8888 paid by a payment and No. 8887 paid
 * in part (their status links the payment, a related record). Deterministic: running it again writes
 * the same files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from './index';

const OUT = join(import.meta.dirname, '../../tests/fixtures/pages');
const REALM = '9130350000000123';

const PAGES: [string, string, string][] = [
  ['sim-register-real.html', '/app/register?accountId=35&markup=real', 'the Checking register (dojo dgrid, no Id)'],
  ['sim-invoices-real.html', '/app/invoices?markup=real', 'the Invoices list, first page (IDS table, no Id)'],
  ['sim-sales-real.html', '/app/sales?markup=real&rows=20', 'the Sales list, first 20 rows (IDS table, no Id)'],
  ['sim-expenses-real.html', '/app/expenses?markup=real&rows=12', 'the Expenses list, first 12 rows (no Id)'],
  [
    'sim-register-stacked.html',
    '/app/register?accountId=35&markup=real&columns=stacked&rowIds=txn&addRow=collapsed',
    'the Checking register, older stacked columns, row ids from the transaction Id, the Add row closed',
  ],
  ['sim-bankfeed-pending.html', '/app/banking?markup=real&tab=pending', 'the bank feed, Pending tab (bank lines)'],
  ['sim-bankfeed-posted.html', '/app/banking?markup=real&tab=posted', 'the bank feed, Posted tab (recorded)'],
];

const sim = await startSimulator({ now: () => Date.parse('2025-12-31T17:00:00Z') });
try {
  const company = sim.seedCompany({ realmId: REALM, count: 120, seed: 3 });
  sim.setPageCompany(company.realmId);
  const create = async (entity: string, body: Record<string, unknown>) => {
    const res = await fetch(`${sim.url}/v3/company/${REALM}/${entity}?include=allowduplicatedocnum`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`create ${entity}: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as Record<string, { Id: string }>;
    return Object.values(answer)[0]?.Id ?? '';
  };
  for (const _ of [1, 2]) {
    await create('purchase', {
      PaymentType: 'Check',
      AccountRef: { value: '35', name: 'Checking' },
      EntityRef: { value: '36', name: 'Hicks Hardware', type: 'Vendor' },
      TotalAmt: 228.75,
      TxnDate: '2025-12-20',
      DocNumber: '7777',
      PrivateNote: 'Same twice',
    });
    await create('invoice', {
      CustomerRef: { value: '3', name: 'Cool Cars' },
      TotalAmt: 362.07,
      TxnDate: '2025-12-21',
      DueDate: '2026-01-20',
      DocNumber: '9999',
    });
  }
  const customer = { value: '3', name: 'Cool Cars' };
  for (const [number, total, paid] of [
    ['8888', 500, 500],
    ['8887', 300, 100],
  ] as const) {
    const invoice = await create('invoice', {
      CustomerRef: customer,
      TotalAmt: total,
      TxnDate: '2025-12-22',
      DueDate: '2026-01-21',
      DocNumber: number,
    });
    await create('payment', {
      CustomerRef: customer,
      TotalAmt: paid,
      TxnDate: '2025-12-23',
      Line: [{ Amount: paid, LinkedTxn: [{ TxnId: invoice, TxnType: 'Invoice' }] }],
    });
  }
  const only = process.argv.slice(2);
  for (const [file, path, what] of PAGES.filter(([file]) => only.length === 0 || only.includes(file))) {
    const html = await (await fetch(`${sim.url}${path}`)).text();
    const note = `<!-- rendered by the simulator (tools/simulator/save-real-pages.ts): ${what}, GET ${path}, company ${REALM} seeded with {count: 120, seed: 3} plus two checks No. 7777 and two invoices No. 9999 alike in every shown field, invoice No. 8888 paid and No. 8887 paid in part. Regenerate: npx tsx tools/simulator/save-real-pages.ts ${file} -->\n`;
    writeFileSync(join(OUT, file), note + html);
    console.log(`${file}: ${html.length} characters`);
  }
} finally {
  await sim.close();
}
