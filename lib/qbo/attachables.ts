/**
 * Attachments (`Attachable`): the reads and writes a check and a restore make.
 *
 * - readAttachablesOf: every attachment of the given transactions, per type one query per ≤ 1000
 *   Ids, as public clients write it (`select * from Attachable where AttachableRef.EntityRef.Type =
 *   'Bill' and AttachableRef.EntityRef.value in ('7','9') startposition 1 maxresults 1000`), paged
 *   until a page comes back short (R4: MAXRESULTS is always set). The service may match a type and a
 *   value on two different references, so each row is kept only for the (type, Id) pairs asked.
 * - readAttachable: `GET attachable/{id}` (610: gone).
 * - writeAttachable: an update (Id and SyncToken in the body) or a note-only create, with `requestid`.
 */
import { z } from 'zod';
import { type Entity, isEntity, isValidId } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import { type CallContext, exchange } from './exchange';
import { faultsFromJson, parseJsonSafely, primaryFault } from './fault';
import type { CallFailure, CallResult, FaultInfo } from './outcomes';
import { readQueryAnswer } from './query-answer';
import { MAX_PAGE_SIZE } from './query-builder';
import { excerpt } from './to-outcome';

const RefSchema = z.looseObject({
  EntityRef: z.looseObject({ type: z.string().optional(), value: z.string() }),
  IncludeOnSend: z.boolean().optional(),
});

export const AttachableSchema = z.looseObject({
  Id: z.string(),
  SyncToken: z.string(),
  FileName: z.string().optional(),
  ContentType: z.string().optional(),
  Size: z.number().optional(),
  Note: z.string().optional(),
  AttachableRef: z.array(RefSchema).optional(),
});
export type Attachable = z.infer<typeof AttachableSchema>;

/** The (type, Id) pairs an attachment's references name, as record keys. */
export function refKeysOf(attachable: Attachable): string[] {
  return (attachable.AttachableRef ?? []).flatMap((r) =>
    r.EntityRef.type && isEntity(r.EntityRef.type) ? [recordKey(r.EntityRef.type, r.EntityRef.value)] : [],
  );
}

function statement(entity: Entity, ids: readonly string[], start: number): string {
  if (!isEntity(entity)) throw new TypeError(`attachables: not an allow-listed entity: ${String(entity)}`);
  for (const id of ids) if (!isValidId(id)) throw new TypeError(`attachables: invalid Id ${JSON.stringify(id)}`);
  const list = ids.map((id) => `'${id}'`).join(',');
  return `select * from Attachable where AttachableRef.EntityRef.Type = '${entity}' and AttachableRef.EntityRef.value in (${list}) startposition ${start} maxresults ${MAX_PAGE_SIZE}`;
}

/** Every attachment of `ids` of `entity`, by the record key it is on (one attachment may be on several). */
export async function readAttachablesOf(
  ctx: CallContext,
  entity: Entity,
  ids: readonly string[],
): Promise<CallResult<{ byKey: Map<string, Attachable[]>; calls: number }>> {
  const byKey = new Map<string, Attachable[]>();
  const unique = [...new Set(ids)];
  let calls = 0;
  let meta = { status: 0 };
  for (let at = 0; at < unique.length; at += MAX_PAGE_SIZE) {
    const chunk = unique.slice(at, at + MAX_PAGE_SIZE);
    const asked = new Set(chunk.map((id) => recordKey(entity, id)));
    const seen = new Set<string>();
    for (let start = 1; ; start += MAX_PAGE_SIZE) {
      const text = statement(entity, chunk, start);
      const read = readQueryAnswer(await exchange(ctx, { method: 'POST', path: 'query', text }), 'Attachable');
      calls += 1;
      if (read.kind !== 'ok') return read;
      meta = read.meta;
      for (const row of read.rows) {
        const parsed = AttachableSchema.safeParse(row);
        if (!parsed.success)
          return {
            kind: 'incomplete',
            reason: `unreadable Attachable row: ${excerpt(JSON.stringify(row) ?? '')}`,
            meta,
          };
        if (seen.has(parsed.data.Id))
          return { kind: 'incomplete', reason: `Attachable ${parsed.data.Id} came twice while paging`, meta };
        seen.add(parsed.data.Id);
        for (const key of refKeysOf(parsed.data)) {
          if (asked.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), parsed.data]);
        }
      }
      // R4: MAXRESULTS is set, so only a full page can have more after it.
      if (read.rows.length < MAX_PAGE_SIZE) break;
    }
  }
  return { kind: 'ok', meta, byKey, calls };
}

