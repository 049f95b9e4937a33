/**
 * `/app/sales` and `/app/expenses` in the evidence's markup (`?markup=real`; service-facts "The web
 * app's pages", Lists): an IDS table with native checkboxes, the column titles public scripts read —
 * Sales: Date · Type · No. · Customer · Memo · Amount · Status · Action; Expenses (a vendor list adds
 * Category): Date · Type · No. · Payee · Category · Memo · Total · Action — and NO link to the row's
 * own record: no public source shows one on these lists. An invoice's status links its payment, a
 * RELATED record, as on the Invoices list (real-invoices.ts). View/Edit is a button named like the
 * Invoices list's, which the page's script turns into `/app/<list>/view?row=<index>`.
 */
import { esc } from './html';
import { amountOf, memoOf, nameOf, numberOf, otherSide, showDate, showMoney, typeName } from './real-fields';
import { actionButton, checkbox, invoiceStatus } from './real-invoices';
import type { PageRecord } from './view-rows';

export type RealList = 'sales' | 'expenses';

const HEADERS: Record<RealList, string[]> = {
  sales: ['DATE', 'TYPE', 'NO.', 'CUSTOMER', 'MEMO', 'AMOUNT', 'STATUS', 'ACTION'],
  expenses: ['DATE', 'TYPE', 'NO.', 'PAYEE', 'CATEGORY', 'MEMO', 'TOTAL', 'ACTION'],
};

/** A sales row's status (a guess beyond invoices: estimates "Pending", every other type "Closed"). */
function salesStatus(record: PageRecord, prefix: string): string {
  if (record.entity === 'Invoice') return invoiceStatus(record.json, prefix);
  return `<span class="status">${record.entity === 'Estimate' ? 'Pending' : 'Closed'}</span>`;
}

/** An expense's category: the account its lines post to, "-Split-" for several (seen from its own account). */
function categoryOf({ entity, json }: PageRecord): string {
  const own = (json.AccountRef ?? json.APAccountRef) as { value?: unknown } | undefined;
  return otherSide({ entity, json }, typeof own?.value === 'string' ? own.value : '');
}

function row(list: RealList, record: PageRecord, index: number, prefix: string): string {
  const { json } = record;
  const number = numberOf(json);
  const cells =
    list === 'sales'
      ? [
          esc(showDate(json.TxnDate)),
          esc(typeName(record)),
          esc(number),
          esc(nameOf(json)),
          esc(memoOf(json)),
          esc(showMoney(amountOf(json))),
          salesStatus(record, prefix),
        ]
      : [
          esc(showDate(json.TxnDate)),
          esc(typeName(record)),
          esc(number),
          esc(nameOf(json)),
          esc(categoryOf(record)),
          esc(memoOf(json)),
          esc(showMoney(amountOf(json))),
        ];
  const due = typeof json.Balance === 'number' && json.Balance > 0;
  const next =
    record.entity === 'Invoice' && due ? 'Receive payment' : record.entity === 'Bill' && due ? 'Make payment' : 'Print';
  cells.push(actionButton(number, next));
  const td = (content: string) => `<td class="idsTable__cell">${content}</td>`;
  return `<tr class="idsTable__row" data-row-index="${index}"><td class="idsTable__cell idsTable__cell--checkbox">${checkbox('Select row')}</td>${cells.map(td).join('')}</tr>`;
}

/** The page's rows (already sorted and sliced) in the IDS table; `prefix` the page's `/cNN`. */
export function renderRealList(list: RealList, rows: PageRecord[], prefix = ''): string {
  const head = `<th class="idsTable__headerCell idsTable__cell--checkbox" scope="col">${checkbox('Select all rows')}</th>${HEADERS[list].map((h) => `<th class="idsTable__headerCell" scope="col">${h}</th>`).join('')}`;
  const label = list === 'sales' ? 'Sales transactions' : 'Expense transactions';
  return `<div class="idsBulkActions" role="toolbar"><button class="idsButton" type="button">Batch actions</button></div><div class="idsTable__container"><table class="idsTable" aria-label="${label}"><thead class="idsTable__head"><tr class="idsTable__headerRow">${head}</tr></thead><tbody class="idsTable__body">${rows.map((r, i) => row(list, r, i, prefix)).join('')}</tbody></table></div>`;
}
