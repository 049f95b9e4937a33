/**
 * The published request limits over HTTP (issue 23 §3): on by default in real mode (the 11th call in a
 * second is the real 429, XML ThrottleExceeded 3001 with no Retry-After, logged with its limit), off by
 * default in document mode, selectable there (JSON 3001 with a Retry-After of the scaled second).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client } from './test-helpers';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function elevenQueries(mode: FidelityMode, requestLimits?: boolean) {
  const now = () => Date.UTC(2026, 0, 15, 9); // a clock standing still: every call in one second
  sim = await startSimulator({ mode, now, ...(requestLimits !== undefined ? { requestLimits } : {}) });
  const company = sim.seedCompany({ count: 5 });
  const c = client(sim, company);
  const answers: Response[] = [];
  for (let i = 0; i < 11; i++) answers.push(await c.query('select * from Invoice'));
  return { answers, log: sim.requestLog(company.realmId) };
}

describe('published request limits over HTTP', () => {
  it('real mode: the 11th call in a second is 429 XML ThrottleExceeded 3001, no Retry-After', async () => {
    const { answers, log } = await elevenQueries('real');
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    const last = answers[10]!;
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBeNull();
    expect(last.headers.get('Content-Type')).toContain('application/xml');
    expect(await last.text()).toContain('<Error code="3001"><Message>message=ThrottleExceeded');
    expect(log.map((e) => e.inFlight)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, undefined]);
    expect(log[10]?.limit).toBe('perSecond');
  });

  it('document mode: off by default, and selectable (JSON 3001, Retry-After 1)', async () => {
    const off = await elevenQueries('document');
    expect(off.answers.map((a) => a.status)).toEqual(Array(11).fill(200));
    await sim?.close();
    const on = await elevenQueries('document', true);
    const last = on.answers[10]!;
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBe('1');
    expect((await last.json()).Fault.Error[0].code).toBe('3001');
  });

  it('real mode with requestLimits: false counts but refuses nothing', async () => {
    const { answers, log } = await elevenQueries('real', false);
    expect(answers.map((a) => a.status)).toEqual(Array(11).fill(200));
    expect(log.every((e) => e.limit === undefined && e.arrivedAt !== undefined)).toBe(true);
  });
});
