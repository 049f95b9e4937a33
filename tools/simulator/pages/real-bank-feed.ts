/**
 * `/app/banking?markup=real`: the bank feed, in the variant `?feed=` names (real-bank-rows.ts:
 * `classic`, the default, below; `evidence`, `evidence-posted`, `evidence-amount` as public code that
 * automates the web app shows it). Classic: segmented tab buttons `[data-testid^="segmentedBTN"]` "Pending (N)", "Posted",
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
 * tab's row HTML as JSON for the script (real-bank-client.ts), which takes over from there. In the
 * evidence variants the For review tab also holds a bank line for each of the account's three newest
 * recorded transactions, with its date, amount and payee (the bank's copy of a transaction entered by
 * hand, not matched yet): a bank line a reader could take for that transaction.
 */
import { addDays } from '../clock';
import { createPrng, hashString } from '../prng';
import { esc } from './html';
import {
  BANK_TABS,
  type BankRow,
  type BankTab,
  type BankVariant,
  headRowHtml,
  rowsHtml,
  tabWords,
} from './real-bank-rows';
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
export { BANK_TABS, type BankTab };

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
      added: typeName(record),
    };
  });
}

export interface BankFeedInput {
  realmId: string;
  /** The bank account's recorded transactions. */
  posted: PageRecord[];
  accountId: string;
  tab: BankTab;
  /** Bank lines are dated up to this day (the company's newest record). */
  newest: string;
  variant: BankVariant;
  /** Rows in view (BANK_VIEW_ROWS unless asked): only those, plus overscan, are drawn. */
  inView?: number;
}

/** The tab's rows: in the evidence variants, For review also holds the bank's copy of the three newest records. */
function tabRows({ realmId, posted, accountId, newest, variant }: BankFeedInput): Record<BankTab, BankRow[]> {
  const recorded = postedRows(posted, accountId);
  let pending: BankRow[] = bankLines(realmId, 'pending', newest);
  if (variant.split) {
    const copies = recorded
      .slice(0, 3)
      .map(({ added: _added, ...row }) => ({ ...row, category: '', matchFound: true }));
    const key = (d: string) => `${d.slice(6)}${d.slice(0, 5)}`;
    pending = [...copies, ...pending].sort((a, b) => key(b.date).localeCompare(key(a.date)));
  }
  return { pending, posted: recorded, excluded: bankLines(realmId, 'excluded', newest) };
}

const spacer = (h: number) => `<tr class="ids-table__spacer" aria-hidden="true" style="height:${h}px"></tr>`;

export function renderRealBankFeed(input: BankFeedInput): string {
  const { realmId, tab, newest, variant: v } = input;
  const view = input.inView ?? BANK_VIEW_ROWS;
  const rows = tabRows(input);
  const data = Object.fromEntries(BANK_TABS.map((t) => [t, rowsHtml(rows[t], t, v)]));
  const heads = Object.fromEntries(BANK_TABS.map((t) => [t, headRowHtml(v, t)]));
  // The bank lines' own ids travel in the script's data only, as the real page keeps them in React state.
  const olb = {
    pending: bankLines(realmId, 'pending', newest).map((l) => l.olbTxnId),
    excluded: bankLines(realmId, 'excluded', newest).map((l) => l.olbTxnId),
  };
  const words = Object.fromEntries(BANK_TABS.map((t) => [t, tabWords(v, t, rows.pending.length)]));
  const label = Object.fromEntries(BANK_TABS.map((t) => [t, words[t]?.label ?? ''])) as Record<BankTab, string>;
  const address = Object.fromEntries(BANK_TABS.map((t) => [t, words[t]?.word ?? '']));
  const tabs = BANK_TABS.map((t, i) => {
    const id = v.split ? `segmentedBTN_${i}` : `segmentedBTN-${t}`;
    const state = v.pressed ? ` aria-pressed="${t === tab}"` : '';
    const cls = v.pressed
      ? 'idsSegmentedButton'
      : `idsSegmentedButton${t === tab ? ' idsSegmentedButton--active' : ''}`;
    return `<button type="button" class="${cls}" data-testid="${id}"${state}>${esc(label[t])}</button>`;
  }).join('');
  const size = v.pageSize;
  const total = rows[tab].length;
  const pageRows = Math.min(size, total);
  const first = (data[tab] ?? []).slice(0, Math.min(pageRows, view + BANK_OVERSCAN));
  const initial = first
    .map((html, i) =>
      html
        .split('@RI@')
        .join(String(i + 2))
        .split('@DI@')
        .join(String(i)),
    )
    .join('');
  const body = `${spacer(0)}${initial}${spacer((pageRows - first.length) * BANK_ROW_HEIGHT)}`;
  const container = `class="ids-table__virtualized-container" data-row-height="${BANK_ROW_HEIGHT}" data-view-rows="${view}" data-overscan="${BANK_OVERSCAN}" data-page-size="${size}" style="height:${view * BANK_ROW_HEIGHT}px;overflow-y:auto"`;
  const grid = v.split
    ? `<div class="idsTable" role="presentation"><table class="idsTable__columnGroup" aria-label="${esc(label[tab])}"><thead class="idsTable__head">${heads[tab]}</thead></table><div ${container}><div id="table-body-main" class="idsTable__bodyMain"><table class="idsTable__columnGroup"><tbody class="idsTable__body">${body}</tbody></table></div></div></div>`
    : `<div ${container}><table class="idsTable" role="grid" aria-label="${esc(label[tab])}" aria-rowcount="${total + 1}"><thead class="idsTable__head">${heads[tab]}</thead><tbody id="table-body-main" class="idsTable__body">${body}</tbody></table></div>`;
  const range = `${total === 0 ? 0 : 1}-${pageRows} of ${total}`;
  const json = v.split
    ? { tab, tabs: data, labels: label, olb, heads, words: address, variant: v.name }
    : { tab, tabs: data, labels: label, olb };
  // The classic page's script is real-client.ts (data-bank-feed), the evidence variants' real-bank-client.ts.
  const root = v.split ? 'data-bank-split' : 'data-bank-feed';
  return `<div class="banking-page" data-automation-id="banking-page" ${root}><div class="idsSegmented" role="group" aria-label="Bank transactions">${tabs}</div><div class="idsBulkActions" aria-live="polite"><span class="idsBulkActions__count" hidden></span></div>${grid}<div class="idsPagination" data-testid="pagination"><button type="button" class="idsPagination__prev" aria-label="Previous page" disabled>&lsaquo;</button><span class="idsPagination__range">${range}</span><button type="button" class="idsPagination__next" aria-label="Next page"${total > size ? '' : ' disabled'}>&rsaquo;</button></div><script type="application/json" class="bank-feed__data">${scriptJson(json)}</script></div>`;
}
