/**
 * Does one record, as the service sent it (pascal-case JSON), agree with EVERY field a row shows?
 * A field the row does not show is not compared; a field it shows must agree, and a record lacking
 * what the row shows (no amount, no number) does not agree: nothing is concluded from absence.
 *
 * - type: the record's entity is one the row may be (its Type column, else the page's types); a
 *   Type naming a kind of Purchase ("Check", "Expense", "Credit Card Credit") agrees only with a
 *   Purchase of that PaymentType (read-shown.ts purchaseKinds; none named: nothing concluded).
 * - date: any reading of the cell equals TxnDate.
 * - amount: any reading equals |TotalAmt| (Transfer, CreditCardPayment: |Amount|) to the cent; the
 *   money column (Payment / Deposit / Charge) is not compared: which column an amount lands in
 *   depends on the register's account, which the row does not carry. A JournalEntry agrees with its
 *   total (TotalAmt, else its debit lines) or any one line's amount: a register shows the line that
 *   touches its account. The sign: a cell above zero agrees only with a record whose own amount is
 *   not below zero; a cell below zero with a record below zero, or of a type the web app's lists
 *   show below zero though its total is positive (SHOWN_BELOW_ZERO).
 * - number: DocNumber, or a Payment's PaymentRefNum. Never the Id: neither service-facts nor the
 *   simulator's real-markup pages show an Id in a number cell.
 * - name: a party ref's name (CustomerRef, VendorRef, EntityRef, EmployeeRef; a Deposit's or a
 *   JournalEntry's line entity), whole or its last ":" part (a sub-customer).
 * - account: any `…AccountRef` name of the header or the lines, whole or its last ":" part;
 *   "-Split-" agrees only with two or more lines. Where the record leaves a side to the service
 *   (a Payment with no ARAccountRef, a BillPayment with no APAccountRef, a line naming no account:
 *   items, a Deposit's linked payments, a Deposit with no lines), the account shown cannot be
 *   disproved, so it agrees.
 * - memo: PrivateNote or CustomerMemo.value.
 * Texts compare folded (lib/domain/values/name.ts); a cell cut with "…" agrees with any text it begins.
 */
import type { Entity } from '../domain/entities';
import type { Shown } from '../domain/shown';
import { entityOfShownType, type PurchaseKind } from '../domain/shown-type';
import { absoluteCents } from '../domain/values/amount';
import { foldNumber } from '../domain/values/doc-number';
import { nameAgrees, textAgrees } from '../domain/values/name';
import { readShown, type ShownReading } from './read-shown';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const nameOfRef = (v: unknown) => str(obj(v)?.name);

/**
 * Types a list shows below zero while the record's own total is positive: credits, refunds and
 * payments received in the Sales list, credits in the Expenses list, money paid out in the bank feed
 * and in report exports (tests/fixtures/pages/real-markup/sales-list.html, expenses-list.html,
 * bank-feed-categorized.html; tools/simulator/scenarios/report-export.ts). Any other type is shown
 * below zero only when its own amount is.
 */
const SHOWN_BELOW_ZERO: ReadonlySet<Entity> = new Set<Entity>([
  'Payment',
  'CreditMemo',
  'RefundReceipt',
  'VendorCredit',
  'Purchase',
  'BillPayment',
  'JournalEntry',
  'Transfer',
  'CreditCardPayment',
]);

function purchaseKindOf(entity: Entity, json: Json): PurchaseKind | undefined {
  if (entity !== 'Purchase') return undefined;
  if (json.PaymentType === 'Cash') return 'cash';
  if (json.PaymentType === 'Check') return 'check';
  if (json.PaymentType === 'CreditCard') return json.Credit === true ? 'cardCredit' : 'card';
  return undefined;
}

/** What of a record the rows are compared with, extracted once per record. */
export interface RecordFacts {
  entity: Entity;
  id: string;
  json: Json;
  date?: string;
  /** Absolute cents the record's amount cell may show. */
  amounts: number[];
  /** The record's own amount (TotalAmt, else Amount) is below zero. */
  belowZero: boolean;
  /** A Purchase's PaymentType (and Credit); undefined for other entities or when the record names none. */
  purchaseKind?: PurchaseKind;
  numbers: string[];
  names: string[];
  accounts: string[];
  /** Lines other than subtotals: two or more show "-Split-". */
  lineCount: number;
  /** A side the record leaves to the service: any account shown agrees. */
  implicitAccount: boolean;
  memos: string[];
}

function linesOf(json: Json): Json[] {
  const lines = Array.isArray(json.Line) ? json.Line : [];
  return lines.flatMap((l) => {
    const line = obj(l);
    return line && line.DetailType !== 'SubTotalLineDetail' ? [line] : [];
  });
}

/** Every `…AccountRef` name in a part of the record (a line's detail nests one level or two). */
function accountNames(value: unknown, out: string[], depth = 0): void {
  const o = obj(value);
  if (depth > 4) return;
  if (Array.isArray(value)) for (const v of value) accountNames(v, out, depth + 1);
  if (!o) return;
  for (const [k, v] of Object.entries(o)) {
    if (k.endsWith('AccountRef')) {
      const name = nameOfRef(v);
      if (name !== undefined) out.push(name);
    } else if (typeof v === 'object') accountNames(v, out, depth + 1);
  }
}

const hasAccountRef = (line: Json) => JSON.stringify(line).includes('AccountRef"');