export type AttachableRead = CallResult<{ attachable: Attachable }> | { kind: 'gone'; fault: FaultInfo };

function readAnswer(answer: Awaited<ReturnType<typeof exchange>>): CallResult<{ attachable: Attachable }> {
  if (answer.kind !== 'ok') return answer;
  const parsed = z.object({ Attachable: AttachableSchema }).safeParse(parseJsonSafely(answer.body));
  if (parsed.success) return { kind: 'ok', meta: answer.meta, attachable: parsed.data.Attachable };
  const fault = primaryFault(faultsFromJson(parseJsonSafely(answer.body)));
  // A fault in a 200 answers nothing: the write may or may not have been applied (R5).
  return {
    kind: 'ambiguous',
    reason: fault ? `fault ${fault.code} in a 200` : `unreadable Attachable answer: ${excerpt(answer.body)}`,
    meta: answer.meta,
  };
}

/** One attachment by Id; `gone` when the service answers 610 (another user deleted it). */
export async function readAttachable(ctx: CallContext, id: string): Promise<AttachableRead> {
  if (!isValidId(id)) throw new TypeError(`attachables: invalid Id ${JSON.stringify(id)}`);
  const read = readAnswer(await exchange(ctx, { method: 'GET', path: `attachable/${id}` }));
  if (read.kind === 'refusedWhole' && read.fault.code === '610') return { kind: 'gone', fault: read.fault };
  return read;
}

/**
 * An update (the body carries Id and SyncToken: a 5010 means it moved since it was read) or a
 * note-only create, sent with `requestid`. A fault is `refusedWhole` (nothing applied).
 */
export async function writeAttachable(
  ctx: CallContext,
  body: Record<string, unknown>,
  requestId: string,
): Promise<CallResult<{ attachable: Attachable }> | CallFailure> {
  if (!/^[\w.:-]{1,50}$/.test(requestId)) throw new TypeError('attachables: requestid must be 1..50 safe characters');
  const params: [string, string][] = [['requestid', requestId]];
  if ('Id' in body) params.unshift(['operation', 'update']);
  return readAnswer(await exchange(ctx, { method: 'POST', path: 'attachable', params, json: body }));
}

/** The attachment calls of a client (lib/qbo/client.ts gives them; a test's hand-made client may not). */
export interface QboAttachables {
  readAttachablesOf(
    entity: Entity,
    ids: readonly string[],
  ): Promise<CallResult<{ byKey: Map<string, Attachable[]>; calls: number }>>;
  readAttachable(id: string): Promise<AttachableRead>;
  writeAttachable(body: Record<string, unknown>, requestId: string): Promise<CallResult<{ attachable: Attachable }>>;
}

export function attachableCalls(ctx: CallContext): QboAttachables {
  return {
    readAttachablesOf: (entity, ids) => readAttachablesOf(ctx, entity, ids),
    readAttachable: (id) => readAttachable(ctx, id),
    writeAttachable: (body, requestId) => writeAttachable(ctx, body, requestId),
  };
}

/** Whether a client has the attachment calls. */
export function hasAttachableCalls(client: object): client is QboAttachables {
  return 'readAttachablesOf' in client && 'readAttachable' in client && 'writeAttachable' in client;
}
