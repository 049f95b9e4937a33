/**
 * Metered reads (issue 23 §4): the simulator counts reads per company and month (writes and batch
 * deletes free, a batch's queries counted each) and answers the "allowance used up" state: reads
 * refused with a fault naming the monthly limit (a guess: see tools/simulator/README.md), writes
 * still applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, deleteItem, json, manualClock } from './test-helpers';

describe('metered reads', () => {
  let sim: Simulator;
  const clock = manualClock(Date.parse('2025-06-30T23:00:00Z'));
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now });
  });
  afterAll(() => sim.close());

  it('counts query, report, read, preferences and companyinfo per company; writes, batch deletes and failures not', async () => {
    const a = sim.seedCompany({ count: 6, entities: { Invoice: 1 } });
    const b = sim.seedCompany({ count: 2, entities: { Invoice: 1 } });
    const ca = client(sim, a);
    const [first, second, third] = a.keys.all;
    const id = (key: string | undefined) => key?.split(':')[1] ?? '';
    expect((await ca.query('select * from Invoice startposition 1 maxresults 10')).status).toBe(200);
    expect((await ca.get('/reports/TransactionList?start_date=2024-01-01&end_date=2025-12-31')).status).toBe(200);
    expect((await ca.get(`/invoice/${id(first)}?minorversion=75`)).status).toBe(200);
    expect((await ca.get('/preferences')).status).toBe(200);
    expect((await ca.get(`/companyinfo/${a.realmId}`)).status).toBe(200);
    expect(sim.meteredReads(a.realmId)).toBe(5);
    // Writes are free: a batch delete, a single delete.
    expect((await ca.batch([deleteItem('1', first ?? '')])).status).toBe(200);
    expect((await ca.deleteOne(second ?? '')).status).toBe(200);
    // A failed read is not a successful call: not counted.
    expect((await ca.query('select nonsense')).status).toBe(400);
    expect(sim.meteredReads(a.realmId)).toBe(5);
    // A batch carrying queries counts each query, and its deletes nothing.
    const mixed = await ca.batch([
      { bId: 'q1', Query: `select * from Invoice where Id in ('${id(third)}')` },
      { bId: 'q2', Query: 'select count(*) from Invoice' },
      deleteItem('d1', third ?? ''),
    ]);
    expect(mixed.status).toBe(200);
    expect(sim.meteredReads(a.realmId)).toBe(7);
    await client(sim, b).get('/preferences');
    expect(sim.meteredReads(b.realmId)).toBe(1);
    expect(sim.meteredReads()).toBe(8);
    // A new month starts a new count; the old month keeps its own.
    clock.advance(2 * 3_600_000);
    expect((await ca.get('/preferences', sim.issueToken(a.realmId))).status).toBe(200);
    expect(sim.meteredReads(a.realmId)).toBe(1);
    expect(sim.meteredReads(a.realmId, '2025-06')).toBe(7);
  });

  it.each(['document', 'real'] as const)(
    'allowance used up (%s): reads answer 429 naming the monthly limit, writes still apply, nothing counted',
    async (mode) => {
      sim.setMode(mode);
      const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
      const c = client(sim, co);
      const used = sim.meteredReads();
      sim.setAllowance({ limit: used + 1 });
      expect((await c.get('/preferences')).status).toBe(200);
      const refused = await c.query('select * from Invoice startposition 1 maxresults 10');
      expect(refused.status).toBe(429);
      const text = await refused.text();
      expect(text).toMatch(/monthly limit/i);
      expect(text).toContain(mode === 'real' ? '<IntuitResponse' : '"Fault"');
      const report = await c.get('/reports/TransactionList?start_date=2024-01-01&end_date=2025-12-31');
      expect(report.status).toBe(429);
      const withQuery = await c.batch([{ bId: 'q', Query: 'select count(*) from Invoice' }]);
      expect(withQuery.status).toBe(429);
      const [key] = co.keys.all;
      expect((await c.batch([deleteItem('1', key ?? '')])).status).toBe(200);
      expect(sim.truth(co.realmId).exists(key ?? '')).toBe(false);
      expect(sim.meteredReads()).toBe(used + 1);
      // Forced used up whatever the count, then back: reads go again.
      sim.setAllowance({ limit: null, usedUp: true });
      expect((await c.get('/preferences')).status).toBe(429);
      sim.setAllowance({ usedUp: false });
      expect((await c.get('/preferences')).status).toBe(200);
      sim.setMode('document');
    },
  );

  it('over HTTP: POST /__sim/allowance and GET /__sim/metering', async () => {
    sim.setAllowance({ limit: null, usedUp: false });
    const co = sim.seedCompany({ count: 2, entities: { Invoice: 1 } });
    await client(sim, co).get('/preferences');
    const post = (body: unknown) =>
      fetch(`${sim.url}/__sim/allowance`, { method: 'POST', body: JSON.stringify(body) }).then(json);
    expect(await post({ usedUp: true })).toMatchObject({ ok: true, usedUp: true });
    expect((await client(sim, co).get('/preferences')).status).toBe(429);
    const usage = await fetch(`${sim.url}/__sim/metering`).then(json);
    expect(usage).toMatchObject({ usedUp: true, companies: { [co.realmId]: 1 } });
    expect(await post({ usedUp: false })).toMatchObject({ usedUp: false });
    const bad = await fetch(`${sim.url}/__sim/allowance`, { method: 'POST', body: JSON.stringify({ limit: -1 }) });
    expect(bad.status).toBe(400);
  });
});
