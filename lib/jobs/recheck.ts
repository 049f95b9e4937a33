/**
 * The reads a chunk makes through the query endpoint (its own ceiling, so the batch quota stays for
 * deletes): the re-read before deleting (R1), the reconciled check (R2) and the R5 verification.
 *
 * R2: the runner does not trust that reconciling bumps a SyncToken (not guaranteed, and the
 * simulator does not), so unless the user opted in it asks the TransactionList report
 * (cleared=Reconciled) over the chunk's TxnDate span: one report call per chunk.
 */

import type { Entity } from '../domain/entities';
import type { RecordOutcome, ReviewedRecord, ReviewedSentItem } from '../journal/schema';
import type { QboClient } from '../qbo/client-api';
import type { TxnRecord } from '../qbo/outcomes';
import { reconciledSet } from '../qbo/reconciled-set';
import { compareWithReviewed, dateSpan, keyOf, type RecheckDecision, toSentItems } from './classify';
import type { ReadOutcome } from './operation';

/**
 * Current versions of the given records, keyed `${Entity}:${Id}`; one readByIds per entity, each a
 * metered read (tools/bench/README.md "Metered reads"). Select first: a re-read or a verification of ≤ 30
 * records costs one query when every record is there, two (count(*) proving the rest gone, R4) when not.
 */
export async function readCurrent(
  client: QboClient,
  records: readonly { entity: Entity; id: string }[],
): Promise<ReadOutcome<{ current: Map<string, TxnRecord> }>> {
  const byEntity = new Map<Entity, string[]>();
  for (const r of records) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r.id]);
  const current = new Map<string, TxnRecord>();
  let intuitTid: string | undefined;
  for (const [entity, ids] of byEntity) {
    const res = await client.readByIds(entity, ids, { selectFirst: true });
    if (res.kind !== 'ok') return res;
    intuitTid = res.meta.intuitTid ?? intuitTid;
    for (const rec of res.records) current.set(keyOf(rec), rec);
  }
  return { kind: 'ok', current, intuitTid };
}

/** Re-read a chunk's reviewed records and decide what may be deleted now. */
export async function recheckChunk(
  client: QboClient,
  reviewed: readonly ReviewedRecord[],
  includeReconciled: boolean,
): Promise<ReadOutcome<RecheckDecision>> {
  const skips = new Map<string, RecordOutcome>();
  const toRead: ReviewedRecord[] = [];
  for (const r of reviewed) {
    if (r.reconciled && !includeReconciled) skips.set(keyOf(r.record), { kind: 'skippedReconciled' });
    else toRead.push(r);
  }
  if (toRead.length === 0) return { kind: 'ok', skips, deletable: [] };
  const read = await readCurrent(
    client,
    toRead.map((r) => r.record),
  );
  if (read.kind !== 'ok') return read;
  const compared = compareWithReviewed(toRead, read.current);
  for (const [k, v] of compared.skips) skips.set(k, v);
  let survivors = compared.survivors.map((s) => s.current);
  const span = includeReconciled ? undefined : dateSpan(survivors);
  if (span) {
    const report = await client.readReconciled(span.start, span.end);
    if (report.kind !== 'ok') return report;
    const reconciled = reconciledSet(report.rows);
    survivors = survivors.filter((rec) => {
      if (!reconciled.has(rec.entity, rec.id)) return true;
      skips.set(keyOf(rec), { kind: 'skippedReconciled' });
      return false;
    });
  }
  return { kind: 'ok', skips, deletable: toSentItems(survivors), intuitTid: read.intuitTid };
}

/** R5 verification: gone → deleted (verified); present → not deleted (verified). Never re-sends. */
export async function verifyItems(
  client: QboClient,
  items: readonly ReviewedSentItem[],
): Promise<ReadOutcome<{ present: Map<string, TxnRecord> }>> {
  const read = await readCurrent(client, items);
  if (read.kind !== 'ok') return read;
  return { kind: 'ok', present: read.current, intuitTid: read.intuitTid };
}
