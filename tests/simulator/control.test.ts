import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { ensureTestCertificate } from '../../tools/simulator/cert';
import { startSimulator } from '../../tools/simulator/index';
import { client, deleteItem, json } from './test-helpers';

describe('control surface over HTTP (/__sim)', () => {
  let sim: Simulator;
  const post = async (path: string, body: unknown) =>
    json(await fetch(`${sim.url}/__sim/${path}`, { method: 'POST', body: JSON.stringify(body) }));
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('seeds, edits, reconciles, closes books, removes, injects faults and reports the ground truth', async () => {
    const co = (await post('seed', { count: 12, entities: { Invoice: 1 }, seed: 3 })) as SeededCompany;
    expect(co.keys.all).toHaveLength(12);
    const [k1 = '', k2 = '', k3 = '', k4 = ''] = co.keys.all;
    const edited = await post('edit', { realmId: co.realmId, key: k1 });
    expect(edited.record.SyncToken).toBe(sim.truth(co.realmId).syncToken(k1));
    await post('reconcile', { realmId: co.realmId, key: k2 });
    await post('book-close', { realmId: co.realmId, date: '2023-12-31' });
    await post('remove', { realmId: co.realmId, key: k3 });
    await post('fault', { endpoint: 'batch', kind: 'error500-after' });
    const { token } = await post('token', { realmId: co.realmId });
    const res = await client(sim, { realmId: co.realmId, token }).batch([deleteItem('1', k1), deleteItem('2', k2)]);
    expect(res.status).toBe(500);
    const truth = await json(await fetch(`${sim.url}/__sim/truth?realmId=${co.realmId}`));
    expect(truth.applied).toEqual({ [k1]: 1, [k2]: 1 });
    expect(truth.exists).toContain(k4);
    expect(truth.exists).not.toContain(k3);
    await post('expire-token', { token });
    expect((await client(sim, { realmId: co.realmId, token }).get('/preferences')).status).toBe(401);
  });

  it('request log: endpoint, method, path, body, status, deleteKeys and fault of every call', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Bill: 1 } });
    const key = co.keys.all[0] ?? '';
    await client(sim, co).deleteOne(key);
    const log = await json(await fetch(`${sim.url}/__sim/log?realmId=${co.realmId}`));
    expect(log).toEqual([
      {
        at: expect.any(Number),
        realmId: co.realmId,
        endpoint: 'delete',
        method: 'POST',
        path: `/v3/company/${co.realmId}/bill?operation=delete&minorversion=75`,
        body: JSON.stringify({ Id: key.split(':')[1], SyncToken: '0' }),
        status: 200,
        deleteKeys: [key],
        tokenRealmId: co.realmId,
        arrivedAt: expect.any(Number), // the published limits count arrivals (issue 23 §3)
        inFlight: 1,
      },
    ]);
  });

  it('switches fidelity mode and answers bad control input with 400', async () => {
    await post('mode', { mode: 'real' });
    expect(sim.mode).toBe('real');
    await post('mode', { mode: 'document' });
    const bad = await fetch(`${sim.url}/__sim/fault`, { method: 'POST', body: JSON.stringify({ endpoint: 'nope' }) });
    expect(bad.status).toBe(400);
  });
});

describe('HTTPS with the test certificate', () => {
  it('serves the API over TLS with a certificate for loopback and the service host names', async () => {
    const cert = ensureTestCertificate();
    expect(cert.spkiHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const sim = await startSimulator({ tls: { cert: cert.cert, key: cert.key } });
    try {
      expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const co = sim.seedCompany({ count: 2 });
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${sim.url}/v3/company/${co.realmId}/preferences`,
          { ca: cert.cert, servername: 'quickbooks.api.intuit.com', headers: { Authorization: `Bearer ${co.token}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
