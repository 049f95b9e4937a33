/**
 * The restore operation ("Restore deleted records", issue 11 §1): re-create deleted records from
 * their snapshots, a second kind of job in the same runner (journaled, resumable, paused, resumed,
 * cancelled like a delete). The job's chunks come in dependency order (lib/restore/plan.ts: documents,
 * then the payments that pay them, then deposits), so by the time a record is sent, every record it
 * links to that the restore re-creates has its outcome in an earlier chunk.
 *
 * - prepare: a record refused by the plan (closed period, linked to a refused record …) is refused
 *   without a call; one whose linked record was not restored is refused with that reason; the rest
 *   get their links rewritten to the new Ids (both at the top level and on lines).
 * - send: a batch of creates with the attempt's id as `requestid` (and the person's allow-duplicate
 *   choice). A clean answer carries the new Id: restored. A fault is the record's refusal.
 * - verify (an ambiguous answer: 5xx, dropped connection, worker stopped): the SAME attempt again,
 *   with the same `requestid` — the service returns its original answer and creates nothing twice —
 *   then each new Id read back. An item the replay cannot settle stays to verify later.
 */
import { type RecordKey, recordKey } from '../../domain/record-key';
import type { RecordOutcome, ReviewedRecord, SentItem } from '../../journal/schema';
import type { QboClient } from '../../qbo/client-api';
import type { CreateItemResult } from '../../qbo/create-calls';
import { describeRecord } from '../../restore/kinds';
import { rewriteLinks } from '../../restore/links';
import type { CreateBody } from '../../restore/strip';
import { keyOf } from '../classify';
import type { JobOperation, OperationContext, ReadOutcome, SendAnswer } from '../operation';

export const NOT_RESTORABLE = 'notRestorable';
export const LINKED_NOT_RESTORED = 'linkedNotRestored';

const refusal = (code: string, message: string): RecordOutcome => ({ kind: 'refused', fault: { code, message } });

function describeKey(key: RecordKey): string {
  const [entity = '', id = ''] = key.split(':');
  return describeRecord(entity, id);
}

/** The body to send for a record, its links pointing at the new Ids, or why it cannot be sent. */
async function bodyFor(
  reviewed: ReviewedRecord,
  ctx: OperationContext,
): Promise<{ body: CreateBody } | { refused: RecordOutcome }> {
  const part = reviewed.restore;
  if (part?.refusal) return { refused: refusal(NOT_RESTORABLE, part.refusal) };
  const newIds = new Map<RecordKey, string>();
  for (const dep of part?.dependsOn ?? []) {
    const stored = await ctx.outcomeOf(dep.chunk, dep.key);
    if (stored?.outcome.kind === 'restored') newIds.set(dep.key, stored.outcome.newId);
  }
  const deps = new Set((part?.dependsOn ?? []).map((d) => d.key));
  const rewritten = rewriteLinks(reviewed.record.raw, newIds, (key) => deps.has(key));
  if (rewritten.kind === 'blocked') {
    return {
      refused: refusal(
        LINKED_NOT_RESTORED,
        `Not restored: it was linked to ${describeKey(rewritten.blockedBy)}, which was not restored.`,
      ),
    };
  }
  return { body: rewritten.body };
}

function toOutcome(result: CreateItemResult): RecordOutcome | 'verify' {
  switch (result.kind) {
    case 'created':
      return { kind: 'restored', newId: result.newId };
    case 'closedPeriod':
      return { kind: 'closedPeriod', fault: result.fault };
    case 'refused':
      return { kind: 'refused', fault: result.fault };
    case 'missing':
      return 'verify';
  }
}

/** Sends `items` as one batch of creates under the context's attempt id. */
async function sendCreates(client: QboClient, items: readonly SentItem[], ctx: OperationContext) {
  const creates = [];
  for (const item of items) {
    const reviewed = ctx.records.get(item.key);
    const built = reviewed && (await bodyFor(reviewed, ctx));
    // prepare decided these could be sent, from outcomes that never change once written.
    if (!built || !('body' in built)) throw new Error(`restore: ${item.key} has no body to send`);
    creates.push({ bId: item.bId, entity: item.entity, body: built.body });
  }
  return client.batchCreate(creates, {
    requestId: ctx.attemptId,
    allowDuplicateDocNumbers: ctx.job.allowDuplicateDocNumbers === true,
  });
}

function perItem(results: Iterable<[string, CreateItemResult]>, intuitTid?: string): SendAnswer {
  const out = new Map<string, RecordOutcome | 'verify'>();
  for (const [bId, result] of results) out.set(bId, toOutcome(result));
  return { kind: 'perItem', results: out, intuitTid };
}

export const restoreOperation: JobOperation = {
  kind: 'restore',
  async prepare(_client, records, ctx) {
    const skips = new Map<string, RecordOutcome>();
    const send: SentItem[] = [];
    for (const reviewed of records) {
      const key = keyOf(reviewed.record);
      const built = await bodyFor(reviewed, ctx);
      if ('refused' in built) skips.set(key, built.refused);
      else {
        const { entity, id, syncToken } = reviewed.record;
        send.push({ bId: String(send.length + 1), key, entity, id, syncToken });
      }
    }
    return { kind: 'ok', skips, send };
  },
  async sendBatch(client, items, ctx) {
    const res = await sendCreates(client, items, ctx);
    return res.kind === 'ok' ? perItem(res.results, res.meta.intuitTid) : res;
  },
  // Alone, it is still a batch of one: the create API is the same and so is the requestid safety.
  sendOne: (client, item, ctx) => restoreOperation.sendBatch(client, [item], ctx),
  async verify(client, items, ctx): Promise<ReadOutcome<{ outcomes: Map<string, RecordOutcome> }>> {
    // The same attempt, the same requestid: the service answers as it did the first time.
    const replay = await sendCreates(client, items, ctx);
    if (replay.kind !== 'ok') return replay;
    const outcomes = new Map<string, RecordOutcome>();
    const created = new Map<string, { item: SentItem; newId: string }>();
    for (const item of items) {
      const result = replay.results.get(item.bId);
      if (result?.kind === 'created') created.set(recordKey(item.entity, result.newId), { item, newId: result.newId });
      else if (result && result.kind !== 'missing') outcomes.set(item.key, toOutcome(result) as RecordOutcome);
    }
    // Read every new record back: restored only once the service shows it.
    const byEntity = new Map<SentItem['entity'], string[]>();
    for (const { item, newId } of created.values())
      byEntity.set(item.entity, [...(byEntity.get(item.entity) ?? []), newId]);
    let intuitTid = replay.meta.intuitTid;
    for (const [entity, ids] of byEntity) {
      const read = await client.readByIds(entity, ids);
      if (read.kind !== 'ok') return read;
      intuitTid = read.meta.intuitTid ?? intuitTid;
      for (const rec of read.records) {
        const hit = created.get(recordKey(rec.entity, rec.id));
        if (hit) outcomes.set(hit.item.key, { kind: 'restored', newId: hit.newId });
      }
    }
    return { kind: 'ok', outcomes, intuitTid };
  },
};
