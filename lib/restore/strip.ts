/**
 * The create request body that re-creates a deleted record from its pre-delete snapshot
 * (service-facts "Re-creating a deleted transaction"). Pure: the snapshot is deep-copied, never changed.
 *
 * Dropped, because the service assigns or computes them for the new record:
 * - `Id`, `SyncToken`, `MetaData`, `domain`, `sparse`; every line's `Id` (group sub-lines too).
 * - `Balance`, `HomeBalance`, `RemainingCredit` (a credit memo's), `UnappliedAmt` (a payment's):
 *   what is still open, recomputed from the links the new record and its payments make.
 * - `HomeTotalAmt`: TotalAmt in the home currency, recomputed from TotalAmt and ExchangeRate.
 * - `InvoiceLink`, `DeliveryInfo`: the old invoice's sharing link and when it was emailed.
 * - a line's `LineEx` and a Purchase's `PurchaseEx`: read-only extension data (service internals
 *   such as the old record's transaction Ids), never part of a create.
 * - the `Id` inside every address (`BillAddr`, `ShipAddr`, `VendorAddr`, any key ending in `Addr`):
 *   the service assigned it to the old record's address; the address itself is kept.
 * - back-references (`isBackReference`): links the service writes itself on this record when the
 *   record on their other end is created; a line left holding nothing but such links (a payment's
 *   line naming its Deposit) goes with them.
 *
 * Marked: `PrivateNote` gets the restore's mark of the old Id on a line of its own after the record's
 * own note ("Restored by Safe Delete from #<old Id>", marker.ts): after a lost answer the restore
 * finds its record by it before it would re-send (find-created.ts).
 *
 * Kept: `DocNumber` (the bookkeeper's reference; a clash is the service's fault 6140), `LineNum`, and
 * `TotalAmt`: a Payment's or BillPayment's is the amount received or paid (required: what its lines
 * do not apply stays unapplied), a document's is recomputed from its lines by the service, so sending
 * the snapshot's value is harmless. Everything else is kept as it was, forward links included (an
 * Invoice's Estimate, a Payment's invoices): links.ts rewrites them to the new Ids.
 */
import type { Entity } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import { asObject, entityOfTxnType, type JsonObject, stageOf } from './kinds';
import { markedNote } from './marker';

/** The JSON body of a create request (POST /v3/company/<realm>/<entity>), unwrapped. */
export type CreateBody = JsonObject;

const ASSIGNED = ['Id', 'SyncToken', 'MetaData', 'domain', 'sparse'];
const COMPUTED = [
  'Balance',
  'HomeBalance',
  'RemainingCredit',
  'UnappliedAmt',
  'HomeTotalAmt',
  'InvoiceLink',
  'DeliveryInfo',
  'PurchaseEx',
];
const LINE_DROPPED = ['Id', 'LineEx'];

/** Documents others are made from: their links name those documents (an Estimate's, its Invoice). */
const SOURCE_DOCUMENTS: readonly string[] = ['Estimate', 'PurchaseOrder'];

/**
 * A link on `holder` is a back-reference when the service writes it on `holder` as the other end is
 * created: the other end is restored in a later stage (an Invoice's Payment, a Bill's BillPayment, a
 * CreditMemo's Payment, a Payment's Deposit), or `holder` is an Estimate or PurchaseOrder (their links
 * name the documents made from them). Sending one would be refused or doubled; keeping it would also
 * make the dependency order circular.
 */
export function isBackReference(holder: Entity, txnType: string): boolean {
  return SOURCE_DOCUMENTS.includes(holder) || stageOf(entityOfTxnType(txnType)) > stageOf(holder);
}

/** One link of a snapshot: where it sits and what it names. */
export interface SnapshotLink {
  txnId: string;
  txnType: string;
  place: 'top' | 'line';
}

function linkPairs(list: unknown): { txnId: string; txnType: string }[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const link = asObject(raw);
    return typeof link?.TxnId === 'string' && typeof link.TxnType === 'string'
      ? [{ txnId: link.TxnId, txnType: link.TxnType }]
      : [];
  });
}

/** The back-references a snapshot holds (what createBody drops), top level first, each once. */
export function backReferences(entity: Entity, snapshot: Readonly<JsonObject>): SnapshotLink[] {
  const found = new Map<string, SnapshotLink>();
  const add = (list: unknown, place: SnapshotLink['place']) => {
    for (const link of linkPairs(list)) {
      const id = recordKey(link.txnType, link.txnId);
      if (isBackReference(entity, link.txnType) && !found.has(id)) found.set(id, { ...link, place });
    }
  };
  add(snapshot.LinkedTxn, 'top');
  for (const line of Array.isArray(snapshot.Line) ? snapshot.Line : []) add(asObject(line)?.LinkedTxn, 'line');
  return [...found.values()];
}

function without(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/** `list` without its back-references, or undefined when none is there (the list is left as it was). */
function droppingBackReferences(entity: Entity, list: unknown): unknown[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const kept = list.filter((raw) => {
    const type = asObject(raw)?.TxnType;
    return typeof type !== 'string' || !isBackReference(entity, type);
  });
  return kept.length < list.length ? kept : undefined;
}

const stripSubLine = (raw: unknown): unknown => {
  const line = asObject(raw);
  return line ? without(line, LINE_DROPPED) : raw;
};

function stripLine(entity: Entity, raw: unknown): unknown[] {
  const line = asObject(raw);
  if (!line) return [raw];
  const out = without(line, LINE_DROPPED);
  const group = asObject(out.GroupLineDetail);
  if (group && Array.isArray(group.Line)) out.GroupLineDetail = { ...group, Line: group.Line.map(stripSubLine) };
  const links = droppingBackReferences(entity, out.LinkedTxn);
  if (links === undefined) return [out];
  if (links.length > 0) return [{ ...out, LinkedTxn: links }];
  delete out.LinkedTxn;
  // A line that only carried back-references (a payment's line naming its Deposit) has nothing left.
  return out.DetailType === undefined ? [] : [out];
}

/** Every top-level address (`BillAddr`, `ShipAddr`, `VendorAddr`, …) without the Id the service gave it. */
function withoutAddressIds(body: JsonObject): void {
  for (const [key, value] of Object.entries(body)) {
    const address = key.endsWith('Addr') ? asObject(value) : undefined;
    if (address && 'Id' in address) body[key] = without(address, ['Id']);
  }
}

/** The body that re-creates `snapshot` as a new `entity`; see the module comment for what goes. */
export function createBody(entity: Entity, snapshot: Readonly<JsonObject>): CreateBody {
  const copy = structuredClone(snapshot) as JsonObject;
  const body = without(copy, [...ASSIGNED, ...COMPUTED]);
  withoutAddressIds(body);
  const top = droppingBackReferences(entity, body.LinkedTxn);
  if (top?.length) body.LinkedTxn = top;
  else if (top) delete body.LinkedTxn;
  if (Array.isArray(copy.Line)) body.Line = copy.Line.flatMap((line) => stripLine(entity, line));
  if (typeof copy.Id === 'string') body.PrivateNote = markedNote(copy.PrivateNote, copy.Id);
  return body;
}
