/**
 * The audit log's layout (lib/audit/db.ts) and its entry's shape (lib/audit/entry.ts): what a new
 * log starts from, which company an entry is filed under, and which entries count as readable.
 *
 * The modules are imported inside the tests, not at the top: their module-level values (EMPTY_META,
 * AuditEntrySchema) are then built while a test runs, so mutation testing can tell whether a test
 * notices when one of them is wrong.
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../support/clock';
import { entry } from './fixtures';

const loadLog = () => import('../../lib/audit/log');
const loadDb = () => import('../../lib/audit/db');
const loadEntry = () => import('../../lib/audit/entry');

describe('the audit log database', () => {
  it('a new log starts empty at sequence 1: nothing exported, no bytes, and keeps each entry whole', async () => {
    const { createAuditLog } = await loadLog();
    const log = createAuditLog({ indexedDB, clock: createManualClock() });
    expect(await log.stats()).toEqual({
      entries: 0,
      bytes: 0,
      notExported: 0,
      exportedThrough: 0,
      keepExportedMs: undefined,
    });
    const e = entry();
    await log.append([e]);
    expect((await log.read()).entries).toEqual([e]);
    await log.markExported(Number.POSITIVE_INFINITY); // capped at the last sequence number written
    const stats = await log.stats();
    expect([stats.entries, stats.exportedThrough, stats.notExported, stats.bytes]).toEqual([
      1,
      1,
      0,
      JSON.stringify(e).length,
    ]);
  });

  it('files a readable entry under its company, and an unreadable one under none', async () => {
    const { companyFields } = await loadDb();
    expect(companyFields(entry({ environment: 'production', realmId: '77' }))).toEqual({
      environment: 'production',
      realmId: '77',
    });
    const { preDeleteJson: _, ...withoutSnapshot } = entry();
    expect(companyFields(withoutSnapshot)).toEqual({});
    expect(companyFields({ realmId: '77' })).toEqual({});
    expect(companyFields(undefined)).toEqual({});
  });
});

describe('the audit entry', () => {
  it('is readable only with its company, outcome and pre-delete snapshot, and keeps every field', async () => {
    const { AuditEntrySchema } = await loadEntry();
    const e = entry({ newId: '130', faultCode: '6200', currency: 'USD' });
    expect(AuditEntrySchema.parse(e)).toEqual(e);
    for (const field of ['preDeleteJson', 'realmId', 'environment', 'syncToken', 'outcome', 'jobId'] as const) {
      const { [field]: _, ...rest } = e;
      expect(AuditEntrySchema.safeParse(rest).success, field).toBe(false);
    }
    expect(AuditEntrySchema.safeParse({ ...e, entity: 'Spreadsheet' }).success).toBe(false);
  });
});
