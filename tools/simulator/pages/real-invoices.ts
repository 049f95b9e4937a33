/**
 * `/app/invoices` in the real markup (`?markup=real`): an IDS table as
 * tests/fixtures/pages/real-markup/invoices-list.html shows it (native checkboxes in
 * `label.idsCheckbox`, a select-all in the header), but with NO transaction Id in the DOM: the
 * number is plain text and "View/Edit" is a <button> the page's script turns into a navigation to
 * `/app/invoices/view?row=<index>` (same page and paging parameters), which the server answers with
 * a redirect to the invoice, as the real app keeps the Id in its script's state only.
 * `data-row-index` is the row's index on the page, not an Id.
 */
import { esc } from './html';
import { amountOf, nameOf, numberOf, showDate, showMoney } from './real-fields';
import type { PageRecord } from './view-rows';

const HEADERS = ['DATE', 'NO.', 'CUSTOMER', 'DUE DATE', 'AMOUNT', 'STATUS', 'ACTION'];

/** The STATUS cell from Balance (a guess: the real page also counts days to or past the due date). */
function status(json: Record<string, unknown>): string {
  const total = amountOf(json) ?? 0;
  const balance = typeof json.Balance === 'number' ? json.Balance : total;
  if (total > 0 && balance === 0) return 'Paid';
  if (balance < total) return `Partially paid, ${showMoney(balance)} due`;
  return 'Open';
}

const checkbox = (label: string) =>
  `<label class="idsCheckbox"><input type="checkbox" class="idsCheckbox__input" aria-label="${label}"><span class="idsCheckbox__box"></span></label>`;

function row({ json }: PageRecord, index: number): string {
  const td = (content: string) => `<td class="idsTable__cell">${content}</td>`;
  return `<tr class="idsTable__row" data-row-index="${index}"><td class="idsTable__cell idsTable__cell--checkbox">${checkbox('Select row')}</td>${[
    esc(showDate(json.TxnDate)),
    esc(numberOf(json)),
    esc(nameOf(json)),
    esc(showDate(json.DueDate)),
    esc(showMoney(amountOf(json))),
    `<span class="status">${esc(status(json))}</span>`,
    '<div class="idsDropdownButton"><button class="idsButton idsButton--tertiary" type="button">View/Edit</button><button class="idsButton idsButton--tertiary" type="button" aria-haspopup="menu" aria-label="More actions">&#9662;</button></div>',
  ]
    .map(td)
    .join('')}</tr>`;
}

/** The page's rows (already sorted and sliced to the page) in the IDS table. */
export function renderRealInvoices(rows: PageRecord[]): string {
  const head = `<th class="idsTable__headerCell idsTable__cell--checkbox" scope="col">${checkbox('Select all rows')}</th>${HEADERS.map((h) => `<th class="idsTable__headerCell" scope="col">${h}</th>`).join('')}`;
  return `<div class="idsBulkActions" role="toolbar"><button class="idsButton" type="button">Batch actions</button></div><div class="idsTable__container"><table class="idsTable" aria-label="Invoices"><thead class="idsTable__head"><tr class="idsTable__headerRow">${head}</tr></thead><tbody class="idsTable__body">${rows.map(row).join('')}</tbody></table></div>`;
}
