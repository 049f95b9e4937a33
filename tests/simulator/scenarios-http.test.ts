/** `POST /__sim/scenario {name, options?}`: the demo's way to seed a scenario, answered with its ground truth. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { type Json, json } from './test-helpers';

describe('POST /__sim/scenario', () => {
  let sim: Simulator;
  const post = (body: unknown) =>
    fetch(`${sim.url}/__sim/scenario`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('seeds badImport and answers its realm, token and the 40 imported keys', async () => {
    const res = await post({ name: 'badImport' });
    expect(res.status).toBe(200);
    const seeded = await json(res);
    expect(seeded.imported).toHaveLength(40);
    expect(seeded.window.from).toBe('2026-11-03T14:00:00-07:00');
    expect(sim.truth(seeded.realmId).liveKeys()).toHaveLength(300);
    const api = await fetch(`${sim.url}/v3/company/${seeded.realmId}/companyinfo/${seeded.realmId}`, {
      headers: { Authorization: `Bearer ${seeded.token}` },
    });
    expect(api.status).toBe(200);
  });

  it('passes options: duplicatePairs with 10 pairs, 2 reconciled', async () => {
    const seeded = await json(await post({ name: 'duplicatePairs', options: { pairs: 10, reconciledPairs: 2 } }));
    expect(seeded.pairs).toHaveLength(10);
    expect((seeded.pairs as Json[]).filter((p) => p.keepBecause === 'reconciled')).toHaveLength(2);
  });

  it("sends reportExport's workbook as base64 of the .xlsx bytes, and the CSV as text", async () => {
    const seeded = await json(await post({ name: 'reportExport', options: { lines: 5 } }));
    const bytes = Buffer.from(String(seeded.xlsx), 'base64');
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(String(seeded.csv)).toContain('Transaction List by Date');
    expect(seeded.lines).toHaveLength(5);
  });

  it('refuses an unknown scenario or option with 400, seeding nothing', async () => {
    const before = sim.requestLog().length;
    const unknown = await post({ name: 'everything' });
    expect(unknown.status).toBe(400);
    const badOption = await post({ name: 'badImport', options: { imported: 40, colour: 'red' } });
    expect(badOption.status).toBe(400);
    expect((await json(badOption)).error).toMatch(/colour/);
    expect(sim.requestLog().length).toBe(before);
  });
});
