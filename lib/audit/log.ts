/**
 * The audit log, in IndexedDB (the `idb` wrapper; the extension holds `unlimitedStorage`). It is the
 * bookkeeper's only way back after a delete, so:
 *
 * - no count cap: one entry per job and record (`uid` = job|Entity:Id), replaced when the record's
 *   outcome changes (the last outcome wins; a re-run of a step after a worker death writes the same
 *   uid again, never a duplicate);
 * - every write takes the next sequence number; the export watermark is the highest number
 *   exported; an entry leaves the log only when it was exported and is older than the retention the
 *   person chose (lib/audit/retention.ts) — by default, never;
 * - an entry that cannot be read is counted, reported, and exported as it is; never overwritten or
 *   skipped; a database that cannot be opened is reported, and the runner stops writing outcomes
 *   (the job's reviewed records, the other copy, stay until its entries are in the log);
 * - exports are pages of text: 50,000 entries never become one string in the background.
 *
 * The runner writes a chunk's audit entries BEFORE the journal commit that makes their outcomes
 * final, so a record the journal calls done always has its entry.
 */
import type { IDBPDatabase } from 'idb';
import { type AuditCompany, type AuditScope, type CompanyEntriesFilter, companyOps } from './company';
import { csvHeader, csvRows, csvUnreadableRow } from './csv';
import {
  AUDIT_DB_NAME,
  type AuditDb,
  companyFields,
  EMPTY_META as EMPTY,
  type AuditMeta as MetaState,
  openAuditDb,
  META_KEY as STATE,
  type StoredAuditRow as Stored,
} from './db';
import { type AuditEntry, AuditEntrySchema } from './entry';
import { type AuditRetentionChoice, isPrunable } from './retention';

export { AUDIT_DB_NAME, type AuditCompany, type AuditScope };

export interface AuditStats {
  entries: number;
  bytes: number;
  notExported: number;
  exportedThrough: number;
  keepExportedMs?: number;
  /** The database could not be opened or read: shown to the person, writes refused. */
  error?: string;
}

export interface AuditPage {
  text: string;
  /** Pass as `after` for the next page; undefined: this was the last page. */
  next?: number;
  /** The highest sequence number in the export so far (the watermark once it is saved). */
  through: number;
  count: number;
  unreadable: number;
}

export interface AuditLog {
  /** Writes (or replaces) one entry per job and record. Throws when the database cannot be written. */
  append(entries: readonly AuditEntry[]): Promise<void>;
  /** Oldest first (by sequence). Unreadable entries are returned apart, as stored. */
  read(filter?: { jobId?: string }): Promise<{ entries: AuditEntry[]; unreadable: unknown[] }>;
  /**
   * How many entries a job has written: those kept plus those exported and removed since (its "Done"
   * waits until every final outcome has one; an export that was then cleared does not block it).
   */
  countForJob(jobId: string): Promise<number>;
  stats(): Promise<AuditStats>;
  /** One page of an export: entries with sequence > `after`, oldest first. */
  exportPage(format: 'csv' | 'json', after?: number, pageSize?: number): Promise<AuditPage>;
  /** The person saved an export through this sequence number. */
  markExported(through: number): Promise<void>;
  setRetention(choice: AuditRetentionChoice): Promise<void>;
  /** Removes entries that were exported and are older than the chosen retention; returns how many. */
  prune(): Promise<number>;
  /** Removes every exported entry (the person's explicit choice); entries not exported stay. */
  clearExported(): Promise<number>;
  /** One company's readable entries, oldest first, narrowed to some outcomes (no other company's entry is read). */
  readCompany(scope: AuditScope, filter?: CompanyEntriesFilter): Promise<AuditEntry[]>;
  /** Each company with entries in the log (readable ones): how many, and how many are not exported. */
  companies(): Promise<AuditCompany[]>;
  /**
   * "Erase this company's local data" (the person confirmed it): removes every readable entry of one
   * company, exported or not, and forgets the per-job counts of its erased jobs (`jobIds`, and the
   * jobs of the removed entries). Other companies' entries and the watermark stay. Returns how many.
   */
  eraseCompany(scope: AuditScope, jobIds?: readonly string[]): Promise<number>;
}

export interface AuditLogOptions {
  clock: { now(): number };
  /** The IndexedDB the log lives in: the extension origin's own (Node: fake-indexeddb's). */
  indexedDB: IDBFactory;
  /** Database name (tests use one per case). Default AUDIT_DB_NAME. */
  dbName?: string;
}

