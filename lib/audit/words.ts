/**
 * The audit log's words: what its `outcomeLabel` column says of each final outcome, written once
 * when the line is written, and the preflight's findings in the log's English. The log keeps the
 * service's fault as it came, code and message (it is the complete record), and names our own
 * refusals by their code. Outcome dates stay as the service writes them (YYYY-MM-DD). Pure.
 *
 * Findings are worded here for people reading a log (the popup words the same facts its own way,
 * lib/popup/words/findings.ts): rule codes (R2, R3), the service's field names and `Entity:Id` keys
 * stay in.
 */
import type { AttachmentsFinding, Finding, LinkedFinding, PageDifference, UnlinkedUse } from '../domain/findings';
import { OUTCOME_LABEL } from '../domain/outcomes';
import { recordKey } from '../domain/record-key';
import type { OwnRefusal } from '../domain/refusals';
import { STATUS_DECLARATIONS } from '../domain/statuses';
import { formatAmount as amountIn } from '../domain/values/amount';
import { formatDate as dateIn } from '../domain/values/date';
import type { RecordOutcome } from '../journal/schema';
import { linkedNotRestoredText, restoreRefusalText } from '../popup/words/restore';

/** Why Safe Delete itself did not send a record, in the log's words. */
function ownRefusalWords(refusal: OwnRefusal): string {
  switch (refusal.code) {
    case 'cannotVoid':
      return 'Cannot be voided';
    case 'notRestorable':
      return restoreRefusalText(refusal.why);
    case 'linkedNotRestored':
      return linkedNotRestoredText(refusal.record);
    case 'wrongRecordKind':
      return 'This job cannot act on this kind of record.';
    case 'worded':
      return refusal.text;
  }
}

/** "Deleted (verified)", "Refused (6540: …)" (the service's code and message), "Refused (cannotVoid: Cannot be voided)". */
export function auditOutcomeLabel(outcome: RecordOutcome): string {
  if (outcome.kind === 'refused') return `Refused (${outcome.fault.code}: ${outcome.fault.message})`;
  if (outcome.kind === 'declined') {
    const code = outcome.refusal.code === 'worded' ? outcome.refusal.was : outcome.refusal.code;
    return `Refused (${code}: ${ownRefusalWords(outcome.refusal)})`;
  }
  return OUTCOME_LABEL[outcome.kind];
}

// ── The preflight's findings ───────────────────────────────────────────────────────────────────

/** The log reads the same on every machine: money and dates as a US bookkeeper writes them. */
const formatAmount = (amount: number, currency: string | undefined) => amountIn(amount, currency, 'en-US');
const formatDate = (date: string) => dateIn(date, 'en-US');

/** The record a finding is about, as the selection named it (the entity may not be one we delete). */
export interface Subject {
  entity: string;
  id: string;
}

/** What deleting a record with this use changes. */
export function unlinkedUseReason(use: UnlinkedUse): string {
  if (use.kind === 'billed') return 'Billed on an invoice: deleting it changes that invoice';
  const applied = formatAmount(use.applied, use.currency);
  return `A credit of ${applied} of it was applied to another transaction: deleting it changes that transaction's balance`;
}

function linkedReason({ links, use }: LinkedFinding): string {
  const reasons: string[] = [];
  if (links.length > 0) {
    const names = links.map((link) => `${link.txnType} ${link.txnId}`).join(', ');
    reasons.push(`linked to ${names}: deleting it changes ${links.length === 1 ? 'that record' : 'those records'}`);
  }
  if (use) reasons.push(unlinkedUseReason(use));
  return reasons.join('; ');
}

