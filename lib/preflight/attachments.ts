/**
 * The selection's attachments (receipts and notes, the service's `Attachable`), read once for the
 * whole selection: per entity one Attachable query per 1000 Ids, paged (lib/qbo/attachables.ts), so
 * 1,000 records of one type cost one metered read. Each record's attachments go on its reviewed
 * record (`attachments`: metadata, never the file), so the snapshot, the job and the audit log keep
 * them and a restore can re-attach them. A failed read fails the preflight: a record is never called
 * ready with its receipts unread, since the snapshot would silently lack them. A client without the
 * attachment calls (a test's hand-made one) reads none.
 */
import type { AttachmentMeta } from '../domain/attachments';
import { ENTITIES, type Entity } from '../domain/entities';
import type { AttachmentsFinding } from '../domain/findings';
import { recordKey } from '../domain/record-key';
import { type Attachable, hasAttachableCalls } from '../qbo/attachables';
import type { CallFailure, TxnRecord } from '../qbo/outcomes';

/** An attachment as the snapshot keeps it, on the record `entity`/`txnId`. */
export function toAttachmentMeta(a: Attachable, entity: Entity, txnId: string): AttachmentMeta {
  return {
    id: a.Id,
    entity,
    txnId,
    ...(a.FileName !== undefined ? { fileName: a.FileName } : {}),
    ...(a.ContentType !== undefined ? { contentType: a.ContentType } : {}),
    ...(a.Size !== undefined ? { size: a.Size } : {}),
    ...(a.Note !== undefined ? { note: a.Note } : {}),
  };
}

/** Reads the records' attachments and sets `attachments` on each record that has some. */
export async function readAttachments(
  client: object,
  records: Iterable<TxnRecord>,
): Promise<{ kind: 'ok'; calls: number } | { kind: 'failed'; failure: CallFailure; calls: number }> {
  if (!hasAttachableCalls(client)) return { kind: 'ok', calls: 0 };
  const byEntity = new Map<Entity, TxnRecord[]>();
  for (const r of records) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r]);
  let calls = 0;
  for (const entity of ENTITIES) {
    const list = byEntity.get(entity);
    if (!list) continue;
    const read = await client.readAttachablesOf(
      entity,
      list.map((r) => r.id),
    );
    if (read.kind !== 'ok') return { kind: 'failed', failure: read, calls: calls + 1 };
    calls += read.calls;
    for (const r of list) {
      const found = read.byKey.get(recordKey(entity, r.id));
      if (found) r.attachments = found.map((a) => toAttachmentMeta(a, entity, r.id));
    }
  }
  return { kind: 'ok', calls };
}

/** The finding's facts from a record's attachments, or undefined when it has none. */
export function attachmentsFinding(
  list: readonly AttachmentMeta[] | undefined,
): Omit<AttachmentsFinding, 'status'> | undefined {
  if (!list || list.length === 0) return undefined;
  const files = list.flatMap((a) => (a.fileName !== undefined ? [a.fileName] : []));
  return { files, notes: list.length - files.length };
}
