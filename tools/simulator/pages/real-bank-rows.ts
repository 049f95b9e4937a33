/**
 * The bank feed's markup variants (`/app/banking?markup=real&feed=…`, real-bank-feed.ts) and their
 * rows and headers. `classic` is the look-alike written first (one table, pressed tabs, plain cells);
 * the `evidence*` variants follow public code that automates the web app (service-facts "The web
 * app's pages", Bank feed): the grid split in a header table and a rows table, both
 * `table.idsTable__columnGroup`, the rows' `tbody` inside `#table-body-main`; cells `td.txnDate`, the
 * description inside `.description-tooltip`, spent inside `.pull-right`, received inside
 * `.received-amount` (or one Amount column), the payee a button whose `aria-label` holds the name
 * ("Select vendor/customer" when empty), the category in an `aria-label` or a JSON `data-props`;
 * month heading rows `tr.group-header-row`; tab buttons `[data-testid^="segmentedBTN"]` told by their
 * text, with no `aria-pressed`; pages of 300; the Categorized rows' "Added or Matched" cell a
 * link-like button with no `href`. What is still a guess is listed in tools/simulator/README.md.
 */
import { esc } from './html';

export const BANK_TABS = ['pending', 'posted', 'excluded'] as const;
export type BankTab = (typeof BANK_TABS)[number];

export interface BankRow {
  date: string;
  description: string;
  payee: string;
  category: string;
  spent: string;
  received: string;
  /** Posted rows: how the record was added ("Expense", "Deposit"); bank lines have none. */
  added?: string;
  /** For review: the bank's copy of a recorded transaction, which the Business view offers as a match. */
  matchFound?: boolean;
}

export interface BankVariant {
  name: 'classic' | 'evidence' | 'evidence-posted' | 'evidence-amount';
  /** Headers in a first table, rows in a second (evidence), or one table (classic). */
  split: boolean;
  /** "For review (N)" / "Categorized" / "Excluded", or "Pending (N)" / "Posted" / "Excluded". */
  names: 'review' | 'pending';
  /** `aria-pressed` on the tab buttons: no public source shows one. */
  pressed: boolean;
  /** Spent and Received columns, or the older UI's one Amount column (spent below zero). */
  amount: 'two' | 'one';
  /** The category as plain text, in a button's aria-label, or in a picker's JSON data-props. */
  category: 'text' | 'label' | 'props';
  /** Values nested as public code reads them (tooltip, spans, payee button), or plain text. */
  nested: boolean;
  /** Month heading rows ("June 2025 (12)") before each month's first row. */
  months: boolean;
  pageSize: number;
  /**
   * Accountant view or Business view (`?view=`): public code says the two coexist with different
   * match markup; how each writes it is a guess. Accountant: "Added: <type>" in a link-like button.
   * Business: the matched record summed up (type, date, amount) in an `<a>` with no href, and on
   * For review, the bank's copy of a recorded transaction says "1 match found" in its category cell.
   */
  view: 'accountant' | 'business';
  /**
   * The action cell (`?actions=`): the older phantom buttons swapped in on hover, or the newer
   * "ComboLink" (a primary button and a "More actions" menu button); public code names both, their
   * markup here is a guess.
   */
  actions: 'phantom' | 'combolink';
}

const EVIDENCE: BankVariant = {
  name: 'evidence',
  split: true,
  names: 'review',
  pressed: false,
  amount: 'two',
  category: 'label',
  nested: true,
  months: true,
  pageSize: 300,
  view: 'accountant',
  actions: 'phantom',
};

export const BANK_VARIANTS: Record<BankVariant['name'], BankVariant> = {
  classic: {
    name: 'classic',
    split: false,
    names: 'pending',
    pressed: true,
    amount: 'two',
    category: 'text',
    nested: false,
    months: false,
    pageSize: 50,
    view: 'accountant',
    actions: 'phantom',
  },
  evidence: EVIDENCE,
  'evidence-posted': { ...EVIDENCE, name: 'evidence-posted', names: 'pending', category: 'props' },
  'evidence-amount': { ...EVIDENCE, name: 'evidence-amount', amount: 'one' },
};

