/**
 * `/app/register?accountId=N` in the real markup (`?markup=real`): the web app's dojo dgrid as
 * tests/fixtures/pages/real-markup/register-checking.html shows it, with NO transaction Id in the
 * DOM: no link, no data attribute, and row ids `dgrid_0-row-N` where N is the row's index in the
 * register. A row shows date, REF NO. over TYPE, PAYEE over ACCOUNT, MEMO, the amount in PAYMENT or
 * DEPOSIT (a card account: CHARGE or PAYMENT), the ✓ column (blank: the pages do not see clearing)
 * and the running BALANCE. No checkboxes: the extension adds its own. Clicking a row opens the
 * inline editor (real-client.ts). The first row is the register's empty "add" row, as on the real page.
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

function row(s: Shown, index: number, accountId: string, card: boolean): string {
  const { json } = s.record;
  const money = showMoney(s.amount);
  // Money out lands in PAYMENT (a card's CHARGE), money in in DEPOSIT (a card's PAYMENT).
  const [first, second] = [s.direction === 'out' ? money : '', s.direction === 'in' ? money : ''];
  const parity = index % 2 === 0 ? 'dgrid-row-odd' : 'dgrid-row-even';
  return `<div id="dgrid_0-row-${index}" class="dgrid-row ${parity} ui-state-default" role="row"><table class="dgrid-row-table" role="presentation"><tr>${[
    cell('date', esc(showDate(json.TxnDate))),
    cell(
      'refNo',
      `<div class="refNo">${esc(numberOf(json))}</div><div class="txnType">${esc(typeName(s.record))}</div>`,
    ),
    cell(
      'payee',
      `<div class="payee">${esc(nameOf(json))}</div><div class="account">${esc(otherSide(s.record, accountId))}</div>`,
    ),
    cell('memo', esc(memoOf(json))),
    cell(card ? 'charge' : 'payment', esc(first)),
    cell(card ? 'payment' : 'deposit', esc(second)),
    cell('reconcileStatus', ''),
    cell('balance', esc(showMoney(s.balance))),
  ].join('')}</tr></table></div>`;
}

const ADD_ROW =
  '<div id="dgrid_0-row-add" class="dgrid-row dgrid-row-even ui-state-default register-add-row" role="row"><table class="dgrid-row-table" role="presentation"><tr><td class="dgrid-cell dgrid-column-date"><input class="dijitInputInner" type="text" aria-label="Date"></td><td class="dgrid-cell dgrid-column-refNo"><input class="dijitInputInner" type="text" aria-label="Ref No."></td><td class="dgrid-cell dgrid-column-payee"></td><td class="dgrid-cell dgrid-column-memo"></td><td class="dgrid-cell dgrid-column-payment"></td><td class="dgrid-cell dgrid-column-deposit"></td><td class="dgrid-cell dgrid-column-reconcileStatus"></td><td class="dgrid-cell dgrid-column-balance"></td></tr></table></div>';

export interface RealRegisterInput {
  /** The register's records (any order). */
  records: PageRecord[];
  /** Every record of the company (to tell a card account). */
  all: PageRecord[];
  accountId: string;
  pager: Omit<PagerOptions, 'total'>;
}

export function renderRealRegister({ records, all, accountId, pager }: RealRegisterInput): string {
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
    .map((s, i) => row(s, from + i, accountId, card))
    .join('');
  const columns: [string, string][] = [
    ['date', 'DATE'],
    ['refNo', 'REF NO.<br>TYPE'],
    ['payee', 'PAYEE<br>ACCOUNT'],
    ['memo', 'MEMO'],
    ...((card
      ? [
          ['charge', 'CHARGE'],
          ['payment', 'PAYMENT'],
        ]
      : [
          ['payment', 'PAYMENT'],
          ['deposit', 'DEPOSIT'],
        ]) as [string, string][]),
    ['reconcileStatus', '✓'],
    ['balance', 'BALANCE'],
  ];
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
  return `<div class="register-page"><div class="pagination">${prev}<span class="range">${first}-${last} of ${total}</span>${next}</div><div id="dgrid_0" class="dgrid dgrid-grid ui-widget dgrid-keyboard-navigation register-grid" role="grid" aria-label="Register"><div class="dgrid-header dgrid-header-row ui-widget-header" role="row"><table class="dgrid-row-table" role="presentation"><tr>${headers}</tr></table></div><div class="dgrid-scroller" tabindex="-1"><div class="dgrid-content ui-widget-content">${pager.page === 1 ? ADD_ROW : ''}${rows}</div></div></div></div>`;
}
