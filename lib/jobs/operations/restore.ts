/**
 * The restore operation ("Restore deleted records"): re-create deleted records from
 * their snapshots, a second kind of job in the same runner (journaled, resumable, paused, resumed,
 * cancelled like a delete). The job's chunks come in dependency order (lib/restore/plan.ts: documents,
 * then the payments that pay them, then deposits), so by the time a record is sent, every record it
 * links to that the restore re-creates has its outcome in an earlier chunk.
 *
 * - prepare: a record refused by the plan (closed period, linked to a refused record …) is refused
 *   without a call; one whose linked record was not restored is refused with that reason; the rest
 *   get their links rewritten to the new Ids (both at the top level and on lines), once: each body
 *   goes with its item into the chunk's journal before the send (CreateSentItemSchema).
 * - send: that body as journaled, in a batch of creates with the attempt's id as `requestid` (and
 *   the person's allow-duplicate choice). A clean answer carries the new Id: restored. A fault is the
 *   record's refusal.
 * - verify (an ambiguous answer: 5xx, dropped connection, worker stopped): the `requestid` alone is
 *   not trusted (service-facts "Idempotent writes": duplicates despite it, 6000 on a re-sent batch).
 *   First LOOK for each record among those created since the job started (lib/restore/find-created.ts:
 *   its TxnDate, DocNumber, amount, party and the restore's mark of the old Id in its note, read
 *   completely, R4): exactly one → adopted (restored, no re-send); several → needs attention, never
 *   re-sent; none while the first create may still land (its deadline, WRITE_LANDS_WITHIN_MS after
 *   its send) → nothing decided, looked for again after it; none after it → the same attempt is
 *   re-sent with the same `requestid` (journaled first), and each new Id read back.
 *   A 6000 on that re-send → look again, never a third send: found → adopted, else needs attention.
 *   An item nothing settles stays to verify later (and is looked for again first).
 */
import { isRestoreRecord, jobRecordKey, type RestoreRecord } from '../../domain/job-records';
import { RESTORE } from '../../domain/operations';
import { type RecordKey, recordKey } from '../../domain/record-key';
import type { OwnRefusal } from '../../domain/refusals';
import type { CreateSentItem, RecordOutcome, SentItem } from '../../journal/schema';
import type { QboClient } from '../../qbo/client-api';
import type { CreateItemResult } from '../../qbo/create-calls';
import type { FaultInfo } from '../../qbo/outcomes';
import { type CreatedMatch, createdSinceOf, matchCreated } from '../../restore/find-created';
import { rewriteLinks } from '../../restore/links';
import type { CreateBody } from '../../restore/strip';
import type { JobOperation, OperationContext, ReadOutcome, SendAnswer } from '../operation';

const declined = (refusal: OwnRefusal): RecordOutcome => ({ kind: 'declined', refusal });

/**
 * The body to send for a record: the plan's body (built once, by lib/restore), its links pointing at
 * the new Ids, or why it cannot be sent.
 */
async function bodyFor(
  record: RestoreRecord,
  ctx: OperationContext,
): Promise<{ body: CreateBody } | { refused: RecordOutcome }> {
  const { create } = record;
  if (create.kind === 'refused') return { refused: declined({ code: 'notRestorable', why: create.why }) };
  const newIds = new Map<RecordKey, string>();
  for (const dep of create.dependsOn) {
    const stored = await ctx.outcomeOf(dep.chunk, dep.key);
    if (stored?.outcome.kind === 'restored') newIds.set(dep.key, stored.outcome.newId);
  }
  const deps = new Set(create.dependsOn.map((d) => d.key));
  const rewritten = rewriteLinks(create.body, newIds, (key) => deps.has(key));
  if (rewritten.kind === 'blocked') {
    const [entity = '', id = ''] = rewritten.blockedBy.split(':');
    return { refused: declined({ code: 'linkedNotRestored', record: { entity, id } }) };
  }
  return { body: rewritten.body };
}

/**
 * The body an item was (or is to be) sent with: the one journaled with it. An item journaled by a
 * build before bodies were (no body, SyncToken '0') has it rebuilt from its record once more: the
 * same outcomes give the same body.
 */