/** The variant `?feed=` names, in the view and action markup `?view=` and `?actions=` name (split variants only). */
export function variantOf(
  asked: string | null,
  view: string | null = null,
  actions: string | null = null,
): BankVariant {
  const base =
    asked !== null && Object.hasOwn(BANK_VARIANTS, asked)
      ? BANK_VARIANTS[asked as BankVariant['name']]
      : BANK_VARIANTS.classic;
  if (!base.split) return base;
  return {
    ...base,
    view: view === 'business' ? 'business' : 'accountant',
    actions: actions === 'combolink' ? 'combolink' : 'phantom',
  };
}

/** The tab's word in the address (`?tab=`) and its button's text. */
export function tabWords(v: BankVariant, tab: BankTab, pending: number): { word: string; label: string } {
  if (tab === 'excluded') return { word: 'excluded', label: 'Excluded' };
  if (v.names === 'pending')
    return tab === 'pending' ? { word: 'pending', label: `Pending (${pending})` } : { word: 'posted', label: 'Posted' };
  return tab === 'pending'
    ? { word: 'review', label: `For review (${pending})` }
    : { word: 'categorized', label: 'Categorized' };
}

/** The tab an address word names, in either set of names. */
export function tabOfWord(word: string | null): BankTab | undefined {
  if (word === 'pending' || word === 'review') return 'pending';
  if (word === 'posted' || word === 'categorized') return 'posted';
  return word === 'excluded' ? 'excluded' : undefined;
}

type Column = [title: string, cls: string, cell: (r: BankRow, v: BankVariant, tab: BankTab) => string];

const ACTION: Record<BankTab, string> = { pending: 'Post', posted: 'Undo', excluded: 'Undo' };
const text = (s: string) => esc(s);
const money = (r: BankRow) => (r.spent ? `-${r.spent}` : r.received);

function payeeCell(r: BankRow, v: BankVariant): string {
  if (!v.nested) return text(r.payee);
  const label = r.payee || 'Select vendor/customer';
  return `<button type="button" class="idsDropdown__trigger payee-picker" aria-label="${esc(label)}"><span class="idsDropdown__text">${esc(label)}</span></button>`;
}

function categoryCell(r: BankRow, v: BankVariant): string {
  if (v.view === 'business' && r.matchFound) {
    return '<button type="button" class="bv-matchFound idsLinkButton">1 match found</button>';
  }
  if (v.category === 'label') {
    return `<button type="button" class="idsDropdown__trigger category-picker" aria-label="${esc(r.category)}"><span class="idsDropdown__text">${esc(r.category)}</span></button>`;
  }
  if (v.category === 'props') {
    const props = JSON.stringify({ value: { name: r.category }, placeholder: 'Select category' });
    return `<div class="QuickfillsContainer" data-props="${esc(props)}"><span class="QuickfillsContainer__icon"></span></div>`;
  }
  return text(r.category);
}

const DATE: Column = ['DATE', 'txnDate', (r) => text(r.date)];
const DESCRIPTION: Column = [
  'DESCRIPTION',
  'description',
  (r, v) =>
    v.nested
      ? `<div class="description-cell"><span class="description-truncated">${esc(r.description.slice(0, 18))}</span><div class="description-tooltip" role="tooltip">${esc(r.description)}</div></div>`
      : text(r.description),
];
const SPENT: Column = [
  'SPENT',
  'spent',
  (r, v) => (v.nested && r.spent ? `<span class="pull-right">${esc(r.spent)}</span>` : text(r.spent)),
];
const RECEIVED: Column = [
  'RECEIVED',
  'received',
  (r, v) => (v.nested && r.received ? `<span class="received-amount">${esc(r.received)}</span>` : text(r.received)),
];
const AMOUNT: Column = ['AMOUNT', 'amount', (r) => `<span class="pull-right">${esc(money(r))}</span>`];
const PAYEE: Column = ['PAYEE', 'payee', payeeCell];
const CATEGORY: Column = ['CATEGORY', 'category', categoryCell];
const ADDED: Column = [
  'ADDED OR MATCHED',
  'addedOrMatched',
  (r, v) => {
    if (!r.added) return '';
    if (v.view === 'accountant')
      return `<button type="button" class="idsLinkButton">${esc(`Added: ${r.added}`)}</button>`;
    // The record summed up: its own date and amount beside the row's (read by no column title).
    const summary = `${r.added} ${r.date} ${money(r)}`;
    return `<div class="bv-addedOrMatched"><span class="bv-addedOrMatched__label">Added to</span> <a role="button" tabindex="0" class="bv-addedOrMatched__link">${esc(summary)}</a></div>`;
  },
];
const RULE: Column = ['RULE', 'rule', () => ''];
const ACTION_COL: Column = [
  'ACTION',
  'action',
  (_r, v, tab) =>
    v.actions === 'combolink'
      ? `<div class="ComboLink"><button type="button" class="ComboLink__primary idsButton idsButton--tertiary">${ACTION[tab]}</button><button type="button" class="ComboLink__menu idsButton idsButton--tertiary" aria-haspopup="menu" aria-label="More actions"><span aria-hidden="true">&#9662;</span></button></div>`
      : `<button type="button" class="idsButton idsButton--phantom" tabindex="-1" aria-hidden="true">${ACTION[tab]}</button>`,
];

