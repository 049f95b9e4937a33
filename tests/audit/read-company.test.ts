/**
 * The audit log read one company at a time (a restore plans from it): only that company's entries
 * (same realm in another environment is another company), oldest first, narrowed to some outcomes.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { AUDIT_DB_NAME, createAuditLog } from '../../lib/audit/log';
import { entry } from './fixtures';

const A = { realmId: '111', environment: 'sandbox' } as const;
const line = (id: string, over: Parameters<typeof entry>[0] = {}) =>
  entry({ ...A, id, preDeleteJson: { Id: id }, ...over });

describe('readCompany', () => {
  it("returns only the company's entries, oldest first; another realm or environment is another company", async () => {
    const log = createAuditLog({ indexedDB, clock: { now: () => 0 } });
    await log.append([
      line('1', { at: 30 }),
      line('2', { realmId: '222' }),
      line('3', { environment: 'production' }),
      line('4', { at: 10, outcome: 'restored', outcomeLabel: 'Restored', newId: '90' }),
    ]);
    await log.append([line('5', { jobId: 'job2', outcome: 'refused', outcomeLabel: 'Refused' })]);
    expect((await log.readCompany(A)).map((e) => e.id)).toEqual(['1', '4', '5']);
    expect((await log.readCompany({ realmId: '222', environment: 'sandbox' })).map((e) => e.id)).toEqual(['2']);
    expect((await log.readCompany({ realmId: '111', environment: 'production' })).map((e) => e.id)).toEqual(['3']);
    expect(await log.readCompany({ realmId: '333', environment: 'sandbox' })).toEqual([]);
  });

  it('narrowed to outcomes: the entries are returned whole', async () => {
    const log = createAuditLog({ indexedDB, clock: { now: () => 0 } });
    const wanted = [line('1'), line('2', { outcome: 'deletedVerified', outcomeLabel: 'Deleted (verified)' })];
    await log.append([...wanted, line('3', { outcome: 'skippedReconciled' }), line('4', { realmId: '222' })]);
    expect(await log.readCompany(A, { outcomes: ['deleted', 'deletedVerified'] })).toEqual(wanted);
    expect(await log.readCompany(A, { outcomes: [] })).toEqual([]);
  });

  it('an unreadable entry is never returned (it stays in the log, reported and exported as stored)', async () => {
    const log = createAuditLog({ indexedDB, clock: { now: () => 0 } });
    await log.append([line('1'), line('2')]);
    const db = await openDB(AUDIT_DB_NAME);
    const [first] = await db.getAll('entries');
    await db.put('entries', { ...first, entry: { broken: true } });
    db.close();
    expect((await log.readCompany(A)).map((e) => e.id)).toEqual(['2']);
    expect((await log.read()).unreadable).toHaveLength(1);
  });
});
