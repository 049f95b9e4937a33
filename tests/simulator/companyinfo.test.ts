import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { COMPANY_NAMES, pickCompanyName } from '../../tools/simulator/company-names';
import { startSimulator } from '../../tools/simulator/index';
import { client, json, manualClock } from './test-helpers';

const path = (realmId: string) => `/companyinfo/${realmId}?minorversion=75`;

describe('company names of seeded companies', () => {
  it('a realistic name from the realmId, never one another company of the simulator has', () => {
    expect(COMPANY_NAMES).toContain(pickCompanyName('9341452000001', []));
    expect(pickCompanyName('9341452000001', [])).toBe(pickCompanyName('9341452000001', []));
    const taken: string[] = [];
    for (let i = 0; i < COMPANY_NAMES.length + 3; i++) taken.push(pickCompanyName(String(1_000_000 + i), taken));
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.slice(0, COMPANY_NAMES.length).sort()).toEqual([...COMPANY_NAMES].sort());
  });
});

describe('the web-app pages name the open company in their header', () => {
  it('at the top of the left navigation, escaped; a fragment (client navigation) keeps the navigation it had', async () => {
    const sim = await startSimulator();
    try {
      const co = sim.seedCompany({ count: 2, companyName: 'Redwood Roofing & Gutters' });
      const page = await (await fetch(`${sim.url}/app/invoices`)).text();
      expect(page).toContain(
        '<nav aria-label="Main"><div class="company-name" data-testid="company-name">Redwood Roofing &amp; Gutters</div>',
      );
      expect(page).toContain('<title>Invoices</title>');
      const fragment = await (await fetch(`${sim.url}/app/invoices?fragment=1`)).text();
      expect(fragment).not.toContain('company-name');
      const other = sim.seedCompany({ count: 1 });
      const next = await (await fetch(`${sim.url}/app/sales`)).text();
      expect(next).toContain(`data-testid="company-name">${other.companyName.replace(/&/g, '&amp;')}</div>`);
      expect(next).not.toContain(co.companyName.replace(/&/g, '&amp;'));
    } finally {
      await sim.close();
    }
  });
});

describe.each<FidelityMode>(['document', 'real'])('GET /companyinfo/{realmId} (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = manualClock();
  beforeAll(async () => {
    sim = await startSimulator({ mode, now: clock.now, queryLimit: 3 });
  });
  afterAll(() => sim.close());

  it('answers {"CompanyInfo": {"CompanyName", "Id": "1", …}, "time"}; companies have distinct names; re-seeding keeps the name', async () => {
    const named = sim.seedCompany({ count: 2, companyName: 'Riverside Veterinary Clinic' });
    const a = sim.seedCompany({ count: 2 });
    const b = sim.seedCompany({ count: 2 });
    expect(named.companyName).toBe('Riverside Veterinary Clinic');
    expect(new Set([named.companyName, a.companyName, b.companyName]).size).toBe(3);
    expect(COMPANY_NAMES).toContain(a.companyName);
    for (const co of [named, a, b]) {
      const res = await client(sim, co).get(path(co.realmId));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await json(res);
      expect(body.CompanyInfo).toMatchObject({ CompanyName: co.companyName, Id: '1', domain: 'QBO' });
      expect(typeof body.time).toBe('string');
    }
    expect(sim.seedCompany({ realmId: a.realmId, count: 3 }).companyName).toBe(a.companyName);
    const state = await json(await fetch(`${sim.url}/__sim/state`));
    expect(state.companies).toEqual(
      expect.arrayContaining([expect.objectContaining({ realmId: a.realmId, companyName: a.companyName })]),
    );
  });

  it('610: another Id than the realm is Object Not Found', async () => {
    const co = sim.seedCompany({ count: 2 });
    const res = await client(sim, co).get(path('42'));
    expect(res.status).toBe(400);
    expect((await json(res)).Fault.Error[0].code).toBe('610');
  });

  it('401 / 403 like every call: no token, an expired token, another company’s token', async () => {
    const co = sim.seedCompany({ count: 2 });
    const other = sim.seedCompany({ count: 2 });
    const c = client(sim, co);
    expect((await fetch(`${c.base}${path(co.realmId)}`)).status).toBe(401);
    const expired = sim.issueToken(co.realmId);
    sim.expireToken(expired);
    const res = await c.get(path(co.realmId), expired);
    expect(res.status).toBe(401);
    const body = await json(res);
    expect(mode === 'document' ? body.Fault.Error[0].code : body.fault.error[0].code).toBe('3200');
    expect((await c.get(path(co.realmId), other.token)).status).toBe(403);
  });

  it('3001: counts against the query ceiling: 429 (XML in real mode) with Retry-After, logged as companyinfo', async () => {
    const co = sim.seedCompany({ count: 2 });
    const c = client(sim, co);
    for (let i = 0; i < 3; i++) expect((await c.get(path(co.realmId))).status).toBe(200);
    const refused = await c.get(path(co.realmId));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('content-type')).toContain(mode === 'real' ? 'application/xml' : 'application/json');
    expect(await refused.text()).toContain('3001');
    expect((await c.query('select count(*) from Invoice')).status).toBe(429);
    clock.advance(60_000);
    expect((await c.get(path(co.realmId))).status).toBe(200);
    const log = sim.requestLog(co.realmId).filter((e) => e.endpoint === 'companyinfo');
    expect(log.map((e) => e.status)).toEqual([200, 200, 200, 429, 200]);
  });

  it('R5: injected faults apply to it like any endpoint', async () => {
    const co = sim.seedCompany({ count: 2 });
    sim.injectFault({ endpoint: 'companyinfo', kind: 'error503-before', realmId: co.realmId });
    expect((await client(sim, co).get(path(co.realmId))).status).toBe(503);
    expect((await client(sim, co).get(path(co.realmId))).status).toBe(200);
  });
});
