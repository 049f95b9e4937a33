/**
 * pageMismatch: the service's record disagrees with what the QuickBooks list showed for the ticked
 * row (its amount, number, date, type or name). Whatever the cause (a tab still showing another company, a row
 * mapped to the wrong Id), the record is not the one the person saw, so it is never deleted.
 *
 * No false alarms: a field is compared only when the page showed it, the text reads as a value
 * (./shown-values.ts) and the record has that field. Amounts compare as absolute values to the cent
 * (lists show credits as negatives or in parentheses); a JournalEntry's amount is not compared (a
 * register row shows one line of it, not its total). The number compares with DocNumber, or with
 * the Id when the record has none (the list then shows the Id); a payment's reference number also
 * counts. Dates compare with TxnDate; a date that reads two ways matches when either reading does.
 */
import type { PageDifference } from '../../domain/findings';
import type { Shown } from '../../domain/shown';
import { entityOfShownType, foldText } from '../../domain/shown-type';
import type { TxnRecord } from '../../qbo/outcomes';
import { normalizeNumber, readAmountCents, readDates } from '../shown-values';
import type { RecordCheck } from '../types';

/** Page text kept in a finding: no control or bidi-override characters (it is at most 64 characters). */
const clean = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();

function recordAmount(record: TxnRecord): number | undefined {
  if (record.entity === 'JournalEntry') return undefined;
  if (record.totalAmt !== undefined) return record.totalAmt;
  const amount = record.raw.Amount; // Transfer, CreditCardPayment
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
}

function amountDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const amount = recordAmount(record);
  const readings = readAmountCents(shown);
  if (amount === undefined || !readings) return undefined;
  const want = Math.round(Math.abs(amount) * 100);
  if (readings.includes(want)) return undefined;
  const difference: PageDifference = { field: 'amount', shown: clean(shown), actual: amount };
  if (record.currency !== undefined) difference.currency = record.currency;
  return difference;
}

function numberDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const seen = normalizeNumber(shown);
  if (seen === undefined) return undefined;
  const doc = record.docNumber?.trim();
  const refNum = typeof record.raw.PaymentRefNum === 'string' ? record.raw.PaymentRefNum : undefined;
  const accepted = [doc ? doc : record.id, refNum].flatMap((n) => {
    const normal = n === undefined ? undefined : normalizeNumber(n);
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

/** Names fold as the resolver folds them (a sub-customer may show by its last part, "Parent:Child"). */
const fold = foldText;

function nameDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const seen = fold(shown);
  // A cell cut with an ellipsis shows a prefix; an empty cell compares nothing.
  if (seen === '' || record.party === undefined) return undefined;
  const party = fold(record.party);
  const candidates = [party, party.split(':').pop()?.trim() ?? party];
  const cut = /(…|\.\.\.)$/.test(seen) ? seen.replace(/(…|\.\.\.)$/, '').trim() : undefined;
  if (candidates.some((c) => c === seen || (cut !== undefined && cut !== '' && c.startsWith(cut)))) return undefined;
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
