/**
 * Attachments (`Attachable`): a receipt file or a note, tied to transactions by
 * `AttachableRef[{EntityRef {type, value}, IncludeOnSend}]` (Intuit's "Attach images and notes").
 * Kept per company beside its records (a WeakMap: re-seeding a company starts with none).
 *
 * What a transaction's delete does to its attachments is not documented (QuickBooks Desktop keeps
 * the files as unattached documents): `attachableOnDelete` picks one of the two readings.
 * - `removed` (default): the reference to the deleted record is dropped (the SyncToken moves) and an
 *   attachment left with no reference and no file — a bare note — is gone with it (a guess: a note
 *   is nothing without its transaction). The harsher reading: nothing names the old record any more.
 * - `kept`: nothing changes; the reference stays, dangling.
 *
 * Writes (./attachables-routes.ts): a create is note-only (a file comes through the upload
 * endpoint, not simulated); an update carries Id and the current SyncToken (else 5010), replaces the
 * Note and the references (a full update: what it leaves out is cleared) and keeps the file; every
 * reference must name a live transaction (else 610, a guess).
 */
import { metaTime } from './clock';
import { type FaultObject, faults, validationFault } from './faults';
import { isEntity } from './service-names';
import type { SimState } from './state';
import type { Company } from './store';

export type AttachableOnDelete = 'removed' | 'kept';

export interface AttachableRefInput {
  type: string;
  value: string;
  includeOnSend?: boolean;
}

/** A seeded attachment: a file (fileName given) or a note, on the transactions `refs` names. */
export interface AttachableSeed {
  fileName?: string;
  contentType?: string;
  size?: number;
  note?: string;
  refs: AttachableRefInput[];
}

interface Stored {
  json: Record<string, unknown>;
}

const byCompany = new WeakMap<Company, Map<string, Stored>>();
/** Ids as the service issues them to attachments: 19 digits, past what a double holds exactly. */
const FIRST_ID = 5_000_000_000_000_010_000n;

export function attachablesOf(company: Company): Map<string, Stored> {
  let found = byCompany.get(company);
  if (!found) {
    found = new Map();
    byCompany.set(company, found);
  }
  return found;
}

function nextId(company: Company): string {
  let max = FIRST_ID;
  for (const id of attachablesOf(company).keys()) if (BigInt(id) > max) max = BigInt(id);
  return String(max + 1n);
}

export function refsOf(json: Record<string, unknown>): { EntityRef?: { type?: unknown; value?: unknown } }[] {
  return Array.isArray(json.AttachableRef)
    ? (json.AttachableRef as { EntityRef?: { type?: unknown; value?: unknown } }[])
    : [];
}

const toRef = (r: AttachableRefInput) => ({
  EntityRef: { type: r.type, value: r.value },
  IncludeOnSend: r.includeOnSend ?? false,
});