function amountsOf(entity: Entity, json: Json, lines: Json[]): number[] {
  const total = num(json.TotalAmt) ?? num(json.Amount);
  if (entity !== 'JournalEntry') return total === undefined ? [] : [absoluteCents(total)];
  const out = new Set<number>();
  if (total !== undefined) out.add(absoluteCents(total));
  let debits: number | undefined;
  for (const line of lines) {
    const amount = num(line.Amount);
    if (amount === undefined) continue;
    out.add(absoluteCents(amount));
    if (obj(line.JournalEntryLineDetail)?.PostingType === 'Debit') debits = (debits ?? 0) + amount;
  }
  if (debits !== undefined) out.add(absoluteCents(debits));
  return [...out];
}

function namesOf(json: Json, lines: Json[]): string[] {
  const refs = [json.CustomerRef, json.VendorRef, json.EntityRef, json.EmployeeRef];
  for (const line of lines) {
    refs.push(obj(line.DepositLineDetail)?.Entity, obj(obj(line.JournalEntryLineDetail)?.Entity)?.EntityRef);
  }
  return refs.flatMap((r) => {
    const name = nameOfRef(r);
    return name === undefined ? [] : [name];
  });
}

export function factsOf(entity: Entity, record: unknown): RecordFacts | undefined {
  const json = obj(record);
  const id = str(json?.Id);
  if (!json || id === undefined) return undefined;
  const lines = linesOf(json);
  const accounts: string[] = [];
  accountNames(json, accounts);
  const implicitAccount =
    (entity === 'Payment' && json.ARAccountRef === undefined) ||
    (entity === 'BillPayment' && json.APAccountRef === undefined) ||
    // A Deposit with no lines names only the account it goes to: its other side is the service's.
    (entity === 'Deposit' && lines.length === 0) ||
    lines.some((line) => !hasAccountRef(line));
  const facts: RecordFacts = {
    entity,
    id,
    json,
    amounts: amountsOf(entity, json, lines),
    belowZero: (num(json.TotalAmt) ?? num(json.Amount) ?? 0) < 0,
    // As the page-mismatch check reads lists: a record with no DocNumber shows its Id as its number.
    numbers: [str(json.DocNumber) ? json.DocNumber : id, json.PaymentRefNum].flatMap((n) => {
      const normal = typeof n === 'string' ? foldNumber(n) : undefined;
      return normal === undefined ? [] : [normal];
    }),
    names: namesOf(json, lines),
    accounts,
    lineCount: lines.length,
    implicitAccount,
    memos: [str(json.PrivateNote), str(obj(json.CustomerMemo)?.value)].flatMap((m) => (m ? [m] : [])),
  };
  const date = str(json.TxnDate);
  if (date !== undefined) facts.date = date;
  const purchaseKind = purchaseKindOf(entity, json);
  if (purchaseKind !== undefined) facts.purchaseKind = purchaseKind;
  return facts;
}

function accountAgrees(shown: string, facts: RecordFacts): boolean {
  if (shown === '-split-') return facts.lineCount >= 2;
  return facts.implicitAccount || facts.accounts.some((a) => nameAgrees(shown, a));
}

/** To the cent, then the sign (zero has none). */
function amountAgrees(reading: ShownReading, facts: RecordFacts): boolean {
  if (!facts.amounts.some((a) => reading.amounts.includes(a))) return false;
  if (reading.amounts.every((a) => a === 0)) return true;
  return reading.belowZero ? facts.belowZero || SHOWN_BELOW_ZERO.has(facts.entity) : !facts.belowZero;
}

export function factsAgree(reading: ShownReading, facts: RecordFacts): boolean {
  if (!reading.entities.includes(facts.entity)) return false;
  const kinds = reading.purchaseKinds;
  if (kinds && facts.entity === 'Purchase' && !(facts.purchaseKind && kinds.includes(facts.purchaseKind))) return false;
  // Empty only in shownAgrees's reading of a row that shows no date or no amount: not compared.
  if (reading.dates.length > 0 && (facts.date === undefined || !reading.dates.includes(facts.date))) return false;
  if (reading.amounts.length > 0 && !amountAgrees(reading, facts)) return false;
  const { number, name, account, memo } = reading;
  if (number !== undefined && !facts.numbers.includes(number)) return false;
  if (name !== undefined && !facts.names.some((n) => nameAgrees(name, n))) return false;
  if (account !== undefined && !accountAgrees(account, facts)) return false;
  if (memo !== undefined && !facts.memos.some((m) => textAgrees(memo, m))) return false;
  return true;
}

/**
 * One record of a known entity against a row's shown fields: the fast path's check when the markup
 * carried an Id (it must agree with what the row shows too). Here a date or amount the row does not
 * show is not compared; one it shows but that cannot be read does not agree, nor does an unknown Type.
 */
export function shownAgrees(shown: Shown, entity: Entity, record: unknown): boolean {
  if (shown.type !== undefined && entityOfShownType(shown.type) !== entity) return false;
  const { date, amount, ...rest } = shown;
  // readShown insists on a date and an amount; stand-ins let it read the rest, then they are dropped.
  const reading = readShown({
    rowKey: '',
    shown: { ...rest, date: date ?? '2000-01-01', amount: amount ?? '0' },
    entities: [entity],
  });
  const facts = factsOf(entity, record);
  if ('kind' in reading || facts === undefined) return false;
  const dates = date === undefined ? [] : reading.dates;
  const amounts = amount === undefined ? [] : reading.amounts;
  return factsAgree({ ...reading, dates, amounts }, facts);
}
