/**
 * `/app/invoices` in the evidence's markup (`?markup=real`; service-facts "The web app's pages",
 * Lists): an IDS table whose rows are checkbox | an empty cell | date | number | customer | amount |
 * status | actions, as a 2026 automation project reads them. The number is plain digits and the row's
 * action is a <button> whose accessible name reads like "View/Edit 6850 Receive payment More actions";
 * NO link to the row's own invoice anywhere in the row. A paid or partly paid invoice's status links
 * its payment (a RELATED record: service-facts "Everywhere"), `/app/recvpayment?txnId=<payment>`.
 * The button's script goes to `/app/invoices/view?row=<index>` (same page and paging parameters),
 * which the server answers with a redirect to the invoice, as the real app keeps the Id in its
 * script's state only. `data-row-index` is the row's index on the page, not an Id.
 */
import { esc } from './html';
import { amountOf, nameOf, numberOf, showDate, showMoney } from './real-fields';
import type { PageRecord } from './view-rows';

/** The header: the checkbox's and the empty cell's titles are empty (where the header sits is a guess). */
const HEADERS = ['', 'DATE', 'NO.', 'CUSTOMER', 'AMOUNT', 'STATUS', 'ACTION'];

/** The first payment an invoice lists (`LinkedTxn`, TxnType Payment), if any. */
export function paymentOf(json: Record<string, unknown>): string | undefined {
  const links = Array.isArray(json.LinkedTxn) ? (json.LinkedTxn as Record<string, unknown>[]) : [];
  const id = links.find((l) => l?.TxnType === 'Payment')?.TxnId;
  return typeof id === 'string' ? id : undefined;
}

/** The STATUS cell from Balance (a guess: the real page also counts days to or past the due date). */
export function invoiceStatus(json: Record<string, unknown>, prefix: string): string {
  const total = amountOf(json) ?? 0;
  const balance = typeof json.Balance === 'number' ? json.Balance : total;
  const text =
    total > 0 && balance === 0 ? 'Paid' : balance < total ? `Partially paid, ${showMoney(balance)} due` : 'Open';
  const payment = balance < total ? paymentOf(json) : undefined;
  if (payment === undefined) return `<span class="status">${esc(text)}</span>`;
  return `<span class="status"><a class="idsLink" href="${esc(`${prefix}/app/recvpayment?txnId=${encodeURIComponent(payment)}`)}">${esc(text)}</a></span>`;
}

export const checkbox = (label: string) =>
  `<label class="idsCheckbox"><input type="checkbox" class="idsCheckbox__input" aria-label="${label}"><span class="idsCheckbox__box"></span></label>`;

/**
 * The action cell: one button named "View/Edit <number> <next action> More actions" (the number and
 * the menu's name are visually hidden). The next action is "Receive payment" while money is due, else
 * "Print" (a guess: only "Receive payment" is seen).
 */
export function actionButton(number: string, next: string): string {
  const hidden = (t: string) => `<span class="idsVisuallyHidden">${esc(t)}</span>`;
  return `<div class="idsDropdownButton"><button class="idsButton idsButton--tertiary" type="button">View/Edit${number ? ` ${hidden(number)}` : ''} <span class="idsButton__secondary">${esc(next)}</span> ${hidden('More actions')}<span aria-hidden="true">&#9662;</span></button></div>`;
}

function row({ json }: PageRecord, index: number, prefix: string): string {
  const td = (content: string) => `<td class="idsTable__cell">${content}</td>`;
  const total = amountOf(json) ?? 0;
  const balance = typeof json.Balance === 'number' ? json.Balance : total;
  const number = numberOf(json);
  return `<tr class="idsTable__row" data-row-index="${index}"><td class="idsTable__cell idsTable__cell--checkbox">${checkbox('Select row')}</td>${[
    '',
    esc(showDate(json.TxnDate)),
    esc(number),
    esc(nameOf(json)),
    esc(showMoney(amountOf(json))),
    invoiceStatus(json, prefix),
    actionButton(number, balance > 0 ? 'Receive payment' : 'Print'),
  ]
    .map(td)
    .join('')}</tr>`;
}

/** The page's rows (already sorted and sliced to the page) in the IDS table; `prefix` the page's `/cNN`. */
export function renderRealInvoices(rows: PageRecord[], prefix = ''): string {
  const head = `<th class="idsTable__headerCell idsTable__cell--checkbox" scope="col">${checkbox('Select all rows')}</th>${HEADERS.map((h) => `<th class="idsTable__headerCell" scope="col">${h}</th>`).join('')}`;
  return `<div class="idsBulkActions" role="toolbar"><button class="idsButton" type="button">Batch actions</button></div><div class="idsTable__container"><table class="idsTable" aria-label="Invoices"><thead class="idsTable__head"><tr class="idsTable__headerRow">${head}</tr></thead><tbody class="idsTable__body">${rows.map((r, i) => row(r, i, prefix)).join('')}</tbody></table></div>`;
}
