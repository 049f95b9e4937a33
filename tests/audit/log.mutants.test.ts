/**
 * Mutation survivors of lib/audit/log.ts (issue 13): the exact shape of an export page, the byte
 * count, the watermark's bounds and what prune / clear may touch. The log is the bookkeeper's only
 * copy of a deleted record: an export that does not parse, or an entry removed too early, loses it.
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
  return { clock, log: createAuditLog(dbName ? { clock, dbName } : { clock }) };
}

async function putBroken(seq: number, dbName = AUDIT_DB_NAME) {
  const db = await openDB(dbName);
  await db.put('entries', { uid: `broken-${seq}`, seq, size: 0, jobId: 'job1', entry: { at: 'x' } });
  db.close();
}

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
    const { log } = setup();
    const original = globalThis.indexedDB;
    globalThis.indexedDB = {
      open: () => {
        throw new Error('denied');
      },
    } as unknown as IDBFactory;
    try {
      await expect(log.append([])).resolves.toBeUndefined();
      await expect(log.append([entry()])).rejects.toThrow(/denied/);
    } finally {
      globalThis.indexedDB = original;
    }
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
