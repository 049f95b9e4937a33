import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createAuditLog } from '../../lib/audit/log';
import { planRetention } from '../../lib/audit/retention';
import { createManualClock } from '../../lib/clock';
import { createWriteQueue } from '../../lib/storage/queue';
import { entry } from './fixtures';

const DAY = 24 * 3600 * 1000;

function setup(retention?: { maxEntries?: number; maxAgeMs?: number }) {
  const clock = createManualClock();
  const log = createAuditLog({ storage: fakeBrowser.storage.local, queue: createWriteQueue(), clock, retention });
  return { clock, log };
}

beforeEach(() => fakeBrowser.reset());

describe('audit retention (pure)', () => {
  const segs = [
    { n: 0, count: 10, oldest: 0, newest: 5 },
    { n: 1, count: 10, oldest: 100, newest: 105 },
    { n: 2, count: 10, oldest: 200, newest: 205 },
  ];
  it('drops segments older than the age limit', () => {
    expect(planRetention(segs, 150, { maxEntries: 100, maxAgeMs: 100 })).toEqual({
      keep: segs.slice(1),
      drop: [0],
      trimFirst: 0,
    });
  });
  it('keeps exactly the last N entries: whole segments dropped, the oldest kept one trimmed', () => {
    expect(planRetention(segs, 300, { maxEntries: 15, maxAgeMs: 1e9 })).toEqual({
      keep: segs.slice(1),
      drop: [0],
      trimFirst: 5,
    });
  });
});

describe('audit log', () => {
  it('appends (oldest first), exports JSON with the full pre-delete JSON, and clears', async () => {
    const { log, clock } = setup();
    await log.append([entry({ id: '1', at: clock.now() })]);
    await log.append([entry({ id: '2', at: clock.now() }), entry({ id: '3', at: clock.now() })]);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['1', '2', '3']);
    const json = JSON.parse(await log.exportJson()) as { preDeleteJson: unknown }[];
    expect(json[0]?.preDeleteJson).toEqual({ Id: '129', SyncToken: '2', PrivateNote: 'line1\nline2' });
    expect((await log.exportCsv()).split('\r\n').length).toBe(5);
    await log.clear();
    expect((await log.read()).entries).toEqual([]);
    await log.append([entry({ id: '4', at: clock.now() })]);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['4']);
  });

  it('bounds retention by count (last N) and by age (90 days by default)', async () => {
    const { log, clock } = setup({ maxEntries: 5 });
    for (let i = 0; i < 4; i++)
      await log.append([entry({ id: `${i}a`, at: clock.now() }), entry({ id: `${i}b`, at: clock.now() })]);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['1b', '2a', '2b', '3a', '3b']);
    clock.advance(91 * DAY);
    await log.append([entry({ id: 'new', at: clock.now() })]);
    expect((await log.read()).entries.map((e) => e.id)).toEqual(['new']);
    const keys = Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.startsWith('sd:audit:seg:'));
    expect(keys).toHaveLength(1); // dropped segments are removed from storage
  });
});
