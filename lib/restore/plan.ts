/**
 * The restore plan: from the chosen audit entries, what will be re-created, in which order, with
 * which body, and what is refused before any call, with why (a code with its fields: the rooms word
 * it). Every chosen entry ends up either in `records` or in `refused`, never dropped. Pure.
 *
 * Refused before any call: an entry of another company than the first one; an entry whose outcome was
 * not a deletion (the record is still there); an older copy of a record listed twice (the latest
 * deletion is kept); a snapshot that is not usable (no JSON, another record's, no TxnDate); a TxnDate
 * on or before the BookCloseDate (R3: a closed period refuses creates as it refuses deletes); a
 * record naming a customer, vendor, employee, item or account the service shows deleted or inactive
 * now (when `names` is given: the service would refuse the create); a record linked to one deleted
 * but not chosen (the link could not be written); a record linked to a
 * refused one (it cannot come back as it was); a record the order cannot place (a circle of links).
 */
import { type Entity, isValidId } from '../domain/entities';
import type { Environment } from '../domain/ids';
import type { NameState, NameType } from '../domain/names';
import { parseRecordKey, type RecordKey } from '../domain/record-key';
import type { RecordRef, RestoreNote, RestoreRefusal } from '../domain/refusals';
import { entryKey, isDeletedOutcome, latestPerRecord, type RestoreEntry } from './entry';
import { asObject, entityOfTxnType, type JsonObject } from './kinds';
import { linkedKeys } from './links';
import { backReferenceNotes, type LinkFate } from './notes';
import { orderRestore } from './order';
import { nameRefsOf, nameRefusal } from './refs';
import { txnDateOf } from './select';
import { type CreateBody, createBody } from './strip';

export { CANNOT_COME_BACK } from './notes';

export interface PlanOptions {
  /** The company's BookCloseDate (YYYY-MM-DD, as the preferences give it); absent when not closed. */
  bookCloseDate?: string;
  /**
   * Keys of records this company's audit log shows deleted that are not among the chosen entries. A
   * link to one of them cannot be written (refused); without this list, a link outside the chosen
   * records is taken to name a record that still exists, and the notes say so.
   */
  deletedElsewhere?: readonly RecordKey[];
  /**
   * What the service shows now for a name the records refer to (refs.ts; undefined: not listed any
   * more). Absent: names are not checked before the run (the service still refuses per record).
   */
  names?: (type: NameType, id: string) => NameState | undefined;
}

export interface PlannedRecord {
  oldKey: RecordKey;
  entity: Entity;
  oldId: string;
  docNumber?: string;
  txnDate?: string;
  amount?: number;
  /** The amount's currency, when the entry or its saved copy names one. */
  currency?: string;
  /** The create body; its links still name old Ids: rewriteLinks before sending. */
  body: CreateBody;
  /** 0-based: create every record of a wave only once the waves before it have their new Ids. */
  wave: number;
  /** Keys in the restore set this record links to (all in earlier waves). */
  dependsOn: RecordKey[];
  /** What the bookkeeper has to do by hand afterwards. */
  notes: RestoreNote[];
  /** The audit entry it comes from. */
  jobId: string;
  deletedAt: number;
}

export interface RefusedRecord {
  oldKey: RecordKey;
  why: RestoreRefusal;
  /** How the deletion result named it: number, name, date and amount, as deleted. */
  docNumber?: string;
  party?: string;
  txnDate?: string;
  amount?: number;
  currency?: string;
  /** The refused entry's `at` and `jobId`: a record listed twice has one refused entry of its own. */
  at: number;
  jobId: string;
}