const sizeOf = (entry: AuditEntry) => JSON.stringify(entry).length;

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { clock } = options;
  const name = options.dbName ?? AUDIT_DB_NAME;
  let opening: Promise<IDBPDatabase<AuditDb>> | undefined;

  function db(): Promise<IDBPDatabase<AuditDb>> {
    opening ??= openAuditDb(options.indexedDB, name).catch((error: unknown) => {
      opening = undefined; // try again next time; meanwhile every caller sees the error
      throw error;
    });
    return opening;
  }

  async function meta(d: IDBPDatabase<AuditDb>): Promise<MetaState> {
    return { ...EMPTY, ...(await d.get('meta', STATE)) };
  }

  function parse(stored: unknown): AuditEntry | undefined {
    const entry = typeof stored === 'object' && stored !== null ? (stored as { entry?: unknown }).entry : undefined;
    const parsed = AuditEntrySchema.safeParse(entry);
    return parsed.success ? parsed.data : undefined;
  }

  async function page(after: number, limit: number) {
    const d = await db();
    const range = IDBKeyRange.lowerBound(after, true);
    const rows: Stored[] = [];
    let cursor = await d.transaction('entries').store.index('seq').openCursor(range);
    while (cursor && rows.length < limit) {
      rows.push(cursor.value);
      cursor = await cursor.continue();
    }
    return { rows, more: cursor !== null };
  }

  async function exportPage(format: 'csv' | 'json', after = 0, pageSize = 1000): Promise<AuditPage> {
    const { rows, more } = await page(after, pageSize);
    const first = after === 0;
    const parts: string[] = [];
    let unreadable = 0;
    for (const row of rows) {
      const entry = parse(row);
      if (!entry) unreadable++;
      // An unreadable entry is exported as stored, in its place, marked: never dropped.
      if (format === 'csv') parts.push(entry ? (csvRows([entry])[0] ?? '') : csvUnreadableRow(row));
      else parts.push(JSON.stringify(entry ?? { unreadable: true, seq: row?.seq, stored: row }, null, 2));
    }
    let text: string;
    if (format === 'json') {
      const body = parts.join(',\n');
      text = `${first ? '[\n' : body ? ',\n' : ''}${body}${more ? '' : '\n]\n'}`;
    } else {
      text = `${first ? csvHeader() : ''}${parts.join('')}`;
    }
    const through = rows.at(-1)?.seq ?? after;
    return { text, next: more ? through : undefined, through, count: rows.length, unreadable };
  }

  async function removeWhere(test: (row: Stored, m: MetaState) => boolean): Promise<number> {
    const d = await db();
    const tx = d.transaction(['entries', 'meta'], 'readwrite');
    const m = { ...EMPTY, ...(await tx.objectStore('meta').get(STATE)) };
    let removed = 0;
    let cursor = await tx.objectStore('entries').openCursor();
    while (cursor) {
      if (test(cursor.value, m)) {
        m.bytes = Math.max(0, m.bytes - (cursor.value.size ?? 0));
        const job = cursor.value.jobId;
        m.removedByJob = { ...m.removedByJob, [job]: (m.removedByJob?.[job] ?? 0) + 1 };
        await cursor.delete();
        removed++;
      }
      cursor = await cursor.continue();
    }
    await tx.objectStore('meta').put(m, STATE);
    await tx.done;
    return removed;
  }

  return {
    async append(entries) {
      if (entries.length === 0) return;
      const d = await db();
      const tx = d.transaction(['entries', 'meta'], 'readwrite');
      const store = tx.objectStore('entries');
      const m = { ...EMPTY, ...(await tx.objectStore('meta').get(STATE)) };
      for (const entry of entries) {
        const uid = `${entry.jobId}|${entry.entity}:${entry.id}`;
        const before = await store.get(uid);
        const size = sizeOf(entry);
        m.bytes += size - (before?.size ?? 0);
        const row = { uid, seq: m.nextSeq++, size, jobId: entry.jobId, ...companyFields(entry), entry };
        await store.put(row);
      }
      await tx.objectStore('meta').put(m, STATE);
      await tx.done;
    },
    async read(filter) {
      const d = await db();
      const rows = filter?.jobId
        ? await d.getAllFromIndex('entries', 'jobId', filter.jobId)
        : await d.getAllFromIndex('entries', 'seq');
      rows.sort((a, b) => a.seq - b.seq);
      const entries: AuditEntry[] = [];
      const unreadable: unknown[] = [];
      for (const row of rows) {
        const entry = parse(row);
        if (entry) entries.push(entry);
        else unreadable.push(row);
      }
      return { entries, unreadable };
    },
    async countForJob(jobId) {
      const d = await db();
      const removed = (await meta(d)).removedByJob?.[jobId] ?? 0;
      return (await d.countFromIndex('entries', 'jobId', jobId)) + removed;
    },
    async stats() {
      try {
        const d = await db();
        const m = await meta(d);
        const entries = await d.count('entries');
        const notExported = await d.countFromIndex('entries', 'seq', IDBKeyRange.lowerBound(m.exportedThrough, true));
        return {
          entries,
          bytes: m.bytes,
          notExported,
          exportedThrough: m.exportedThrough,
          keepExportedMs: m.keepExportedMs,
        };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        return { entries: 0, bytes: 0, notExported: 0, exportedThrough: 0, error: text };
      }
    },
    exportPage,
    async markExported(through) {
      const d = await db();
      const tx = d.transaction('meta', 'readwrite');
      const m = { ...EMPTY, ...(await tx.store.get(STATE)) };
      // The watermark never moves back, and never past what exists.
      m.exportedThrough = Math.min(Math.max(m.exportedThrough, through), m.nextSeq - 1);
      await tx.store.put(m, STATE);
      await tx.done;
    },
    async setRetention(choice) {
      const d = await db();
      const tx = d.transaction('meta', 'readwrite');
      const m = { ...EMPTY, ...(await tx.store.get(STATE)) };
      m.keepExportedMs = choice.keepExportedMs;
      await tx.store.put(m, STATE);
      await tx.done;
    },
    prune() {
      const now = clock.now();
      return removeWhere((row, m) => {
        const entry = parse(row);
        // An unreadable entry has no trustworthy date: it is never pruned.
        return entry !== undefined && isPrunable({ seq: row.seq, at: entry.at }, m.exportedThrough, now, m);
      });
    },
    clearExported: () => removeWhere((row, m) => row.seq <= m.exportedThrough && parse(row) !== undefined),
    ...companyOps(db),
  };
}
