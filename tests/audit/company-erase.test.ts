/**
 * The audit log by company (issue 18 §7): which companies have entries and how many are not
 * exported, and "Erase this company's local data" removing one company's snapshots — exported or
 * not — while every other company's entries, the watermark and unreadable entries stay. A log
 * written before the company index (database version 1) learns its companies on upgrade.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { AUDIT_DB_NAME, createAuditLog } from '../../lib/audit/log';
import { createManualClock } from '../support/clock';
import { entry } from './fixtures';

const A = { realmId: '9130350000000001', environment: 'sandbox' } as const;
const B = { realmId: '9130350000000002', environment: 'sandbox' } as const;
const A_PROD = { realmId: A.realmId, environment: 'production' } as const;
const size = (e: object) => JSON.stringify(e).length;

describe('the audit log by company', () => {
  it('lists each company (environment and realm apart) with its entries and those not exported', async () => {
    const log = createAuditLog({ indexedDB, clock: createManualClock() });
    expect(await log.companies()).toEqual([]);
    await log.append([entry({ ...A, id: '1' }), entry({ ...B, id: '2' }), entry({ ...A, id: '3' })]);
    await log.markExported(2); // A's 1 and B's 2
    await log.append([entry({ ...A_PROD, id: '4' })]);
    const byCompany = await log.companies();
    expect(byCompany).toHaveLength(3);
    expect(byCompany).toEqual(
      expect.arrayContaining([
        { ...A, entries: 2, notExported: 1 },
        { ...B, entries: 1, notExported: 0 },
        { ...A_PROD, entries: 1, notExported: 1 },
      ]),
    );
  });

  it('erases one company’s entries, exported or not, and nothing of anyone else', async () => {
    const log = createAuditLog({ indexedDB, clock: createManualClock() });
    const a1 = entry({ ...A, id: '1', jobId: 'jobA' });
    const b2 = entry({ ...B, id: '2', jobId: 'jobB' });
    const a3 = entry({ ...A, id: '3', jobId: 'jobA' });
    const p4 = entry({ ...A_PROD, id: '4', jobId: 'jobP' });
    await log.append([a1, b2, a3, p4]);
    await log.markExported(2);
    // One of B's entries was exported and cleared: its job still counts it as written.
    await log.append([entry({ ...B, id: '5', jobId: 'jobB' })]);
    const db = await openDB(AUDIT_DB_NAME);
    await db.put('entries', { uid: 'broken', seq: 99, size: 0, jobId: 'jobA', entry: { realmId: A.realmId } });
    db.close();

    expect(await log.eraseCompany(A, ['jobA-old'])).toBe(2);

    const left = await log.read();
    expect(left.entries.map((e) => e.id)).toEqual(['2', '4', '5']);
    expect(left.unreadable).toHaveLength(1); // never erased with a company: it names none for sure
    const stats = await log.stats();
    expect(stats.bytes).toBe(size(b2) + size(p4) + size(entry({ ...B, id: '5', jobId: 'jobB' })));
    expect(stats.exportedThrough).toBe(2);
    expect(await log.countForJob('jobA')).toBe(1); // the unreadable entry alone
    expect(await log.countForJob('jobB')).toBe(2);
    expect((await log.companies()).map((c) => c.realmId + c.environment).sort()).toEqual([
      `${A.realmId}production`,
      `${B.realmId}sandbox`,
    ]);
  });

  it('forgets the written-and-cleared counts of the erased jobs only', async () => {
    const log = createAuditLog({ indexedDB, clock: createManualClock() });
    await log.append([entry({ ...A, id: '1', jobId: 'jobA' }), entry({ ...B, id: '2', jobId: 'jobB' })]);
    await log.markExported(2);
    expect(await log.clearExported()).toBe(2);
    expect(await log.countForJob('jobA')).toBe(1);
    // jobA's entries were cleared already: the erase names it, as the background does for A's jobs.
    expect(await log.eraseCompany(A, ['jobA'])).toBe(0);
    expect(await log.countForJob('jobA')).toBe(0);
    expect(await log.countForJob('jobB')).toBe(1);
  });

  it('a log written before the company index learns each entry’s company when it opens', async () => {
    const old = await openDB(AUDIT_DB_NAME, 1, {
      upgrade(d) {
        const entries = d.createObjectStore('entries', { keyPath: 'uid' });
        entries.createIndex('seq', 'seq', { unique: true });
        entries.createIndex('jobId', 'jobId');
        d.createObjectStore('meta');
      },
    });
    const rows = [entry({ ...A, id: '1' }), entry({ ...B, id: '2' }), entry({ ...A, id: '3' })];
    for (const [i, e] of rows.entries()) {
      await old.put('entries', { uid: `job1|Invoice:${e.id}`, seq: i + 1, size: size(e), jobId: 'job1', entry: e });
    }
    await old.put('entries', { uid: 'broken', seq: 4, size: 0, jobId: 'job1', entry: { at: 'x' } });
    await old.put('meta', { nextSeq: 5, exportedThrough: 1, bytes: 0 }, 'state');
    old.close();

    const log = createAuditLog({ indexedDB, clock: createManualClock() });
    expect(await log.companies()).toEqual(
      expect.arrayContaining([
        { ...A, entries: 2, notExported: 1 }, // seq 1 is below the watermark, seq 3 above
        { ...B, entries: 1, notExported: 1 },
      ]),
    );
    expect(await log.eraseCompany(A)).toBe(2);
    const left = await log.read();
    expect(left.entries.map((e) => e.id)).toEqual(['2']);
    expect(left.unreadable).toHaveLength(1);
  });
});