export function seedAttachable(state: SimState, realmId: string, seed: AttachableSeed): Record<string, unknown> {
  const company = state.store.company(realmId);
  const id = nextId(company);
  const stamp = metaTime(state.now());
  const file = seed.fileName
    ? {
        FileName: seed.fileName,
        FileAccessUri: `/v3/company/${realmId}/download/${id}`,
        TempDownloadUri: `https://intuit-qbo-prod-29.s3.amazonaws.com/${realmId}/attachments/${encodeURIComponent(seed.fileName)}?Expires=900`,
        Size: seed.size ?? 48_213,
        ContentType: seed.contentType ?? 'application/pdf',
      }
    : {};
  const json: Record<string, unknown> = {
    ...file,
    ...(seed.note !== undefined ? { Note: seed.note } : {}),
    AttachableRef: seed.refs.map(toRef),
    domain: 'QBO',
    sparse: false,
    Id: id,
    SyncToken: '0',
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  attachablesOf(company).set(id, { json });
  return structuredClone(json);
}

/** Another user deletes the attachment (between the delete and the restore). */
export function removeAttachable(state: SimState, realmId: string, id: string): void {
  if (!attachablesOf(state.store.company(realmId)).delete(id)) throw new Error(`no attachable ${id} in ${realmId}`);
}

export function listAttachables(state: SimState, realmId: string): Record<string, unknown>[] {
  return [...attachablesOf(state.store.company(realmId)).values()].map((a) => structuredClone(a.json));
}

const bump = (state: SimState, json: Record<string, unknown>): Record<string, unknown> => ({
  ...json,
  SyncToken: String(Number(json.SyncToken ?? '0') + 1),
  MetaData: { ...(json.MetaData as Record<string, unknown>), LastUpdatedTime: metaTime(state.now()) },
});

/** A transaction was deleted: what happens to the attachments naming it (see the header). */
export function onTransactionDeleted(state: SimState, realmId: string, entity: string, id: string): void {
  if (state.config.attachableOnDelete === 'kept') return;
  const all = attachablesOf(state.store.company(realmId));
  for (const [key, stored] of all) {
    const refs = refsOf(stored.json);
    const left = refs.filter((r) => !(r.EntityRef?.type === entity && r.EntityRef?.value === id));
    if (left.length === refs.length) continue;
    if (left.length === 0 && stored.json.FileName === undefined) {
      all.delete(key);
      continue;
    }
    stored.json = bump(state, { ...stored.json, AttachableRef: left });
  }
}

type WriteResult = { ok: true; json: Record<string, unknown> } | { ok: false; fault: FaultObject };

const invalid = (detail: string) => ({ ok: false as const, fault: faults.invalidRequest(detail) });

/** The references of a write's body, each naming a live transaction; or the fault. */
function checkedRefs(
  state: SimState,
  realmId: string,
  body: Record<string, unknown>,
): WriteResult | { refs: unknown[] } {
  const refs = body.AttachableRef ?? [];
  if (!Array.isArray(refs)) return invalid('AttachableRef must be a list');
  for (const ref of refs) {
    const entityRef = (ref as { EntityRef?: { type?: unknown; value?: unknown } } | null)?.EntityRef;
    const type = entityRef?.type;
    const value = entityRef?.value;
    if (typeof type !== 'string' || typeof value !== 'string')
      return invalid('AttachableRef.EntityRef needs type and value');
    if (!isEntity(type) || !state.store.find(realmId, type, value))
      return { ok: false, fault: faults.objectNotFound(type, value) };
  }
  return { refs };
}

export function createAttachable(state: SimState, realmId: string, body: Record<string, unknown>): WriteResult {
  if ('FileName' in body || 'ContentType' in body)
    return invalid('A file is attached through the upload endpoint, not by a create');
  if (typeof body.Note !== 'string' || body.Note === '') return { ok: false, fault: faults.requiredParam('Note') };
  const checked = checkedRefs(state, realmId, body);
  if ('ok' in checked) return checked;
  const json = seedAttachable(state, realmId, { note: body.Note, refs: [] });
  const stored = attachablesOf(state.store.company(realmId)).get(String(json.Id));
  if (!stored) throw new Error('seeded attachable vanished');
  stored.json = { ...stored.json, AttachableRef: checked.refs };
  return { ok: true, json: structuredClone(stored.json) };
}

export function updateAttachable(state: SimState, realmId: string, body: Record<string, unknown>): WriteResult {
  const id = body.Id;
  if (typeof id !== 'string') return { ok: false, fault: faults.requiredParam('Id') };
  if (typeof body.SyncToken !== 'string') return { ok: false, fault: faults.requiredParam('SyncToken') };
  const stored = attachablesOf(state.store.company(realmId)).get(id);
  if (!stored) return { ok: false, fault: faults.objectNotFound('Attachable', id) };
  if (body.SyncToken !== stored.json.SyncToken) return { ok: false, fault: faults.staleObject() };
  if (body.FileName !== undefined && body.FileName !== stored.json.FileName)
    return { ok: false, fault: validationFault({ Message: 'A file cannot be replaced by an update', code: '2010' }) };
  const checked = checkedRefs(state, realmId, body);
  if ('ok' in checked) return checked;
  const { Note: _note, AttachableRef: _refs, ...kept } = stored.json;
  stored.json = bump(state, {
    ...kept,
    ...(typeof body.Note === 'string' ? { Note: body.Note } : {}),
    AttachableRef: checked.refs,
  });
  return { ok: true, json: structuredClone(stored.json) };
}