export interface RestorePlan {
  /** The company restored into: the first entry's. Absent when there was no entry. */
  company?: { realmId: string; environment: Environment };
  /** In the order to create them: wave by wave, each in the tiebreak order (order.ts). */
  records: PlannedRecord[];
  refused: RefusedRecord[];
  /**
   * Every deleted record chosen (refused ones too: their old Ids are gone): what rewriteLinks'
   * `inRestoreSet` answers for. A link outside it names a record that still exists.
   */
  restoreSet: RecordKey[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a snapshot cannot be re-created from, or undefined when it can. */
function unusable(entry: RestoreEntry): RestoreRefusal | undefined {
  const json = asObject(entry.preDeleteJson);
  if (!json || !isValidId(entry.id) || Object.keys(json).length === 0) return { code: 'copyUnreadable' };
  if (json.Id !== entry.id) return { code: 'copyOfAnother' };
  if (typeof json.TxnDate !== 'string' || !DATE.test(json.TxnDate)) return { code: 'copyUndated' };
  return undefined;
}

/** The plan for `entries` (audit entries the bookkeeper chose; an AuditEntry is a RestoreEntry). */
export function planRestore(entries: readonly RestoreEntry[], opts: PlanOptions = {}): RestorePlan {
  const first = entries[0];
  const company = first && { realmId: first.realmId, environment: first.environment };
  const refused: RefusedRecord[] = [];
  const refuse = (entry: RestoreEntry, why: RestoreRefusal) =>
    refused.push({
      oldKey: entryKey(entry),
      why,
      at: entry.at,
      jobId: entry.jobId,
      docNumber: docNumberOf(entry),
      party: entry.party,
      txnDate: entry.txnDate,
      amount: entry.amount,
      currency: entry.currency,
    });

  const deletions: RestoreEntry[] = [];
  for (const entry of entries) {
    if (entry.realmId !== company?.realmId || entry.environment !== company.environment) {
      refuse(entry, { code: 'otherCompany', realmId: entry.realmId, environment: entry.environment });
    } else if (!isDeletedOutcome(entry.outcome)) {
      const label = entry.outcomeLabel === undefined ? {} : { label: entry.outcomeLabel };
      refuse(entry, { code: 'notDeleted', outcome: entry.outcome, ...label });
    } else deletions.push(entry);
  }
  const { latest, older } = latestPerRecord(deletions);
  for (const entry of older) refuse(entry, { code: 'listedTwice' });

  const restoreSet = latest.map(entryKey);
  const inSet = new Set(restoreSet);
  const elsewhere = new Set((opts.deletedElsewhere ?? []).filter((key) => !inSet.has(key)));
  const refs = new Map(latest.map((e) => [entryKey(e), refOfEntry(e)]));
  const refusedKeys = new Set<RecordKey>();
  const candidates = new Map<RecordKey, { entry: RestoreEntry; body: CreateBody; dependsOn: RecordKey[] }>();
  for (const entry of latest) {
    const date = txnDateOf(entry);
    const why: RestoreRefusal | undefined =
      unusable(entry) ??
      (opts.bookCloseDate !== undefined && date !== undefined && date <= opts.bookCloseDate
        ? { code: 'closedPeriod', dated: date, closedThrough: opts.bookCloseDate }
        : undefined) ??
      (opts.names ? nameRefusal(nameRefsOf(entry.preDeleteJson), opts.names) : undefined);
    if (why) {
      refuse(entry, why);
      refusedKeys.add(entryKey(entry));
      continue;
    }
    const body = createBody(entry.entity, entry.preDeleteJson as JsonObject);
    const links = linkedKeys(body).filter((key) => key !== entryKey(entry));
    const gone = links.find((key) => elsewhere.has(key));
    if (gone) {
      refuse(entry, { code: 'linkedDeletedElsewhere', record: refOfKey(gone) });
      refusedKeys.add(entryKey(entry));
      continue;
    }
    candidates.set(entryKey(entry), { entry, body, dependsOn: links.filter((key) => inSet.has(key)) });
  }

  // A record linked to a refused one cannot come back as it was: refuse it too, until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [key, candidate] of candidates) {
      const blocker = candidate.dependsOn.find((dep) => refusedKeys.has(dep));
      if (!blocker) continue;
      refuse(candidate.entry, { code: 'linkedRefused', record: refs.get(blocker) ?? refOfKey(blocker) });
      refusedKeys.add(key);
      candidates.delete(key);
      changed = true;
    }
  }

  const order = orderRestore(
    [...candidates.values()].map(({ entry, dependsOn }) => ({
      key: entryKey(entry),
      entity: entry.entity,
      id: entry.id,
      txnDate: txnDateOf(entry),
      dependsOn,
      ref: refs.get(entryKey(entry)),
    })),
  );
  for (const { key, why } of order.needsAttention) {
    const candidate = candidates.get(key)!;
    refuse(candidate.entry, why);
    refusedKeys.add(key);
  }

  const fateOf = (key: RecordKey): LinkFate =>
    refusedKeys.has(key) ? 'refused' : inSet.has(key) ? 'restored' : elsewhere.has(key) ? 'deletedElsewhere' : 'exists';
  const refOfLink = (key: RecordKey, txnType: string, txnId: string): RecordRef =>
    refs.get(key) ?? { entity: entityOfTxnType(txnType) ?? txnType, id: txnId };
  const records = order.waves.flatMap((keys, wave) =>
    keys.map((key): PlannedRecord => {
      const { entry, body, dependsOn } = candidates.get(key)!;
      const snapshot = entry.preDeleteJson as JsonObject;
      return {
        oldKey: key,
        entity: entry.entity,
        oldId: entry.id,
        docNumber: docNumberOf(entry),
        txnDate: txnDateOf(entry),
        amount: amountOf(entry),
        currency: currencyOf(entry),
        body,
        wave,
        dependsOn,
        notes: backReferenceNotes(entry.entity, snapshot, fateOf, refOfLink),
        jobId: entry.jobId,
        deletedAt: entry.at,
      };
    }),
  );
  return { ...(company ? { company } : {}), records, refused, restoreSet };
}

/** A key as a refusal names it; a key that does not parse is named by itself. */
function refOfKey(key: RecordKey): RecordRef {
  return parseRecordKey(key) ?? { entity: key, id: '' };
}

function refOfEntry(entry: RestoreEntry): RecordRef {
  const docNumber = docNumberOf(entry);
  return { entity: entry.entity, id: entry.id, ...(docNumber ? { docNumber } : {}) };
}

function docNumberOf(entry: RestoreEntry): string | undefined {
  const own = asObject(entry.preDeleteJson)?.DocNumber;
  return entry.docNumber ?? (typeof own === 'string' ? own : undefined);
}

function currencyOf(entry: RestoreEntry): string | undefined {
  const own = asObject(asObject(entry.preDeleteJson)?.CurrencyRef)?.value;
  return entry.currency ?? (typeof own === 'string' ? own : undefined);
}

function amountOf(entry: RestoreEntry): number | undefined {
  const own = asObject(entry.preDeleteJson)?.TotalAmt;
  return entry.amount ?? (typeof own === 'number' ? own : undefined);
}
