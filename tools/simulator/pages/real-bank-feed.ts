/**
 * `/app/banking?markup=real`: the bank feed as public automation code shows it (service-facts "The
 * web app's pages"): segmented tab buttons `[data-testid^="segmentedBTN"]` "Pending (N)", "Posted",
 * "Excluded" (the selected one `aria-pressed="true"`; `?tab=pending|posted|excluded` picks the first
 * one, the page's script switches them); rows `tr.idsTable__row` under `#table-body-main`, cells
 * `td.txnDate`, `.description`, `.payee`, `.category`, `.spent`, `.received`, `.action`; paged
 * (`[data-testid="pagination"]`, BANK_PAGE_SIZE a page) and virtualized inside a page
 * (`.ids-table__virtualized-container`, rows carry `aria-rowindex`); the action cell holds a
 * placeholder ("phantom") button the script swaps for a real one on hover.
 *
 * Pending and Excluded rows are BANK LINES, not records: drawn from BANK_LINES with a PRNG seeded by
 * the company, each with an `olbTxnId` that lives only in the page's data (never an attribute).
 * Posted rows are the bank account's recorded transactions, shown without any Id.
 * The server renders the first rows of the chosen tab (so a saved page has rows) and ships every
 * tab's row HTML as JSON for the script (real-client.ts), which takes over from there.
 */
import { addDays } from '../clock';
import { createPrng, hashString } from '../prng';
import { esc } from './html';
import { amountOf, directionFor, memoOf, nameOf, otherSide, showDate, showMoney, typeName } from './real-fields';
import { sortRecords } from './real-register';
import type { PageRecord } from './view-rows';
import { scriptJson } from './virtual-list';

export const BANK_PAGE_SIZE = 50;
export const BANK_ROW_HEIGHT = 48;
export const BANK_VIEW_ROWS = 10;
export const BANK_OVERSCAN = 3;
export const PENDING_LINES = 60;
export const EXCLUDED_LINES = 4;
export const BANK_TABS = ['pending', 'posted', 'excluded'] as const;
export type BankTab = (typeof BANK_TABS)[number];

/** What a bank sends: its description, the payee and category QuickBooks suggests, spent or received. */
const BANK_LINES: [string, string, string, 'spent' | 'received'][] = [
  ['POS PURCHASE CHIN S GAS', "Chin's Gas and Oil", 'Automobile:Fuel', 'spent'],
  ['ACH DEBIT PG&E UTIL', 'PG&E', 'Utilities', 'spent'],
  ['HICKS HARDWARE #221', 'Hicks Hardware', 'Job Expenses:Job Materials', 'spent'],
  ['AMAZON MKTPLACE PMTS', '', 'Office Expenses', 'spent'],
  ['SERVICE CHARGE', '', 'Bank Charges', 'spent'],
  ['ACH DEBIT HARTFORD INS', 'Brosnahan Insurance Agency', 'Insurance', 'spent'],
  ['MOBILE DEPOSIT', '', 'Uncategorized Income', 'received'],
  ['ACH CREDIT COOLCARS', 'Cool Cars', 'Sales of Product Income', 'received'],
  ['SQUARE INC DEPOSIT', '', 'Sales of Product Income', 'received'],
  ['INTEREST PAYMENT', '', 'Interest Earned', 'received'],
];

interface BankRow {
  date: string;
  description: string;
  payee: string;
  category: string;
  spent: string;
  received: string;
}

export interface BankLine extends BankRow {
  olbTxnId: string;
}

/** The company's bank lines for a tab, newest first: the same company always gets the same lines. */
export function bankLines(realmId: string, tab: 'pending' | 'excluded', newest: string): BankLine[] {
  const rng = createPrng(hashString(`${realmId}:${tab}`));
  const count = tab === 'pending' ? PENDING_LINES : EXCLUDED_LINES;
  const lines = Array.from({ length: count }, () => {
    const [description, payee, category, side] = rng.pick(BANK_LINES);
    const amount = showMoney(Math.round((5 + rng.next() * 1500) * 100) / 100);
    return {
      olbTxnId: String(rng.int(100_000_000, 999_999_999)),
      date: showDate(addDays(newest, -rng.int(0, 30))),
      description,
      payee,
      category,
      spent: side === 'spent' ? amount : '',
      received: side === 'received' ? amount : '',
    };
  });
  const key = (d: string) => `${d.slice(6)}${d.slice(0, 5)}`;
  return lines.sort((a, b) => key(b.date).localeCompare(key(a.date)));
}

export function postedRows(records: PageRecord[], accountId: string): BankRow[] {
  return sortRecords(records).map((record) => {
    const money = showMoney(amountOf(record.json));
    const out = directionFor(record, accountId) === 'out';
    return {
      date: showDate(record.json.TxnDate),
      description: memoOf(record.json) || typeName(record),
      payee: nameOf(record.json),
      category: otherSide(record, accountId),
      spent: out ? money : '',
      received: out ? '' : money,
    };
  });
}

