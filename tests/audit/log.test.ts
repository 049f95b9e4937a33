/**
 * The audit log in IndexedDB (fake-indexeddb in Node): no count cap, one entry per job and record,
 * pruning only of exported entries older than the chosen retention, unreadable entries reported and
 * exported as stored, exports page by page.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { AUDIT_DB_NAME, createAuditLog } from '../../lib/audit/log';
import { createManualClock } from '../support/clock';
import { exportAll } from './export-all';
import { entry } from './fixtures';

const DAY = 24 * 3600 * 1000;

function setup() {
  const clock = createManualClock();
  return { clock, log: createAuditLog({ clock }) };
}

describe('audit log', () => {
  it('appends oldest first, exports JSON and CSV with the full pre-delete JSON', async () => {
    const { log, clock } = setup();
    await log.append([entry({ id: '1', at: clock.now() })]);
    await log.append([entry({ id: '2', at: clock.now() }), entry({ id: '3', at: clock.now() })]);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['1', '2', '3']);
    const json = JSON.parse(await exportAll(log, 'json')) as { id: string; preDeleteJson: unknown }[];
    expect(json.map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(json[0]?.preDeleteJson).toEqual({ Id: '129', SyncToken: '2', PrivateNote: 'line1\nline2' });
    const csv = await exportAll(log, 'csv');
    expect(csv.split('\r\n')).toHaveLength(5); // header, 3 rows, the empty tail
    expect(csv).toContain('""PrivateNote"":""line1\\nline2""');
  });

  it('one entry per job and record: a later outcome replaces the earlier one, another job adds its own', async () => {
    const { log } = setup();
    await log.append([entry({ id: '7', outcome: 'deleted', outcomeLabel: 'Deleted' })]);
    await log.append([entry({ id: '7', outcome: 'deletedVerified', outcomeLabel: 'Deleted (verified)' })]);
    expect((await log.read()).entries.map((e) => e.outcome)).toEqual(['deletedVerified']);
    await log.append([entry({ id: '7', jobId: 'job2' })]);
    expect((await log.read()).entries).toHaveLength(2);
    expect(await log.countForJob('job1')).toBe(1);
    expect((await log.read({ jobId: 'job2' })).entries.map((e) => e.jobId)).toEqual(['job2']);
  });

  it('has no count cap and prunes nothing by itself (the old log kept 20,000)', async () => {
    const { log } = setup();
    const many = Array.from({ length: 25_000 }, (_, i) => entry({ id: String(i + 1), at: i }));
    for (let i = 0; i < many.length; i += 5_000) await log.append(many.slice(i, i + 5_000));
    const stats = await log.stats();
    expect(stats.entries).toBe(25_000);
    expect(stats.notExported).toBe(25_000);
    expect(await log.prune()).toBe(0);
    expect(stats.bytes).toBe(many.reduce((n, e) => n + JSON.stringify(e).length, 0));
  });

  it('prunes only entries that were exported and are older than the retention the person chose', async () => {
    const { log, clock } = setup();
    await log.append([entry({ id: '1', at: clock.now() }), entry({ id: '2', at: clock.now() })]);
    clock.advance(100 * DAY);
    await log.append([entry({ id: '3', at: clock.now() - 95 * DAY })]); // old, but written after the export below
    const first = await log.exportPage('json', 0, 2);
    expect(first.through).toBe(2);
    await log.markExported(first.through);
    expect(await log.prune()).toBe(0); // no retention chosen: keep everything
    await log.setRetention({ keepExportedMs: 90 * DAY });
    expect(await log.prune()).toBe(2);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['3']);
    expect((await log.stats()).notExported).toBe(1);
  });

  it('the export watermark never moves back and never past what exists', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' }), entry({ id: '2' })]);
    await log.markExported(99);
    expect((await log.stats()).exportedThrough).toBe(2);
    await log.markExported(1);
    expect((await log.stats()).exportedThrough).toBe(2);
    await log.append([entry({ id: '1', outcome: 'refused' })]); // changed since the export: not exported
    expect((await log.stats()).notExported).toBe(1);
  });

  it('"Clear" removes exported entries only: what was not exported stays', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' }), entry({ id: '2' })]);
    await log.markExported(1);
    expect(await log.clearExported()).toBe(1);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['2']);
  });

  it('exports in pages whose concatenation is the whole log (JSON parses, CSV has one header)', async () => {
    const { log } = setup();
    await log.append(Array.from({ length: 2_500 }, (_, i) => entry({ id: String(i + 1) })));
    for (const format of ['json', 'csv'] as const) {
      const parts: string[] = [];
      let after: number | undefined = 0;
      let pages = 0;
      while (after !== undefined) {
        const page = await log.exportPage(format, after, 1_000);
        parts.push(page.text);
        after = page.next;
        pages++;
      }
      expect(pages).toBe(3);
      const text = parts.join('');
      if (format === 'json') expect((JSON.parse(text) as unknown[]).length).toBe(2_500);
      else {
        expect(text.split('\r\n').filter((l) => l.startsWith('time,'))).toHaveLength(1);
        expect(text.split('\r\n')).toHaveLength(2_502);
      }
      // Other page boundaries, the same file.
      expect(text).toBe(await exportAll(log, format, 700));
    }
  });

  it('an unreadable entry is reported, exported as stored, and never pruned or cleared', async () => {
    const { log, clock } = setup();
    await log.append([entry({ id: '1', at: clock.now() })]);
    const db = await openDB(AUDIT_DB_NAME);
    await db.put('entries', { uid: 'broken', seq: 2, size: 0, jobId: 'job1', entry: { at: 'not a time' } });
    db.close();
    const read = await log.read();
    expect(read.entries.map((e) => e.id)).toEqual(['1']);
    expect(read.unreadable).toHaveLength(1);
    const json = JSON.parse(await exportAll(log, 'json')) as { unreadable?: boolean; stored?: { uid: string } }[];
    expect(json[1]).toMatchObject({ unreadable: true, stored: { uid: 'broken' } });
    expect(await exportAll(log, 'csv')).toContain('unreadable entry');
    await log.markExported(2);
    await log.setRetention({ keepExportedMs: 1 });
    clock.advance(10 * DAY);
    expect(await log.prune()).toBe(1); // the readable one
    expect(await log.clearExported()).toBe(0);
    expect((await log.read()).unreadable).toHaveLength(1);
  });

  it('reports a database it cannot open instead of failing the popup', async () => {
    const { log } = setup();
    const original = globalThis.indexedDB;
    globalThis.indexedDB = {
      open: () => {
        throw new Error('The user denied permission to access the database.');
      },
    } as unknown as IDBFactory;
    try {
      const stats = await log.stats();
      expect(stats.error).toMatch(/denied/);
      await expect(log.append([entry()])).rejects.toThrow(/denied/);
    } finally {
      globalThis.indexedDB = original;
    }
    await log.append([entry()]); // opens once the database is there again
    expect((await log.stats()).entries).toBe(1);
  });
});
