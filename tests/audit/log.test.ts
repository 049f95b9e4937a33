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

const size = (e: object) => JSON.stringify(e).length;

function setup(dbName?: string) {
  const clock = createManualClock();
  return { clock, log: createAuditLog(dbName ? { clock, dbName, indexedDB } : { clock, indexedDB }) };
}

/** An IndexedDB that refuses to open (permission denied) until `allow()`, then is this test's own. */
function deniedUntilAllowed(message: string) {
  let denied = true;
  const factory = {
    open: (name: string, version?: number) => {
      if (denied) throw new Error(message);
      return indexedDB.open(name, version);
    },
  } as unknown as IDBFactory;
  return { factory, allow: () => (denied = false) };
}

/** An entry whose stored value no longer reads as an entry, written straight into the database. */
async function putBroken(seq: number, dbName = AUDIT_DB_NAME) {
  const db = await openDB(dbName);
  await db.put('entries', { uid: `broken-${seq}`, seq, size: 0, jobId: 'job1', entry: { at: 'x' } });
  db.close();
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
    const idb = deniedUntilAllowed('The user denied permission to access the database.');
    const log = createAuditLog({ clock: createManualClock(), indexedDB: idb.factory });
    const stats = await log.stats();
    expect(stats.error).toMatch(/denied/);
    await expect(log.append([entry()])).rejects.toThrow(/denied/);
    idb.allow();
    await log.append([entry()]); // opens once the database is there again
    expect((await log.stats()).entries).toBe(1);
  });
});

/*
 * Edge cases of lib/audit/log.ts (issue 13): the exact shape of an export page, the byte count, the
 * watermark's bounds and what prune / clear may touch. The log is the bookkeeper's only copy of a
 * deleted record: an export that does not parse, or an entry removed too early, loses it.
 */

describe('JSON export pages', () => {
  it('an empty log is an empty array; one page holds the brackets on both ends', async () => {
    const { log } = setup();
    expect(await log.exportPage('json')).toEqual({ text: '[\n\n]\n', through: 0, count: 0, unreadable: 0 });
    expect(JSON.parse(await exportAll(log, 'json'))).toEqual([]);
    await log.append([entry({ id: '1' })]);
    const page = await log.exportPage('json');
    expect(page.text).toBe(`[\n${JSON.stringify(entry({ id: '1' }), null, 2)}\n]\n`);
    expect(page).toMatchObject({ next: undefined, through: 1, count: 1, unreadable: 0 });
  });

  it('pages: the first opens, the middle ones continue with a comma, the last closes', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' }), entry({ id: '2' }), entry({ id: '3' })]);
    const p1 = await log.exportPage('json', 0, 2);
    expect(p1).toMatchObject({ next: 2, through: 2, count: 2 });
    expect(p1.text.startsWith('[\n{')).toBe(true);
    expect(p1.text.endsWith('}')).toBe(true);
    const p2 = await log.exportPage('json', p1.next, 2);
    expect(p2).toMatchObject({ next: undefined, through: 3, count: 1 });
    expect(p2.text.startsWith(',\n{')).toBe(true);
    expect(p2.text.endsWith('}\n]\n')).toBe(true);
    expect((JSON.parse(p1.text + p2.text) as { id: string }[]).map((e) => e.id)).toEqual(['1', '2', '3']);
    // A page past the end says so: no rows, the watermark stays where it was asked.
    expect(await log.exportPage('json', 3, 2)).toEqual({ text: '\n]\n', through: 3, count: 0, unreadable: 0 });
  });

  it('the default page size is 1000', async () => {
    const { log } = setup();
    await log.append(Array.from({ length: 1001 }, (_, i) => entry({ id: String(i + 1) })));
    expect(await log.exportPage('csv')).toMatchObject({ count: 1000, next: 1000 });
  });
});

describe('CSV export pages', () => {
  it('the header only on the first page; an unreadable entry is a marked row with its stored value', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' })]);
    await putBroken(2);
    const first = await log.exportPage('csv', 0, 1);
    expect(first.text.split('\r\n')[0]).toMatch(/^time,realmId,/);
    const second = await log.exportPage('csv', first.next, 1);
    expect(second).toMatchObject({ count: 1, unreadable: 1, through: 2 });
    const stored = JSON.stringify({ uid: 'broken-2', seq: 2, size: 0, jobId: 'job1', entry: { at: 'x' } });
    // 18 columns: the stored value in preDeleteJson (it used to land in newId, one column short).
    expect(second.text).toBe(`,,,,,,,,,,,unreadable entry,,,,,,"${stored.replaceAll('"', '""')}"\r\n`);
  });
});

