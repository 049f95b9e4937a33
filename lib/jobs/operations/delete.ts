/**
 * The delete operation: re-read before deleting (R1 changed → skipped, gone → already gone), R2
 * through the TransactionList report unless the person opted in, a batch of deletes matched by bId,
 * R3 and other per-record faults as outcomes, R5 verified by re-reading (gone → deleted (verified),
 * present once the delete can no longer land → not deleted (verified); present before that → read again).
 */
import { isReviewedRecord } from '../../domain/job-records';
import { DELETE } from '../../domain/operations';
import type { RecordOutcome } from '../../journal/schema';
import type { DeleteItemResult } from '../../qbo/outcomes';
import { toRecordOutcome } from '../classify';
import type { JobOperation, SendAnswer } from '../operation';
import { recheckChunk, verifyItems } from '../recheck';

function perItem(results: Iterable<[string, DeleteItemResult]>, intuitTid?: string): SendAnswer {
  const out = new Map<string, ReturnType<typeof toRecordOutcome>>();
  for (const [bId, result] of results) out.set(bId, toRecordOutcome(result));
  return { kind: 'perItem', results: out, intuitTid };
}

export const deleteOperation: JobOperation = {
  kind: DELETE.kind,
  accepts: isReviewedRecord,
  async prepare(client, records, { job }) {
    const checked = await recheckChunk(client, records, job.includeReconciled);
    if (checked.kind !== 'ok') return checked;
    return { kind: 'ok', skips: checked.skips, send: checked.deletable, intuitTid: checked.intuitTid };
  },
  async sendBatch(client, items) {
    const res = await client.batchDelete(items);
    return res.kind === 'ok' ? perItem(res.results, res.meta.intuitTid) : res;
  },
  async sendOne(client, item) {
    const res = await client.deleteOne(item);
    return res.kind === 'ok' ? perItem([[item.bId, res.result]], res.meta.intuitTid) : res;
  },
  async verify(client, items, ctx) {
    const res = await verifyItems(client, items);
    if (res.kind !== 'ok') return res;
    const outcomes = new Map<string, RecordOutcome>();
    for (const item of items) {
      const present = res.present.get(item.key);
      // Still there while its delete may land: no answer yet (it is read again after the deadline).
      if (present && !ctx.landed(item)) continue;
      outcomes.set(
        item.key,
        present ? { kind: 'notDeletedVerified', currentSyncToken: present.syncToken } : { kind: 'deletedVerified' },
      );
    }
    return { kind: 'ok', outcomes, intuitTid: res.intuitTid };
  },
};
