/**
 * The audit log's IndexedDB layout and its upgrades (lib/audit/log.ts reads and writes it).
 *
 * Version 1: `entries` (key `uid`, indexes `seq` and `jobId`) and `meta`.
 * Version 2: each readable entry also carries its company (`environment`, `realmId`) at the top,
 * indexed with its sequence number as `company` ([environment, realmId, seq]), so a company's
 * entries can be counted, told exported or not, and erased without reading every snapshot
 * ("Erase this company's local data"). An unreadable entry gets no company: it is
 * never erased with one (it is reported and exported as stored, like before).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { openIdb } from '../storage/idb-area';
import { INDEXED_DBS } from '../storage/keys';
import { AuditEntrySchema } from './entry';

/** Declared in lib/storage/keys.ts (INDEXED_DBS.audit) beside every stored key. */
export const AUDIT_DB_NAME = INDEXED_DBS.audit.name;
export const AUDIT_DB_VERSION = INDEXED_DBS.audit.version;
export const META_KEY = 'state';

export interface StoredAuditRow {
  uid: string;
  seq: number;
  /** JSON size of the entry (the log's size is kept as a running sum). */
  size: number;
  jobId: string;
  /** The entry's company, copied from it (version 2); absent on an unreadable entry. */
  environment?: string;
  realmId?: string;
  entry: unknown;
}

export interface AuditMeta {
  nextSeq: number;
  exportedThrough: number;
  bytes: number;
  keepExportedMs?: number;
  /** Per job, the exported entries removed since (pruned or cleared): they were written, and saved. */
  removedByJob?: Record<string, number>;
}

export const EMPTY_META: AuditMeta = { nextSeq: 1, exportedThrough: 0, bytes: 0 };

export interface AuditDb extends DBSchema {
  entries: {
    key: string;
    value: StoredAuditRow;
    indexes: { seq: number; jobId: string; company: [string, string, number] };
  };
  meta: { key: string; value: AuditMeta };
}

/** The row's company fields: a readable entry's own, nothing for an unreadable one. */
export function companyFields(entry: unknown): { environment?: string; realmId?: string } {
  const parsed = AuditEntrySchema.safeParse(entry);
  return parsed.success ? { environment: parsed.data.environment, realmId: parsed.data.realmId } : {};
}

/** The key range of one company's entries in the `company` index (sequence numbers above `after`). */
export function companyRange(scope: { environment: string; realmId: string }, after = Number.NEGATIVE_INFINITY) {
  return IDBKeyRange.bound(
    [scope.environment, scope.realmId, after],
    [scope.environment, scope.realmId, Number.POSITIVE_INFINITY],
    true,
    true,
  );
}

/** Opens the audit log's database `name` in the IndexedDB `factory` it is given. */
export function openAuditDb(factory: IDBFactory, name: string): Promise<IDBPDatabase<AuditDb>> {
  return openIdb<AuditDb>(factory, name, AUDIT_DB_VERSION, async (d, oldVersion, _newVersion, tx) => {
    if (oldVersion < 1) {
      const entries = d.createObjectStore('entries', { keyPath: 'uid' });
      entries.createIndex('seq', 'seq', { unique: true });
      entries.createIndex('jobId', 'jobId');
      d.createObjectStore('meta');
    }
    if (oldVersion < 2) {
      const entries = tx.objectStore('entries');
      entries.createIndex('company', ['environment', 'realmId', 'seq']);
      // Entries written before version 2 learn their company once, inside the upgrade: the log
      // opens only after every one of them is indexed.
      let cursor = await entries.openCursor();
      while (cursor) {
        const fields = companyFields(cursor.value.entry);
        if (fields.realmId !== undefined) await cursor.update({ ...cursor.value, ...fields });
        cursor = await cursor.continue();
      }
    }
  });
}
