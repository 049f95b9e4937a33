/**
 * The audit log by company (lib/audit/log.ts spreads these into the log): which companies have
 * entries, how many are not exported yet, one company's entries (a restore plans from them), and
 * "Erase this company's local data". They walk the `company` index (lib/audit/db.ts),
 * so none reads another company's snapshots.
 */
import type { IDBPDatabase } from 'idb';
import { type AuditDb, companyRange, EMPTY_META, META_KEY } from './db';
import { type AuditEntry, AuditEntrySchema } from './entry';

export interface AuditScope {
  realmId: string;
  environment: AuditEntry['environment'];
}

export interface AuditCompany extends AuditScope {
  entries: number;
  notExported: number;
}

/** Which of a company's entries to read: those with one of these outcomes (all when absent). */
export interface CompanyEntriesFilter {
  outcomes?: readonly string[];
}

export function companyOps(db: () => Promise<IDBPDatabase<AuditDb>>) {
  return {
    /** The company's readable entries, oldest first (an unreadable one has no company: see db.ts). */
    async readCompany(scope: AuditScope, filter: CompanyEntriesFilter = {}): Promise<AuditEntry[]> {
      const rows = await (await db()).getAllFromIndex('entries', 'company', companyRange(scope));
      const outcomes = filter.outcomes && new Set(filter.outcomes);
      return rows.flatMap((row) => {
        const parsed = AuditEntrySchema.safeParse(row.entry);
        return parsed.success && (!outcomes || outcomes.has(parsed.data.outcome)) ? [parsed.data] : [];
      });
    },

    async companies(): Promise<AuditCompany[]> {
      const d = await db();
      const through = { ...EMPTY_META, ...(await d.get('meta', META_KEY)) }.exportedThrough;
      const found: AuditScope[] = [];
      let cursor = await d.transaction('entries').store.index('company').openKeyCursor();
      while (cursor) {
        const [environment, realmId] = cursor.key;
        found.push({ environment: environment as AuditScope['environment'], realmId });
        // Jump past this company's entries: one step per company, not one per entry.
        cursor = await cursor.continue([environment, realmId, Number.POSITIVE_INFINITY]);
      }
      return Promise.all(
        found.map(async (scope) => ({
          ...scope,
          entries: await d.countFromIndex('entries', 'company', companyRange(scope)),
          notExported: await d.countFromIndex('entries', 'company', companyRange(scope, through)),
        })),
      );
    },

    async eraseCompany(scope: AuditScope, jobIds: readonly string[] = []): Promise<number> {
      const d = await db();
      const tx = d.transaction(['entries', 'meta'], 'readwrite');
      const m = { ...EMPTY_META, ...(await tx.objectStore('meta').get(META_KEY)) };
      const jobs = new Set(jobIds);
      let removed = 0;
      let cursor = await tx.objectStore('entries').index('company').openCursor(companyRange(scope));
      while (cursor) {
        m.bytes = Math.max(0, m.bytes - (cursor.value.size ?? 0));
        jobs.add(cursor.value.jobId);
        await cursor.delete();
        removed++;
        cursor = await cursor.continue();
      }
      // Erased, not exported and removed: these jobs are gone with their entries, counts and all.
      m.removedByJob = Object.fromEntries(Object.entries(m.removedByJob ?? {}).filter(([job]) => !jobs.has(job)));
      await tx.objectStore('meta').put(m, META_KEY);
      await tx.done;
      return removed;
    },
  };
}
