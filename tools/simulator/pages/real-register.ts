/**
 * `/app/register?accountId=N` in the evidence's markup (`?markup=real`; service-facts "The web app's
 * pages", Account registers): a dojo dgrid with NO link in a row. Its variants, each a mode:
 * - `columns=separate` (default; a 2026 capture): Date · Ref No. · Payee · Memo · Class · Payment ·
 *   Deposit · Tax · Balance · Type · Account · Location, one value a cell; `columns=stacked` (older
 *   registers, tests/fixtures/pages/real-markup/register-checking.html): REF NO. over TYPE and PAYEE
 *   over ACCOUNT in one cell each, then MEMO, the money columns, ✓ and BALANCE.
 * - `rowIds=counter` (default) or `rowIds=txn`: dgrid builds a row's id as `<grid id>-row-<the
 *   store's identity>`; whether QuickBooks' identity is a row counter or the transaction Id is unknown,
 *   so both: `dgrid_0-row-<index>` or `dgrid_0-row-<Id>`.
 * - `addRow=inputs` (default) or `addRow=collapsed`: the first row of the first page is the inline
 *   "Add" row, with its editors open, or closed showing only the word "Add" (its markup is a guess).
 * A card account shows CHARGE / PAYMENT for the money columns. No checkboxes: the extension adds its
 * own. Clicking a row opens the inline editor (real-client.ts). Pages of 300 ("1-300 of N").
 */
import { esc } from './html';
import type { PagerOptions } from './markup';
import {
  amountOf,
  type Direction,
  directionFor,
  isCardAccount,
  memoOf,
  nameOf,
  numberOf,
  otherSide,
  showDate,
  showMoney,
  typeName,
} from './real-fields';
import type { PageRecord } from './view-rows';

/** Newest first, then the later-made record first (by Id, never shown), like the web app's default. */
export function sortRecords(records: PageRecord[]): PageRecord[] {
  const date = (r: PageRecord) => String(r.json.TxnDate ?? '');
  return [...records].sort((a, b) => date(b).localeCompare(date(a)) || Number(b.json.Id) - Number(a.json.Id));
}

const cell = (column: string, content: string) => `<td class="dgrid-cell dgrid-column-${column}">${content}</td>`;

interface Shown {
  record: PageRecord;
  direction: Direction;
  amount: number | undefined;
  balance: number;
}

export interface RegisterModes {
  columns: 'separate' | 'stacked';
  rowIds: 'counter' | 'txn';
  addRow: 'inputs' | 'collapsed';
}

export const DEFAULT_REGISTER_MODES: RegisterModes = { columns: 'separate', rowIds: 'counter', addRow: 'inputs' };

/** The modes a page asks for (`?columns=`, `?rowIds=`, `?addRow=`); anything else is the default. */
export function registerModes(q: URLSearchParams): RegisterModes {
  const pick = <K extends keyof RegisterModes>(key: K, values: RegisterModes[K][]): RegisterModes[K] => {
    const v = q.get(key) as RegisterModes[K] | null;
    return v !== null && values.includes(v) ? v : DEFAULT_REGISTER_MODES[key];
  };
  return {
    columns: pick('columns', ['separate', 'stacked']),
    rowIds: pick('rowIds', ['counter', 'txn']),
    addRow: pick('addRow', ['inputs', 'collapsed']),
  };
}

/** The columns in order: [class suffix, header HTML]. */
function columnsFor(columns: RegisterModes['columns'], card: boolean): [string, string][] {
  const title = (t: string) => (columns === 'stacked' ? t.toUpperCase() : t);
  const money: [string, string][] = card
    ? [
        ['charge', title('Charge')],
        ['payment', title('Payment')],
      ]
    : [
        ['payment', title('Payment')],
        ['deposit', title('Deposit')],
      ];
  if (columns === 'stacked') {
    return [
      ['date', 'DATE'],
      ['refNo', 'REF NO.<br>TYPE'],
      ['payee', 'PAYEE<br>ACCOUNT'],
      ['memo', 'MEMO'],
      ...money,
      ['reconcileStatus', '✓'],
      ['balance', 'BALANCE'],
    ];
  }
  return [
    ['date', 'Date'],
    ['refNo', 'Ref No.'],
    ['payee', 'Payee'],
    ['memo', 'Memo'],
    ['class', 'Class'],
    ...money,
    ['tax', 'Tax'],
    ['balance', 'Balance'],
    ['txnType', 'Type'],
    ['account', 'Account'],
    ['location', 'Location'],
  ];
}

