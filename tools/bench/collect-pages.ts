/**
 * The two 10,000-row pages of the collector figure: a sales list whose every row links its
 * transaction (10,000 sales records; the simulator serves no such page, as no public source shows a
 * row linking its own record, so it is written here in the markup of the saved page
 * tests/fixtures/pages/sim-sales-table.html: the figure for a page that does carry links) and the
 * Checking register in the web app's real markup (`/app/register?accountId=35&rows=10000`:
 * dojo dgrid rows with no Id and no checkbox, so the collector gives every row its own box). The
 * register's company is 12,000 records of the types that post to Checking (checks, deposits,
 * transfers, card payments): 10,673 of them are Checking's, of which the page shows the newest 10,000.
 * Third, the bank feed as public evidence shows it (`?feed=evidence`: the grid split in a header table
 * and a rows table, nested values, month headings) on its Categorized tab, one page of 300 rows all
 * drawn (`inView=300`: the real list draws only the rows in view, so this is its worst case), every
 * row ticked by the page's own select-all before the collector starts: its first pass reads all 300
 * through the other table's headers.
 */
import { startSimulator } from '../simulator/index';
import { CLIENT_SCRIPT } from '../simulator/pages/client-script';
import { esc, fragment, shell } from '../simulator/pages/html';
import { txnHref } from '../simulator/pages/markup';
import { type PageRecord, sortForPage, toPageRow } from '../simulator/pages/view-rows';

export interface BenchPage {
  /** Short name for the printed rows ("linked", "register"). */
  name: string;
  /** Where the page is served (the web app's origin, so the collector reads it as it would there). */
  url: string;
  html: string;
  /** Rows on the page, when not the figure's row count (the bank feed's one page of 300). */
  rows?: number;
  /** Before the collector starts, the page's own select-all is clicked (every row ticked). */
  tickAll?: boolean;
}

/** A bank feed's page: at most 300 rows (service-facts "Bank feed": "1-300 of 1568"). */
export const BANK_FEED_ROWS = 300;

export const ORIGIN = 'https://app.qbo.intuit.com';

/** A list whose every row links its record (the markup of tests/fixtures/pages/sim-sales-table.html). */
function linkedList(records: PageRecord[]): string {
  const row = (r: ReturnType<typeof toPageRow>) =>
    `<tr class="txn-row" data-testid="txn-row"><td><input type="checkbox" aria-label="Select row ${esc(r.no || r.id)}"></td><td>${esc(r.date)}</td><td>${esc(r.type)}</td><td><a href="${esc(txnHref(r))}">${esc(r.no || r.id)}</a></td><td>${esc(r.party)}</td><td class="amount">${esc(r.amount)}</td></tr>`;
  const table = `<table class="txn-table" aria-label="Transactions"><thead><tr><th><input type="checkbox" data-select-all aria-label="Select all rows"></th><th>Date</th><th>Type</th><th>No.</th><th>Customer/Payee</th><th>Amount</th></tr></thead><tbody>${sortForPage(records.map(toPageRow)).map(row).join('')}</tbody></table>`;
  return shell({ title: 'Sales transactions', main: fragment('Sales transactions', table), script: CLIENT_SCRIPT });
}

export async function renderBenchPages(rows: number): Promise<BenchPage[]> {
  const sim = await startSimulator();
  try {
    const get = async (path: string) => {
      const res = await fetch(`${sim.url}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.text();
    };
    const sales = sim.seedCompany({ count: rows, seed: 3, entities: { Invoice: 6, SalesReceipt: 2, Payment: 2 } });
    sim.setPageCompany(sales.realmId);
    const linkedPath = `/app/sales?rows=${rows}`;
    const linked = linkedList(sim.records(sales.realmId));
    const checking = sim.seedCompany({
      count: Math.ceil(rows * 1.2),
      seed: 3,
      entities: { Purchase: 4, Transfer: 3, CreditCardPayment: 3, Deposit: 2 },
    });
    sim.setPageCompany(checking.realmId);
    const registerPath = `/app/register?accountId=35&rows=${rows}`;
    const register = await get(registerPath);
    const bankPath = `/app/banking?feed=evidence&tab=categorized&inView=${BANK_FEED_ROWS}`;
    const bank = await get(bankPath);
    const drawn = (bank.match(/<tr class="idsTable__row"/g) ?? []).length;
    if (drawn !== BANK_FEED_ROWS) throw new Error(`${bankPath}: ${drawn} rows drawn, not ${BANK_FEED_ROWS}`);
    return [
      { name: 'linked', url: `${ORIGIN}${linkedPath}`, html: linked },
      { name: 'register', url: `${ORIGIN}${registerPath}`, html: register },
      { name: 'bankFeed', url: `${ORIGIN}${bankPath}`, html: bank, rows: BANK_FEED_ROWS, tickAll: true },
    ];
  } finally {
    await sim.close();
  }
}
