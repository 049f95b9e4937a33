/**
 * The test instrument that holds a job mid-run without the clock: `hold-before` keeps a matching call
 * waiting (nothing applied) until releaseHeld(); `after` lets the first matching calls pass untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, deleteItem } from './test-helpers';

/** Lets the event loop run until `done` holds (the held call must have reached the simulator). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !done(); i += 1) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

describe('hold-before and after', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({});
  });
  afterAll(() => sim.close());

  it('lets `after` calls through, holds the next one with nothing applied, and applies it once released', async () => {
    const co = sim.seedCompany({ count: 4, entities: { Invoice: 1 } });
    const [a = '', b = ''] = co.keys.all;
    sim.injectFault({ endpoint: 'batch', kind: 'hold-before', after: 1, realmId: co.realmId });
    const first = await client(sim, co).batch([deleteItem('a', a)]);
    expect(first.status).toBe(200);
    expect(sim.truth(co.realmId).deletedKeys()).toEqual([a]);

    let answered = false;
    const second = client(sim, co)
      .batch([deleteItem('b', b)])
      .then((res) => {
        answered = true;
        return res;
      });
    await until(() => sim.heldCount() === 1);
    expect(answered).toBe(false);
    expect(sim.truth(co.realmId).exists(b)).toBe(true); // held: nothing applied yet

    expect(sim.releaseHeld()).toBe(1);
    expect((await second).status).toBe(200);
    expect(sim.truth(co.realmId).deletedKeys().sort()).toEqual([a, b].sort());
    expect(sim.heldCount()).toBe(0);
    expect(sim.requestLog(co.realmId).filter((e) => e.fault === 'hold-before')).toHaveLength(1);
  });

  it('holds only `times` calls; clearFaults lets the held ones go on', async () => {
    const co = sim.seedCompany({ count: 4, entities: { Invoice: 1 } });
    const [a = '', b = ''] = co.keys.all;
    sim.injectFault({ endpoint: 'batch', kind: 'hold-before', realmId: co.realmId });
    const held = client(sim, co).batch([deleteItem('a', a)]);
    await until(() => sim.heldCount() === 1);
    const next = await client(sim, co).batch([deleteItem('b', b)]); // the rule is spent: not held
    expect(next.status).toBe(200);
    expect(sim.truth(co.realmId).exists(a)).toBe(true);
    sim.clearFaults();
    expect((await held).status).toBe(200);
    expect(sim.truth(co.realmId).exists(a)).toBe(false);
    expect(sim.releaseHeld()).toBe(0);
  });

  it('`after` counts only matching calls: another company or endpoint does not use it up', async () => {
    const co = sim.seedCompany({ count: 4, entities: { Invoice: 1 } });
    const other = sim.seedCompany({ count: 4, entities: { Invoice: 1 } });
    sim.injectFault({ endpoint: 'batch', kind: 'error500-before', after: 1, realmId: co.realmId });
    expect((await client(sim, other).batch([deleteItem('x', other.keys.all[0] ?? '')])).status).toBe(200);
    expect((await client(sim, co).batch([deleteItem('a', co.keys.all[0] ?? '')])).status).toBe(200);
    expect((await client(sim, co).batch([deleteItem('b', co.keys.all[1] ?? '')])).status).toBe(500);
    expect((await client(sim, co).batch([deleteItem('c', co.keys.all[2] ?? '')])).status).toBe(200);
  });
});
