import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, deleteItem, json, manualClock } from './test-helpers';

describe('auth (401 / 403)', () => {
  let sim: Simulator;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ now: clock.now });
  });
  afterAll(() => sim.close());

  it('401 (document): a missing, wrong or expired token → capitalised JSON Fault 3200 AuthenticationFailed', async () => {
    sim.setMode('document');
    const co = sim.seedCompany({ count: 3 });
    const c = client(sim, co);
    const missing = await fetch(`${c.base}/preferences`);
    const wrong = await c.get('/preferences', 'not-a-token');
    sim.expireToken(co.token);
    const expired = await c.get('/preferences');
    for (const res of [missing, wrong, expired]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await json(res);
      expect(body.Fault.type).toBe('AUTHENTICATION');
      expect(body.Fault.Error[0]).toMatchObject({
        code: '3200',
        Message: expect.stringContaining('AuthenticationFailed'),
      });
      expect(typeof body.time).toBe('string');
    }
    expect((await c.get('/preferences', sim.issueToken(co.realmId))).status).toBe(200);
  });

  it('401 (real): lowercase gateway body with a numeric time; tokens also expire after their lifetime', async () => {
    sim.setMode('real');
    try {
      const co = sim.seedCompany({ count: 3 });
      const c = client(sim, co);
      expect((await c.get('/preferences')).status).toBe(200);
      clock.advance(3_600_000);
      const res = await c.get('/preferences');
      expect(res.status).toBe(401);
      const body = await json(res);
      expect(body).toMatchObject({
        warnings: null,
        fault: { type: 'AUTHENTICATION', error: [{ code: '3200', element: null }] },
      });
      expect(body.fault.error[0].message).toBe('message=AuthenticationFailed; errorCode=003200; statusCode=401');
      expect(typeof body.time).toBe('number');
    } finally {
      sim.setMode('document');
    }
  });

  it.each(['document', 'real'] as const)(
    '403: a token of company A used on company B → fault 3100 ApplicationAuthorizationFailed (%s)',
    async (mode) => {
      sim.setMode(mode);
      const a = sim.seedCompany({ count: 3 });
      const b = sim.seedCompany({ count: 3 });
      const res = await client(sim, { realmId: b.realmId, token: a.token }).batch([
        deleteItem('1', b.keys.all[0] ?? ''),
      ]);
      sim.setMode('document');
      expect(res.status).toBe(403);
      const body = await json(res);
      const error = mode === 'document' ? body.Fault.Error[0] : body.fault.error[0];
      expect(error.code).toBe('3100');
      expect(JSON.stringify(body)).toContain('ApplicationAuthorizationFailed');
      expect(sim.truth(b.realmId).deletedKeys()).toEqual([]);
    },
  );

  it('intuit_tid: every response carries a unique intuit_tid header', async () => {
    const co = sim.seedCompany({ count: 3 });
    const c = client(sim, co);
    const responses = [
      await c.get('/preferences'),
      await c.get('/preferences', 'bad'),
      await fetch(`${sim.url}/__sim/state`),
    ];
    const tids = responses.map((r) => r.headers.get('intuit_tid'));
    expect(tids.every((t) => typeof t === 'string' && t.length > 10)).toBe(true);
    expect(new Set(tids).size).toBe(3);
  });
});

describe('throttle (3001)', () => {
  it('3001 (document): the 41st batch call in a window → 429 JSON ThrottleExceeded, Retry-After 60; nothing applied', async () => {
    const clock = manualClock();
    const sim = await startSimulator({ now: clock.now });
    try {
      const co = sim.seedCompany({ count: 50, entities: { Invoice: 1 } });
      const c = client(sim, co);
      for (let i = 0; i < 40; i++) expect((await c.batch([deleteItem('1', co.keys.all[i] ?? '')])).status).toBe(200);
      const refused = await c.batch([deleteItem('1', co.keys.all[40] ?? '')]);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(await json(refused)).toMatchObject({
        Fault: {
          type: 'SERVICE',
          Error: [
            {
              code: '3001',
              Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
              Detail: 'The request limit was reached.',
            },
          ],
        },
      });
      expect(sim.truth(co.realmId).exists(co.keys.all[40] ?? '')).toBe(true);
      // Queries have their own ceiling: still answered.
      expect((await c.query('select count(*) from Invoice')).status).toBe(200);
      clock.advance(60_000);
      expect((await c.batch([deleteItem('1', co.keys.all[40] ?? '')])).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('3001 (real): the 429 arrives as XML even when JSON was asked for; Retry-After scales with timeScale', async () => {
    const clock = manualClock();
    const sim = await startSimulator({ mode: 'real', now: clock.now, batchLimit: 3, timeScale: 120 });
    try {
      const co = sim.seedCompany({ count: 5, entities: { Invoice: 1 } });
      const c = client(sim, co);
      for (let i = 0; i < 3; i++) expect((await c.batch([deleteItem('1', co.keys.all[i] ?? '')])).status).toBe(200);
      const refused = await c.batch([deleteItem('1', co.keys.all[3] ?? '')]);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toContain('application/xml');
      // The scaled window is 500 ms: the standard header rounds it up to whole seconds, and there is
      // no simulator-only header for the product to read.
      expect(refused.headers.get('retry-after')).toBe('1');
      expect([...refused.headers.keys()].filter((k) => k.startsWith('x-sim'))).toEqual([]);
      const xml = await refused.text();
      expect(xml).toContain('<Error code="3001">');
      expect(xml).toContain('<Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message>');
      clock.advance(499);
      expect((await c.batch([deleteItem('1', co.keys.all[3] ?? '')])).status).toBe(429);
      clock.advance(1);
      expect((await c.batch([deleteItem('1', co.keys.all[3] ?? '')])).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('3001: the query ceiling is separate (queryLimit) and per company', async () => {
    const clock = manualClock();
    const sim = await startSimulator({ now: clock.now, queryLimit: 2 });
    try {
      const a = sim.seedCompany({ count: 3 });
      const b = sim.seedCompany({ count: 3 });
      const ca = client(sim, a);
      expect((await ca.query('select count(*) from Invoice')).status).toBe(200);
      expect((await ca.query('select count(*) from Invoice')).status).toBe(200);
      expect((await ca.query('select count(*) from Invoice')).status).toBe(429);
      expect((await client(sim, b).query('select count(*) from Invoice')).status).toBe(200);
      expect((await ca.batch([deleteItem('1', a.keys.all[0] ?? '')])).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
