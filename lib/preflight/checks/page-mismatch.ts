/**
 * pageMismatch: the service's record disagrees with what the QuickBooks list showed for the ticked
 * row (its amount, number, date, type or name). Whatever the cause (a tab still showing another company, a row
 * mapped to the wrong Id), the record is not the one the person saw, so it is never deleted.
 *
 * No false alarms: a field is compared only when the page showed it, the text reads as a value
 * (lib/domain/values) and the record has that field. Amounts compare as absolute values to the cent
 * (lists show credits as negatives or in parentheses); a JournalEntry's amount is not compared (a
 * register row shows one line of it, not its total). The number compares with DocNumber, or with
 * the Id when the record has none (the list then shows the Id); a payment's reference number also
 * counts. Dates compare with TxnDate; a date that reads two ways matches when either reading does.
 */
import type { PageDifference } from '../../domain/findings';
import type { Shown } from '../../domain/shown';
import { entityOfShownType } from '../../domain/shown-type';
import { amountShownAs, readAmountCents } from '../../domain/values/amount';
import { readDates } from '../../domain/values/date';
import { foldNumber } from '../../domain/values/doc-number';
import { foldText, formatShownText, nameAgrees } from '../../domain/values/name';
import type { TxnRecord } from '../../qbo/outcomes';
import type { RecordCheck } from '../types';

/** Page text kept in a finding: no control or bidi-override characters (it is at most 64 characters). */
const clean = (text: string) => formatShownText(text) ?? '';

function recordAmount(record: TxnRecord): number | undefined {
  if (record.entity === 'JournalEntry') return undefined;
  if (record.totalAmt !== undefined) return record.totalAmt;
  const amount = record.raw.Amount; // Transfer, CreditCardPayment
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
}

function amountDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const amount = recordAmount(record);
  const readings = readAmountCents(shown);
  if (amount === undefined || !readings || amountShownAs(readings, amount)) return undefined;
  const difference: PageDifference = { field: 'amount', shown: clean(shown), actual: amount };
  if (record.currency !== undefined) difference.currency = record.currency;
  return difference;
}

function numberDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const seen = foldNumber(shown);
  if (seen === undefined) return undefined;
  const doc = record.docNumber?.trim();
  const refNum = typeof record.raw.PaymentRefNum === 'string' ? record.raw.PaymentRefNum : undefined;
  const accepted = [doc ? doc : record.id, refNum].flatMap((n) => {
    const normal = foldNumber(n);
    return normal === undefined ? [] : [normal];
  });
  if (accepted.includes(seen)) return undefined;
  const difference: PageDifference = { field: 'number', shown: clean(shown), id: record.id };
  if (doc) difference.actual = doc;
  return difference;
}

function dateDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const readings = readDates(shown);
  if (!record.txnDate || !readings || readings.includes(record.txnDate)) return undefined;
  return { field: 'date', shown: clean(shown), actual: record.txnDate };
}

/** A Type column the domain knows that names another entity; unknown words compare nothing. */
function typeDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const entity = entityOfShownType(shown);
  if (entity === undefined || entity === record.entity) return undefined;
  return { field: 'type', shown: clean(shown), actual: record.entity };
}

/** Names agree as the resolver's do: whole, by the last part of "Parent:Child", or cut with "…". */
function nameDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const seen = foldText(shown);
  // An empty cell compares nothing.
  if (seen === '' || record.party === undefined || nameAgrees(seen, record.party)) return undefined;
  return { field: 'name', shown: clean(shown), actual: record.party };
}

/** What differs between the page's row and the record, in the order amount, number, date, type, name. */
export function pageDifferences(shown: Shown, record: TxnRecord): PageDifference[] {
  const found = [
    shown.amount === undefined ? undefined : amountDifference(shown.amount, record),
    shown.number === undefined ? undefined : numberDifference(shown.number, record),
    shown.date === undefined ? undefined : dateDifference(shown.date, record),
    shown.type === undefined ? undefined : typeDifference(shown.type, record),
    shown.name === undefined ? undefined : nameDifference(shown.name, record),
  ];
  return found.filter((d): d is PageDifference => d !== undefined);
}

export const pageMismatch: RecordCheck = {
  id: 'page-mismatch',
  run: ({ item, record }) => {
    if (!record || !item.shown) return undefined;
    const differences = pageDifferences(item.shown, record);
    if (differences.length === 0) return undefined;
    return { check: 'page-mismatch', status: 'pageMismatch', differences };
  },
};