describe('stats and bytes', () => {
  it('bytes follow appends and replacements; notExported counts past the watermark', async () => {
    const { log } = setup();
    const a = entry({ id: '1' });
    const b = entry({ id: '2', party: 'x' });
    await log.append([a, b]);
    expect(await log.stats()).toEqual({
      entries: 2,
      bytes: size(a) + size(b),
      notExported: 2,
      exportedThrough: 0,
      keepExportedMs: undefined,
    });
    const a2 = entry({ id: '1', outcome: 'refused', outcomeLabel: 'Refused by the service' });
    await log.append([a2]);
    expect((await log.stats()).bytes).toBe(size(a2) + size(b));
    await log.markExported(2);
    await log.setRetention({ keepExportedMs: 5 * DAY });
    expect(await log.stats()).toMatchObject({
      entries: 2,
      notExported: 1,
      exportedThrough: 2,
      keepExportedMs: 5 * DAY,
    });
  });

  it('an empty append writes nothing; the watermark cannot pass the last sequence number', async () => {
    const { log } = setup();
    await log.append([]);
    await log.markExported(5);
    expect(await log.stats()).toMatchObject({ entries: 0, exportedThrough: 0 });
  });

  it('removing entries lowers the byte count, never below zero', async () => {
    const { log, clock } = setup();
    const a = entry({ id: '1', at: clock.now() });
    const b = entry({ id: '2', at: clock.now() });
    await log.append([a, b]);
    await log.markExported(1);
    expect(await log.clearExported()).toBe(1);
    expect((await log.stats()).bytes).toBe(size(b));
  });
});

describe('prune', () => {
  it('an entry exactly as old as the retention stays; one millisecond older goes', async () => {
    const { log, clock } = setup();
    await log.append([entry({ id: '1', at: clock.now() }), entry({ id: '2', at: clock.now() + 1 })]);
    await log.markExported(2);
    await log.setRetention({ keepExportedMs: DAY });
    clock.advance(DAY + 1);
    expect(await log.prune()).toBe(1);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['2']);
  });
});

describe('read', () => {
  it('oldest first by sequence, for one job or all', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1', jobId: 'b' }), entry({ id: '2', jobId: 'a' }), entry({ id: '3', jobId: 'b' })]);
    await log.append([entry({ id: '1', jobId: 'b', outcome: 'refused' })]); // rewritten: now the newest
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['2', '3', '1']);
    expect((await log.read({ jobId: 'b' })).entries.map((e) => e.id)).toEqual(['3', '1']);
    expect(await log.countForJob('b')).toBe(2);
    expect(await log.countForJob('c')).toBe(0);
  });

  it('each log keeps to its own database', async () => {
    const one = setup('audit-one').log;
    const two = setup('audit-two').log;
    await one.append([entry({ id: '1' })]);
    expect((await two.stats()).entries).toBe(0);
    expect((await one.stats()).entries).toBe(1);
  });
});

describe('the database', () => {
  it('no two entries can share a sequence number (the export watermark relies on it)', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' })]);
    const db = await openDB(AUDIT_DB_NAME);
    expect(db.transaction('entries').store.index('seq').unique).toBe(true);
    db.close();
  });

  it('an empty append touches no database: it succeeds even when the database cannot be opened', async () => {
    const log = createAuditLog({ clock: createManualClock(), indexedDB: deniedUntilAllowed('denied').factory });
    await expect(log.append([])).resolves.toBeUndefined();
    await expect(log.append([entry()])).rejects.toThrow(/denied/);
  });

  it('"Clear" keeps an exported entry that cannot be read', async () => {
    const { log } = setup();
    await log.append([entry({ id: '1' }), entry({ id: '2' })]);
    const db = await openDB(AUDIT_DB_NAME); // entry 2 (seq 2) becomes unreadable in place
    await db.put('entries', { uid: 'job1|Invoice:2', seq: 2, size: 0, jobId: 'job1', entry: { at: 'x' } });
    db.close();
    await log.markExported(2);
    expect(await log.clearExported()).toBe(1);
    const left = await log.read();
    expect(left.entries).toEqual([]);
    expect(left.unreadable).toHaveLength(1);
  });
});
