/**
 * pageMismatch: the service's record disagrees with what the QuickBooks list showed for the ticked
 * row (its amount, number or date). Whatever the cause (a tab still showing another company, a row
 * mapped to the wrong Id), the record is not the one the person saw, so it is never deleted.
 *
 * No false alarms: a field is compared only when the page showed it, the text reads as a value
 * (./shown-values.ts) and the record has that field. Amounts compare as absolute values to the cent
 * (lists show credits as negatives or in parentheses); a JournalEntry's amount is not compared (a
 * register row shows one line of it, not its total). The number compares with DocNumber, or with
 * the Id when the record has none (the list then shows the Id); a payment's reference number also
 * counts. Dates compare with TxnDate; a date that reads two ways matches when either reading does.
 */
import type { Shown } from '../../domain/shown';
import type { TxnRecord } from '../../qbo/outcomes';
import { formatAmount, formatDate, normalizeNumber, readAmountCents, readDates } from '../shown-values';
import type { RecordCheck } from '../types';

export interface PageDifference {
  shown: string;
  record: string;
}

/** Page text in a reason: no control or bidi-override characters (it is at most 64 characters). */
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
  return { shown: clean(shown), record: formatAmount(amount, record.currency) };
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
  return { shown: `no. ${clean(shown)}`, record: doc ? `no. ${doc}` : `no number (Id ${record.id})` };
}

function dateDifference(shown: string, record: TxnRecord): PageDifference | undefined {
  const readings = readDates(shown);
  if (!record.txnDate || !readings || readings.includes(record.txnDate)) return undefined;
  return { shown: `the date ${clean(shown)}`, record: `it is dated ${formatDate(record.txnDate)}` };
}

/** What differs between the page's row and the record, in the order amount, number, date. */
export function pageDifferences(shown: Shown, record: TxnRecord): PageDifference[] {
  const found = [
    shown.amount === undefined ? undefined : amountDifference(shown.amount, record),
    shown.number === undefined ? undefined : numberDifference(shown.number, record),
    shown.date === undefined ? undefined : dateDifference(shown.date, record),
  ];
  return found.filter((d): d is PageDifference => d !== undefined);
}

function list(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export const pageMismatch: RecordCheck = {
  id: 'page-mismatch',
  run: ({ item, record }) => {
    if (!record || !item.shown) return undefined;
    const differences = pageDifferences(item.shown, record);
    if (differences.length === 0) return undefined;
    const shown = list(differences.map((d) => d.shown));
    const says = list(differences.map((d) => d.record));
    return {
      kind: 'blocker',
      check: 'page-mismatch',
      status: 'pageMismatch',
      reason: `QuickBooks showed ${shown} for this row; the record says ${says}. Reload the page and tick it again.`,
    };
  },
};