/** "a and b", "a, b and c". */
function list(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function pageSide(d: PageDifference): { shown: string; record: string } {
  switch (d.field) {
    case 'amount':
      return { shown: d.shown, record: formatAmount(d.actual, d.currency) };
    case 'number':
      return { shown: `no. ${d.shown}`, record: d.actual ? `no. ${d.actual}` : `no number (Id ${d.id})` };
    case 'date':
      return { shown: `the date ${d.shown}`, record: `it is dated ${formatDate(d.actual)}` };
    case 'type':
      return { shown: `type ${d.shown}`, record: `it is a ${d.actual}` };
    case 'name':
      return { shown: `name ${d.shown}`, record: d.actual ? `it names ${d.actual}` : 'it names no one' };
  }
}

/** A finding's attachments: "has attachments (Lunch.pdf, 1 note): kept with the snapshot, re-attached on restore". */
function attachmentsReason(finding: AttachmentsFinding): string {
  const parts = [
    ...finding.files,
    ...(finding.notes > 0 ? [`${finding.notes} note${finding.notes === 1 ? '' : 's'}`] : []),
  ];
  return `has attachments (${parts.join(', ')}): kept with the snapshot (not the files), re-attached on restore`;
}

const UNVERIFIABLE: Record<Extract<Finding, { status: 'unverifiable' }>['undecided'], string> = {
  closedPeriod: 'cannot compare with the book-closing date',
  reconciled: 'cannot look the record up in the reconciliation report',
  changed: 'cannot prove the record unchanged',
};

/** One finding, in the log's English. */
export function findingReason(finding: Finding, subject: Subject): string {
  switch (finding.status) {
    case 'duplicate':
      return `${recordKey(subject.entity, subject.id)} is already in the selection`;
    case 'unsupported':
      return finding.field === 'entity'
        ? `${finding.value} is not a supported type`
        : `${JSON.stringify(finding.value)} is not a valid Id`;
    case 'notFound':
      return `${subject.entity} ${subject.id} no longer exists (deleted already?)`;
    case 'pageMismatch': {
      const sides = finding.differences.map(pageSide);
      const shown = list(sides.map((s) => s.shown));
      const says = list(sides.map((s) => s.record));
      return `QuickBooks showed ${shown} for this row; the record says ${says}. Reload the page and tick it again.`;
    }
    case 'changed':
      return `changed at ${finding.changedAt}, after the page showed it`;
    case 'closedPeriod':
      return `R3: dated ${finding.dated}, in the period closed on ${finding.closedThrough}`;
    case 'deposited':
      return `on Deposit ${finding.depositId}: the service refuses it (6540) until it is removed from the deposit`;
    case 'unverifiable': {
      const missing =
        finding.missing === 'shownAt'
          ? 'the page gave no readable time it showed the record'
          : finding.missing === 'LastUpdatedTime'
            ? 'the service gave no readable LastUpdatedTime'
            : 'no readable TxnDate';
      return `${missing}: ${UNVERIFIABLE[finding.undecided]}`;
    }
    case 'reconciled':
      return 'R2: reconciled; the service would delete it without a word and unbalance the reconciliation';
    case 'linked':
      return linkedReason(finding);
    case 'inventory': {
      const items = finding.items.map((i) => (i.name ? `${i.name} (Item ${i.id})` : `Item ${i.id}`)).join(', ');
      return `buys or sells inventory (${items}): deleting it changes the cost of inventory sold after ${finding.dated}`;
    }
    case 'salesTax':
      return `has sales tax of ${formatAmount(finding.totalTax, finding.currency)}: if its period is already filed, deleting it changes the next return`;
    case 'attachments':
      return attachmentsReason(finding);
    default: {
      // A status added later and not worded above: its declaration's words (lib/domain/statuses.ts),
      // so a new status needs no edit here to reach the log.
      const status = (finding as { status: string }).status;
      const declared = (STATUS_DECLARATIONS as Record<string, { label: string; plain?: string }>)[status];
      return declared?.plain ?? declared?.label ?? `status ${status}`;
    }
  }
}

/** A record's line for the log: its first blocker's reason, or "Ready to delete" and each warning's. */
export function recordReason(subject: Subject, blockers: readonly Finding[], warnings: readonly Finding[]): string {
  const first = blockers[0];
  if (first) return findingReason(first, subject);
  return ['Ready to delete', ...warnings.map((w) => findingReason(w, subject))].join('; warning: ');
}
