/**
 * The void operation ("Void instead of delete"): the same checks as a delete first (R1
 * re-read → changed records skipped, gone → already gone, R2 reconciled unless opted in), then
 * Invoice `operation=void` / Payment, SalesReceipt, BillPayment `update` + `include=void`, in
 * batches matched by bId. A fault is a refusal even inside an HTTP 200 (the real service answers a
 * Bill's void so); an answer without a fault proves nothing (the real service answers 200 without
 * voiding some types), so EVERY void is confirmed by re-reading: voided only when the record is
 * still there, at amount 0, noted "Voided" and at a newer SyncToken than the one sent. Types the
 * service cannot void never reach the job (the popup shows them as "Cannot be voided"); one that
 * does anyway is refused here without a call.
 */
import { canVoid } from '../../domain/entities';
import { isReviewedRecord } from '../../domain/job-records';
import { VOID } from '../../domain/operations';
import type { RecordOutcome, ReviewedSentItem } from '../../journal/schema';
import type { TxnRecord, VoidItemResult } from '../../qbo/outcomes';
import { keyOf, toRecordOutcome } from '../classify';
import type { JobOperation, SendAnswer } from '../operation';
import { recheckChunk, verifyItems } from '../recheck';

/** What a record of a type the service cannot void ends as: our own refusal, never sent (a fresh object each). */
export const cannotVoid = (): RecordOutcome => ({ kind: 'declined', refusal: { code: 'cannotVoid' } });

/** A void the service applied: amount 0, the "Voided" note, and a SyncToken moved past the one sent. */
export function isVoided(record: TxnRecord, sentSyncToken: string): boolean {
  const note = record.raw.PrivateNote;
  return (
    record.totalAmt === 0 && typeof note === 'string' && /\bVoided\b/.test(note) && record.syncToken !== sentSyncToken
  );
}

function outcomeOf(result: VoidItemResult): RecordOutcome | 'verify' {
  return result.kind === 'answered' ? 'verify' : toRecordOutcome(result);
}

function perItem(results: Iterable<[string, VoidItemResult]>, intuitTid?: string): SendAnswer {
  const out = new Map<string, RecordOutcome | 'verify'>();
  for (const [bId, result] of results) out.set(bId, outcomeOf(result));
  return { kind: 'perItem', results: out, intuitTid };
}

export const voidOperation: JobOperation = {
  kind: VOID.kind,
  accepts: isReviewedRecord,
  async prepare(client, records, { job }) {
    const skips = new Map<string, RecordOutcome>();
    const voidable = records.filter((r) => {
      if (canVoid(r.record.entity)) return true;
      skips.set(keyOf(r.record), cannotVoid());
      return false;
    });
    const checked = await recheckChunk(client, voidable, job.includeReconciled);
    if (checked.kind !== 'ok') return checked;
    for (const [key, outcome] of checked.skips) skips.set(key, outcome);
    return { kind: 'ok', skips, send: checked.deletable, intuitTid: checked.intuitTid };
  },
  async sendBatch(client, items) {
    const res = await client.batchVoid(items);
    return res.kind === 'ok' ? perItem(res.results, res.meta.intuitTid) : res;
  },
  async sendOne(client, item) {
    const res = await client.voidOne(item);
    return res.kind === 'ok' ? perItem([[item.bId, res.result]], res.meta.intuitTid) : res;
  },
  async verify(client, items: readonly ReviewedSentItem[], ctx) {
    const res = await verifyItems(client, items);
    if (res.kind !== 'ok') return res;
    const outcomes = new Map<string, RecordOutcome>();
    for (const item of items) {
      const now = res.present.get(item.key);
      if (!now) outcomes.set(item.key, { kind: 'alreadyGone' });
      else if (isVoided(now, item.syncToken)) outcomes.set(item.key, { kind: 'voided' });
      // Not voided (yet) while its void may still land: read again after the deadline.
      else if (ctx.landed(item)) outcomes.set(item.key, { kind: 'notVoidedVerified', currentSyncToken: now.syncToken });
    }
    return { kind: 'ok', outcomes, intuitTid: res.intuitTid };
  },
};