function row(s: Shown, index: number, accountId: string, card: boolean, modes: RegisterModes): string {
  const { json } = s.record;
  const money = showMoney(s.amount);
  // Money out lands in PAYMENT (a card's CHARGE), money in in DEPOSIT (a card's PAYMENT).
  const [first, second] = [s.direction === 'out' ? money : '', s.direction === 'in' ? money : ''];
  const parity = index % 2 === 0 ? 'dgrid-row-odd' : 'dgrid-row-even';
  const identity = modes.rowIds === 'txn' ? String(json.Id) : String(index);
  const values: Record<string, string> = {
    date: esc(showDate(json.TxnDate)),
    memo: esc(memoOf(json)),
    [card ? 'charge' : 'payment']: esc(first),
    [card ? 'payment' : 'deposit']: esc(second),
    balance: esc(showMoney(s.balance)),
  };
  if (modes.columns === 'stacked') {
    values.refNo = `<div class="refNo">${esc(numberOf(json))}</div><div class="txnType">${esc(typeName(s.record))}</div>`;
    values.payee = `<div class="payee">${esc(nameOf(json))}</div><div class="account">${esc(otherSide(s.record, accountId))}</div>`;
  } else {
    values.refNo = esc(numberOf(json));
    values.payee = esc(nameOf(json));
    values.txnType = esc(typeName(s.record));
    values.account = esc(otherSide(s.record, accountId));
  }
  const cells = columnsFor(modes.columns, card).map(([c]) => cell(c, values[c] ?? ''));
  return `<div id="dgrid_0-row-${esc(identity)}" class="dgrid-row ${parity} ui-state-default" role="row"><table class="dgrid-row-table" role="presentation"><tr>${cells.join('')}</tr></table></div>`;
}

/** The inline "Add" row: its editors open (date and ref no.), or closed showing "Add". */
function addRow(modes: RegisterModes, card: boolean): string {
  const content = (c: string): string => {
    if (modes.addRow === 'collapsed') return c === 'date' ? '<span class="register-add-label">Add</span>' : '';
    if (c === 'date') return '<input class="dijitInputInner" type="text" aria-label="Date">';
    return c === 'refNo' ? '<input class="dijitInputInner" type="text" aria-label="Ref No.">' : '';
  };
  const cells = columnsFor(modes.columns, card).map(([c]) => cell(c, content(c)));
  const id = modes.addRow === 'collapsed' ? 'dgrid_0-row-new' : 'dgrid_0-row-add';
  return `<div id="${id}" class="dgrid-row dgrid-row-even ui-state-default register-add-row" role="row"><table class="dgrid-row-table" role="presentation"><tr>${cells.join('')}</tr></table></div>`;
}

export interface RealRegisterInput {
  /** The register's records (any order). */
  records: PageRecord[];
  /** Every record of the company (to tell a card account). */
  all: PageRecord[];
  accountId: string;
  pager: Omit<PagerOptions, 'total'>;
  modes?: RegisterModes;
}

export function renderRealRegister({
  records,
  all,
  accountId,
  pager,
  modes = DEFAULT_REGISTER_MODES,
}: RealRegisterInput): string {
  const card = isCardAccount(all, accountId);
  const sorted = sortRecords(records);
  // The running balance accumulates from the oldest row; a card's balance is what is owed.
  const shown: Shown[] = sorted.map((record) => ({
    record,
    direction: directionFor(record, accountId),
    amount: amountOf(record.json),
    balance: 0,
  }));
  let balance = 0;
  for (let i = shown.length - 1; i >= 0; i--) {
    const s = shown[i] as Shown;
    const signed = (s.amount ?? 0) * (s.direction === 'in' ? 1 : -1) * (card ? -1 : 1);
    balance = Math.round((balance + signed) * 100) / 100;
    s.balance = balance;
  }
  const from = (pager.page - 1) * pager.pageSize;
  const rows = shown
    .slice(from, from + pager.pageSize)
    .map((s, i) => row(s, from + i, accountId, card, modes))
    .join('');
  const columns = columnsFor(modes.columns, card);
  const headers = columns
    .map(([c, h]) => `<th class="dgrid-cell dgrid-column-${c}" role="columnheader">${h}</th>`)
    .join('');
  const total = shown.length;
  const first = total === 0 ? 0 : from + 1;
  const last = Math.min(total, from + pager.pageSize);
  const pages = Math.max(1, Math.ceil(total / pager.pageSize));
  const prev =
    pager.page > 1 ? `<a data-nav rel="prev" href="${esc(pager.hrefFor(pager.page - 1))}">Previous</a> ` : '';
  const next =
    pager.page < pages ? ` <a data-nav rel="next" href="${esc(pager.hrefFor(pager.page + 1))}">Next</a>` : '';
  return `<div class="register-page"><div class="pagination">${prev}<span class="range">${first}-${last} of ${total}</span>${next}</div><div id="dgrid_0" class="dgrid dgrid-grid ui-widget dgrid-keyboard-navigation register-grid" role="grid" aria-label="Register"><div class="dgrid-header dgrid-header-row ui-widget-header" role="row"><table class="dgrid-row-table" role="presentation"><tr>${headers}</tr></table></div><div class="dgrid-scroller" tabindex="-1"><div class="dgrid-content ui-widget-content">${pager.page === 1 ? addRow(modes, card) : ''}${rows}</div></div></div></div>`;
}