const ACTION: Record<BankTab, string> = { pending: 'Post', posted: 'Undo', excluded: 'Undo' };

function rowHtml(r: BankRow, index: number, tab: BankTab): string {
  const td = (cls: string, text: string) => `<td class="idsTable__cell ${cls}">${esc(text)}</td>`;
  return `<tr class="idsTable__row" aria-rowindex="${index + 2}"><td class="idsTable__cell idsTable__cell--checkbox"><label class="idsCheckbox"><input type="checkbox" class="idsCheckbox__input" aria-label="Select row"><span class="idsCheckbox__box"></span></label></td>${td('txnDate', r.date)}${td('description', r.description)}${td('payee', r.payee)}${td('category', r.category)}${td('spent', r.spent)}${td('received', r.received)}<td class="idsTable__cell action"><button type="button" class="idsButton idsButton--phantom" tabindex="-1" aria-hidden="true">${ACTION[tab]}</button></td></tr>`;
}

export interface BankFeedInput {
  realmId: string;
  /** The bank account's recorded transactions. */
  posted: PageRecord[];
  accountId: string;
  tab: BankTab;
  /** Bank lines are dated up to this day (the company's newest record). */
  newest: string;
}

const HEADERS = ['DATE', 'DESCRIPTION', 'PAYEE', 'CATEGORY', 'SPENT', 'RECEIVED', 'ACTION'];

export function renderRealBankFeed({ realmId, posted, accountId, tab, newest }: BankFeedInput): string {
  const pending = bankLines(realmId, 'pending', newest);
  const excluded = bankLines(realmId, 'excluded', newest);
  const rows: Record<BankTab, BankRow[]> = { pending, posted: postedRows(posted, accountId), excluded };
  const data = Object.fromEntries(BANK_TABS.map((t) => [t, rows[t].map((r, i) => rowHtml(r, i, t))]));
  // The bank lines' own ids travel in the script's data only, as the real page keeps them in React state.
  const olb = { pending: pending.map((l) => l.olbTxnId), excluded: excluded.map((l) => l.olbTxnId) };
  const label: Record<BankTab, string> = {
    pending: `Pending (${pending.length})`,
    posted: 'Posted',
    excluded: 'Excluded',
  };
  const tabs = BANK_TABS.map(
    (t) =>
      `<button type="button" class="idsSegmentedButton" data-testid="segmentedBTN-${t}" aria-pressed="${t === tab}">${esc(label[t])}</button>`,
  ).join('');
  const first = rows[tab].slice(0, Math.min(BANK_PAGE_SIZE, BANK_VIEW_ROWS + BANK_OVERSCAN));
  const initial = first.map((r, i) => rowHtml(r, i, tab)).join('');
  const pageRows = Math.min(BANK_PAGE_SIZE, rows[tab].length);
  const spacer = (h: number) => `<tr class="ids-table__spacer" aria-hidden="true" style="height:${h}px"></tr>`;
  const head = `<tr class="idsTable__headerRow" aria-rowindex="1"><th class="idsTable__headerCell idsTable__cell--checkbox" scope="col"><label class="idsCheckbox"><input type="checkbox" class="idsCheckbox__input" aria-label="Select all rows"><span class="idsCheckbox__box"></span></label></th>${HEADERS.map((h) => `<th class="idsTable__headerCell" scope="col">${h}</th>`).join('')}</tr>`;
  const total = rows[tab].length;
  const range = `${total === 0 ? 0 : 1}-${pageRows} of ${total}`;
  return `<div class="banking-page" data-automation-id="banking-page" data-bank-feed><div class="idsSegmented" role="group" aria-label="Bank transactions">${tabs}</div><div class="idsBulkActions" aria-live="polite"><span class="idsBulkActions__count" hidden></span></div><div class="ids-table__virtualized-container" data-row-height="${BANK_ROW_HEIGHT}" data-view-rows="${BANK_VIEW_ROWS}" data-overscan="${BANK_OVERSCAN}" data-page-size="${BANK_PAGE_SIZE}" style="height:${BANK_VIEW_ROWS * BANK_ROW_HEIGHT}px;overflow-y:auto"><table class="idsTable" role="grid" aria-label="${esc(label[tab])}" aria-rowcount="${total + 1}"><thead class="idsTable__head">${head}</thead><tbody id="table-body-main" class="idsTable__body">${spacer(0)}${initial}${spacer((pageRows - first.length) * BANK_ROW_HEIGHT)}</tbody></table></div><div class="idsPagination" data-testid="pagination"><button type="button" class="idsPagination__prev" aria-label="Previous page" disabled>&lsaquo;</button><span class="idsPagination__range">${range}</span><button type="button" class="idsPagination__next" aria-label="Next page"${total > BANK_PAGE_SIZE ? '' : ' disabled'}>&rsaquo;</button></div><script type="application/json" class="bank-feed__data">${scriptJson({ tab, tabs: data, labels: label, olb })}</script></div>`;
}
