/**
 * `staleSyncToken` (issue 23 §2): the service's document (R1) says a delete with an older SyncToken
 * succeeds; Intuit's reference says it fails with 5010 "Stale Object Error". 'accept' (the default, in
 * both modes) keeps R1; 'fault5010' refuses such a delete per record, on every delete path, in either
 * mode, and a current token still deletes. Selectable at start, in process and over /__sim/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { byBId, client, deleteItem, json, splitKey } from './test-helpers';

describe.each<FidelityMode>(['document', 'real'])('a stale SyncToken on delete (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode, staleSyncToken: 'fault5010' });
  });
  afterAll(() => sim.close());

  const edited = () => {
    const co = sim.seedCompany({ count: 6, entities: { Invoice: 1 } });
    for (const key of co.keys.all) sim.editRecord(co.realmId, key); // every token is now "1"+
    return co;
  };

  it('single path: 400 ValidationFault 5010 "Stale Object Error", nothing applied; the current token deletes', async () => {
    const co = edited();
    const key = co.keys.all[0]!;
    const res = await client(sim, co).deleteOne(key, '0');
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.Fault).toMatchObject({
      type: 'ValidationFault',
      Error: [{ code: '5010', Message: 'Stale Object Error' }],
    });
    expect(sim.truth(co.realmId).appliedDeletes(key)).toBe(0);
    const current = sim.truth(co.realmId).syncToken(key)!;
    expect((await client(sim, co).deleteOne(key, current)).status).toBe(200);
    expect(sim.truth(co.realmId).exists(key)).toBe(false);
  });

  it('batch path: the stale item gets its 5010, its neighbour with the current token is deleted', async () => {
    const co = edited();
    const [stale, fresh] = co.keys.all;
    const freshToken = sim.truth(co.realmId).syncToken(fresh!)!;
    const body = await json(
      await client(sim, co).batch([deleteItem('s', stale!, '0'), deleteItem('f', fresh!, freshToken)]),
    );
    expect(byBId(body).get('s')?.Fault.Error[0]).toMatchObject({ code: '5010', Message: 'Stale Object Error' });
    expect(byBId(body).get('f')?.Invoice?.status).toBe('Deleted');
    expect(sim.truth(co.realmId).exists(stale!)).toBe(true);
  });

  it('generic path too; a missing record is still 610 and a missing token 2020 (checked first)', async () => {
    const co = edited();
    const key = co.keys.all[0]!;
    const [, id] = splitKey(key);
    const generic = await client(sim, co).post('/transaction?operation=delete&minorversion=75', {
      Id: id,
      SyncToken: '0',
    });
    expect((await json(generic)).Fault.Error[0].code).toBe('5010');
    expect((await json(await client(sim, co).deleteOne('Invoice:99999', '0'))).Fault.Error[0].code).toBe('610');
    expect((await json(await client(sim, co).deleteOne(key, null))).Fault.Error[0].code).toBe('2020');
  });

  it("'accept' (R1) is the default, and the answer is switched at run time, in process or over /__sim/", async () => {
    const plain = await startSimulator({ mode });
    try {
      const co = plain.seedCompany({ count: 2, entities: { Invoice: 1 } });
      plain.editRecord(co.realmId, co.keys.all[0]!);
      expect((await client(plain, co).deleteOne(co.keys.all[0]!, '0')).status).toBe(200);
      plain.setStaleSyncToken('fault5010');
      plain.editRecord(co.realmId, co.keys.all[1]!);
      expect((await client(plain, co).deleteOne(co.keys.all[1]!, '0')).status).toBe(400);
      const post = (answer: string) =>
        fetch(`${plain.url}/__sim/stale-sync-token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ answer }),
        });
      expect((await post('accept')).status).toBe(200);
      expect((await json(await fetch(`${plain.url}/__sim/state`))).staleSyncToken).toBe('accept');
      expect((await client(plain, co).deleteOne(co.keys.all[1]!, '0')).status).toBe(200);
      expect((await post('maybe')).status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