async function sentBody(item: SentItem, ctx: OperationContext): Promise<CreateBody> {
  if ('body' in item) return item.body;
  const record = ctx.records.get(item.key);
  const built = record?.kind === 'restore' ? await bodyFor(record, ctx) : undefined;
  // prepare decided these could be sent, from outcomes that never change once written.
  if (!built || !('body' in built)) throw new Error(`restore: ${item.key} has no body to send`);
  return built.body;
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

/** Sends `items` as one batch of creates under the context's attempt id, each with its journaled body. */
async function sendCreates(client: QboClient, items: readonly SentItem[], ctx: OperationContext) {
  const creates = [];
  for (const item of items) creates.push({ bId: item.bId, entity: item.entity, body: await sentBody(item, ctx) });
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

type Verified = ReadOutcome<{ outcomes: Map<string, RecordOutcome> }>;

/** The body each item was sent with, by key. */
async function sentBodies(items: readonly SentItem[], ctx: OperationContext): Promise<Map<string, CreateBody>> {
  const bodies = new Map<string, CreateBody>();
  for (const item of items) bodies.set(item.key, await sentBody(item, ctx));
  return bodies;
}

/**
 * R4: the records each item's body may have made: one complete read per entity of what was created
 * since the job started (count and pages of 1,000), matched here by date, number, amount, party and
 * mark. Not one read per TxnDate: a batch spans many dates and every read is metered.
 */
async function lookFor(
  client: QboClient,
  items: readonly SentItem[],
  bodies: ReadonlyMap<string, CreateBody>,
  since: number,
): Promise<ReadOutcome<{ found: Map<string, CreatedMatch> }>> {
  const byEntity = new Map<SentItem['entity'], SentItem[]>();
  for (const item of items) byEntity.set(item.entity, [...(byEntity.get(item.entity) ?? []), item]);
  const found = new Map<string, CreatedMatch>();
  let intuitTid: string | undefined;
  for (const [entity, members] of byEntity) {
    const read = await client.readCreated(entity, { createdSince: since });
    if (read.kind !== 'ok') return read;
    intuitTid = read.meta.intuitTid ?? intuitTid;
    for (const item of members)
      found.set(item.key, matchCreated(bodies.get(item.key) ?? {}, item.id, read.records, since));
  }
  return { kind: 'ok', found, intuitTid };
}

/** A look's answer as a final outcome: one → restored, several → needs attention; none → undefined. */
function adopted(match: CreatedMatch | undefined): RecordOutcome | undefined {
  if (match?.kind === 'one') return { kind: 'restored', newId: match.newId };
  if (match?.kind === 'several') return { kind: 'restoreUnconfirmed', candidateIds: match.newIds };
  return undefined;
}

/** "Already processed" (or any business validation) on a re-send: the answer says nothing of the record. */
const isFault6000 = (fault: FaultInfo | undefined) => fault?.code === '6000';

/** After a 6000 on the re-send: look again; what is still not found is never sent a third time. */
async function lookAgain(
  client: QboClient,
  items: readonly SentItem[],
  bodies: ReadonlyMap<string, CreateBody>,
  since: number,
  notFound: (item: SentItem) => RecordOutcome,
  outcomes: Map<string, RecordOutcome>,
): Promise<Verified> {
  const again = await lookFor(client, items, bodies, since);
  if (again.kind !== 'ok') return again;
  for (const item of items) outcomes.set(item.key, adopted(again.found.get(item.key)) ?? notFound(item));
  return { kind: 'ok', outcomes, intuitTid: again.intuitTid };
}

/** Each created item's new Id read back: restored only once the service shows it. */
async function readBack(client: QboClient, created: Map<string, { item: SentItem; newId: string }>) {
  const outcomes = new Map<string, RecordOutcome>();
  const byEntity = new Map<SentItem['entity'], string[]>();
  for (const { item, newId } of created.values())
    byEntity.set(item.entity, [...(byEntity.get(item.entity) ?? []), newId]);
  let intuitTid: string | undefined;
  for (const [entity, ids] of byEntity) {
    const read = await client.readByIds(entity, ids);
    if (read.kind !== 'ok') return read;
    intuitTid = read.meta.intuitTid ?? intuitTid;
    for (const rec of read.records) {
      const hit = created.get(recordKey(rec.entity, rec.id));
      if (hit) outcomes.set(hit.item.key, { kind: 'restored', newId: hit.newId });
    }
  }
  return { kind: 'ok' as const, outcomes, intuitTid };
}

async function verifyCreates(client: QboClient, items: readonly SentItem[], ctx: OperationContext): Promise<Verified> {
  const since = createdSinceOf(ctx.job);
  const bodies = await sentBodies(items, ctx);
  const look = await lookFor(client, items, bodies, since);
  if (look.kind !== 'ok') return look;
  const outcomes = new Map<string, RecordOutcome>();
  const absent: SentItem[] = [];
  for (const item of items) {
    const outcome = adopted(look.found.get(item.key));
    if (outcome) outcomes.set(item.key, outcome);
    // Not found while its create may still land proves nothing: looked for again after the deadline.
    else if (ctx.landed(item)) absent.push(item);
  }
  if (absent.length === 0) return { kind: 'ok', outcomes, intuitTid: look.intuitTid };

  // Not there once it can no longer land: the same attempt again, with the same requestid, journaled
  // first (a worker that dies during it waits for this send's deadline, never sends a third time).
  if (!(await ctx.beforeResend(absent))) return { kind: 'ok', outcomes, intuitTid: look.intuitTid };
  const replay = await sendCreates(client, absent, ctx);
  const unconfirmed = (): RecordOutcome => ({ kind: 'restoreUnconfirmed', candidateIds: [] });
  if (replay.kind === 'refusedWhole' && isFault6000(replay.fault))
    return lookAgain(client, absent, bodies, since, unconfirmed, outcomes);
  if (replay.kind !== 'ok') return replay;
  const created = new Map<string, { item: SentItem; newId: string }>();
  const refused6000: SentItem[] = [];
  const faultOf = new Map<string, RecordOutcome>();
  for (const item of absent) {
    const result = replay.results.get(item.bId);
    if (result?.kind === 'created') created.set(recordKey(item.entity, result.newId), { item, newId: result.newId });
    else if (result?.kind === 'refused' && isFault6000(result.fault)) {
      refused6000.push(item);
      faultOf.set(item.key, toOutcome(result) as RecordOutcome);
    } else if (result && result.kind !== 'missing') outcomes.set(item.key, toOutcome(result) as RecordOutcome);
  }
  const back = await readBack(client, created);
  if (back.kind !== 'ok') return back;
  for (const [key, outcome] of back.outcomes) outcomes.set(key, outcome);
  if (refused6000.length > 0) {
    // Found after all → adopted; still absent → the service's own refusal of that record.
    return lookAgain(client, refused6000, bodies, since, (item) => faultOf.get(item.key) ?? unconfirmed(), outcomes);
  }
  return { kind: 'ok', outcomes, intuitTid: back.intuitTid ?? replay.meta.intuitTid };
}

export const restoreOperation: JobOperation<RestoreRecord, SentItem> = {
  kind: RESTORE.kind,
  accepts: isRestoreRecord,
  async prepare(_client, records, ctx) {
    const skips = new Map<string, RecordOutcome>();
    const send: CreateSentItem[] = [];
    for (const record of records) {
      const key = jobRecordKey(record);
      const built = await bodyFor(record, ctx);
      if ('refused' in built) skips.set(key, built.refused);
      else send.push({ bId: String(send.length + 1), key, entity: record.entity, id: record.id, body: built.body });
    }
    return { kind: 'ok', skips, send };
  },
  async sendBatch(client, items, ctx) {
    const res = await sendCreates(client, items, ctx);
    return res.kind === 'ok' ? perItem(res.results, res.meta.intuitTid) : res;
  },
  // Alone, it is still a batch of one: the create API is the same and so is the requestid safety.
  sendOne: (client, item, ctx) => restoreOperation.sendBatch(client, [item], ctx),
  verify: verifyCreates,
};