/** The tab's columns after the checkbox column. */
export function columnsOf(v: BankVariant, tab: BankTab): Column[] {
  if (!v.split) return [DATE, DESCRIPTION, PAYEE, CATEGORY, SPENT, RECEIVED, ACTION_COL];
  const detail: Column = v.amount === 'one' ? ['BANK DETAIL', 'description', DESCRIPTION[2]] : DESCRIPTION;
  const amounts = v.amount === 'one' ? [AMOUNT] : [SPENT, RECEIVED];
  return tab === 'posted'
    ? [DATE, detail, ...amounts, PAYEE, ADDED, CATEGORY, RULE, ACTION_COL]
    : [DATE, detail, ...amounts, PAYEE, CATEGORY, ACTION_COL];
}

const BOX = (label: string) =>
  `<label class="idsCheckbox"><input type="checkbox" class="idsCheckbox__input" aria-label="${label}"><span class="idsCheckbox__box"></span></label>`;

/** A row's HTML; in split variants the script writes its `aria-rowindex` and `data-index` where it draws it. */
export function rowHtml(r: BankRow, index: number, tab: BankTab, v: BankVariant): string {
  const cells = columnsOf(v, tab)
    .map(([, cls, cell]) => `<td class="idsTable__cell ${cls}">${cell(r, v, tab)}</td>`)
    .join('');
  const at = v.split ? 'aria-rowindex="@RI@" data-index="@DI@"' : `aria-rowindex="${index + 2}"`;
  return `<tr class="idsTable__row" ${at}><td class="idsTable__cell idsTable__cell--checkbox">${BOX('Select row')}</td>${cells}</tr>`;
}

/** The header row (the select-all box, then the tab's titles). */
export function headRowHtml(v: BankVariant, tab: BankTab): string {
  const titles = columnsOf(v, tab)
    .map(([title]) => `<th class="idsTable__headerCell" scope="col">${title}</th>`)
    .join('');
  return `<tr class="idsTable__headerRow" aria-rowindex="1"><th class="idsTable__headerCell idsTable__cell--checkbox" scope="col">${BOX('Select all rows')}</th>${titles}</tr>`;
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** Each row's HTML, a month heading row ("June 2025 (12)") before each month's first row when the variant has them. */
export function rowsHtml(rows: BankRow[], tab: BankTab, v: BankVariant): string[] {
  const month = (r: BankRow) => `${MONTHS[Number(r.date.slice(0, 2)) - 1]} ${r.date.slice(6)}`;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(month(r), (counts.get(month(r)) ?? 0) + 1);
  const span = columnsOf(v, tab).length + 1;
  return rows.map((r, i) => {
    const row = rowHtml(r, i, tab, v);
    const m = month(r);
    if (!v.months || (i > 0 && month(rows[i - 1] as BankRow) === m)) return row;
    return `<tr class="group-header-row"><td class="group-header-cell" colspan="${span}">${esc(`${m} (${counts.get(m)})`)}</td></tr>${row}`;
  });
}
