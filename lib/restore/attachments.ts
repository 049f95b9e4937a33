/**
 * Re-attaching a restored record's attachments (receipts and notes) to its new record, once each.
 *
 * For each attachment the snapshot kept (lib/domain/attachments.ts), in order:
 * 1. Its stored outcome, when there is one: done before, nothing sent again.
 * 2. Read it by Id (a fresh SyncToken; the service may have dropped the old reference or kept it
 *    dangling: tools/simulator's `attachableOnDelete`).
 *    - It names the new record already (this pass ran before and stopped before storing): reattached.
 *    - Else an update carrying its SyncToken: its references without the deleted record's, plus the
 *      new record's; then a re-read proves it (the new reference is there): reattached. A 5010 (it
 *      moved between the read and the update) reads it again, once.
 *    - Gone (610) and a note alone: made again from the snapshot. First LOOK for it on the new record
 *      (a create whose answer was lost may have landed), then create it with a `requestid` made from
 *      the job and the attachment, so a repeat gets the first answer: recreated.
 *    - Gone and a file: the file was never kept, so it cannot come back: named as gone.
 * 3. Store the outcome (durability before moving on; a worker stopped before it repeats steps that
 *    find their own work done, never a second attachment).
 * A call that fails as a whole (rate limit, token, network) stops the pass: it is run again later and
 * starts from the stored outcomes. Outcomes are data (`code`), worded where the words live.
 */
import { type AttachmentMeta, type AttachmentOutcome, isNoteOnly } from '../domain/attachments';

export type { AttachmentOutcome };

import type { Entity } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import type { Attachable, QboAttachables } from '../qbo/attachables';
import { refKeysOf } from '../qbo/attachables';
import type { CallFailure } from '../qbo/outcomes';

/** One restored record: its attachments as the snapshot kept them, and the Id it has now. */
export interface RestoredWithAttachments {
  entity: Entity;
  newId: string;
  attachments: readonly AttachmentMeta[];
}

/** Where the outcomes are kept, by attachment key (./attachments-journal.ts keeps them in storage). */
export interface AttachmentJournal {
  read(): Promise<ReadonlyMap<string, AttachmentOutcome>>;
  write(key: string, outcome: AttachmentOutcome): Promise<void>;
}

export type ReattachResult =
  | { kind: 'done'; outcomes: Map<string, AttachmentOutcome>; calls: number }
  | { kind: 'stopped'; failure: CallFailure; outcomes: Map<string, AttachmentOutcome>; calls: number };

/** An attachment's key in the journal: the attachment and the record it goes back on. */
export const attachmentKey = (a: AttachmentMeta, newId: string): string => `${a.id}>${a.entity}:${newId}`;

/** 8 hex digits of FNV-1a: a job's part of a `requestid` (at most 50 characters in all). */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

const named = (a: AttachmentMeta) => (a.fileName !== undefined ? { fileName: a.fileName } : {});

/** The update's body: the attachment as read, its references without the deleted record's, plus the new one's. */
function withNewRef(read: Attachable, a: AttachmentMeta, newId: string): Record<string, unknown> {
  const old = recordKey(a.entity, a.txnId);
  const kept = (read.AttachableRef ?? []).filter(
    (r) => !(r.EntityRef.type && recordKey(r.EntityRef.type as Entity, r.EntityRef.value) === old),
  );
  return { ...read, AttachableRef: [...kept, { EntityRef: { type: a.entity, value: newId }, IncludeOnSend: false }] };
}

type Step = { outcome: AttachmentOutcome; calls: number } | { failure: CallFailure; calls: number };

async function recreateNote(
  client: QboAttachables,
  a: AttachmentMeta,
  target: string,
  newId: string,
  requestId: string,
): Promise<Step> {
  // Look first: a create whose answer was lost may have landed.
  const look = await client.readAttachablesOf(a.entity, [newId]);
  if (look.kind !== 'ok') return { failure: look, calls: 1 };
  const found = (look.byKey.get(target) ?? []).find((x) => x.FileName === undefined && x.Note === a.note);
  if (found)
    return { outcome: { code: 'attachmentRecreated', id: a.id, newAttachableId: found.Id }, calls: look.calls };
  const body = {
    Note: a.note ?? '',
    AttachableRef: [{ EntityRef: { type: a.entity, value: newId }, IncludeOnSend: false }],
  };
  const made = await client.writeAttachable(body, requestId);
  const calls = look.calls + 1;
  if (made.kind === 'refusedWhole')
    return { outcome: { code: 'attachmentRefused', id: a.id, faultCode: made.fault.code }, calls };
  if (made.kind !== 'ok') return { failure: made, calls };
  return { outcome: { code: 'attachmentRecreated', id: a.id, newAttachableId: made.attachable.Id }, calls };
}

async function reattachOne(client: QboAttachables, a: AttachmentMeta, newId: string, requestId: string): Promise<Step> {
  const target = recordKey(a.entity, newId);
  let calls = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    const read = await client.readAttachable(a.id);
    calls += 1;
    if (read.kind === 'gone') {
      if (!isNoteOnly(a)) return { outcome: { code: 'attachmentGone', id: a.id, ...named(a) }, calls };
      const made = await recreateNote(client, a, target, newId, requestId);
      return { ...made, calls: calls + made.calls };
    }
    if (read.kind !== 'ok') return { failure: read, calls };
    if (refKeysOf(read.attachable).includes(target))
      return { outcome: { code: 'attachmentReattached', id: a.id, ...named(a) }, calls };
    const sent = await client.writeAttachable(
      withNewRef(read.attachable, a, newId),
      `${requestId}.${read.attachable.SyncToken}`,
    );
    calls += 1;
    if (sent.kind === 'refusedWhole' && sent.fault.code === '5010') continue; // it moved: read it again
    if (sent.kind === 'refusedWhole' && sent.fault.code === '610')
      return { outcome: { code: 'attachmentGone', id: a.id, ...named(a) }, calls };
    if (sent.kind === 'refusedWhole')
      return { outcome: { code: 'attachmentRefused', id: a.id, ...named(a), faultCode: sent.fault.code }, calls };
    // An answer lost or not: the re-read decides (the next attempt sees the new reference, or sends again).
    const check = await client.readAttachable(a.id);
    calls += 1;
    if (check.kind === 'ok' && refKeysOf(check.attachable).includes(target))
      return { outcome: { code: 'attachmentReattached', id: a.id, ...named(a) }, calls };
    if (check.kind !== 'ok' && check.kind !== 'gone') return { failure: check, calls };
  }
  return { outcome: { code: 'attachmentRefused', id: a.id, ...named(a), faultCode: '5010' }, calls };
}

export async function reattachAttachments(input: {
  client: QboAttachables;
  /** The restore job's id: with the attachment, it makes the `requestid` of a note's create. */
  jobId: string;
  records: readonly RestoredWithAttachments[];
  journal: AttachmentJournal;
}): Promise<ReattachResult> {
  const outcomes = new Map(await input.journal.read());
  let calls = 0;
  for (const record of input.records) {
    for (const a of record.attachments) {
      const key = attachmentKey(a, record.newId);
      if (outcomes.has(key)) continue;
      const requestId = `att-${a.id}-${shortHash(input.jobId)}`;
      const step = await reattachOne(input.client, a, record.newId, requestId);
      calls += step.calls;
      if ('failure' in step) return { kind: 'stopped', failure: step.failure, outcomes, calls };
      await input.journal.write(key, step.outcome);
      outcomes.set(key, step.outcome);
    }
  }
  return { kind: 'done', outcomes, calls };
}
