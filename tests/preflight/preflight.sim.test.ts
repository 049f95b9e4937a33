import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReason } from '../../lib/audit/words';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { BlockingStatus, CheckStatus, PreflightItem } from '../../lib/preflight/types';
import { createQboClient } from '../../lib/qbo/client';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

describe.each<FidelityMode>(['document', 'real'])('runPreflight against the simulator (%s mode)', (mode) => {
  let sim: Simulator;
  let clock = Date.parse('2026-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    sim = await startSimulator({ mode, now, requestLimits: false }); // a still clock: 10 a second would refuse
  });
  afterAll(() => sim.close());

  const clientOf = (company: SeededCompany, token = company.token) =>
    createQboClient({ realmId: company.realmId, environment: 'sandbox', baseUrl: sim.url, getToken: () => token });
  const itemsOf = (keys: string[], shownAt = clock): PreflightItem[] =>
    keys.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt };
    });

  it('classifies every record: reconciled (R2), closed period (R3), deposited, changed, not found, duplicate, unsupported, linked warnings', async () => {
    const company = sim.seedCompany({
      count: 120,
      seed: 21,
      reconciledShare: 0.15,
      closedShare: 0.15,
      depositedShare: 0.1,
      linkedShare: 0.2,
    });
    const { keys } = company;
    const all = keys.all;
    const shownAt = clock;
    clock += 5_000;
    const plain = all.filter((k) => ![keys.reconciled, keys.closed, keys.deposited].some((set) => set.includes(k)));
    const edited = plain[0]!;
    const removed = plain[1]!;
    sim.editRecord(company.realmId, edited);
    sim.removeRecord(company.realmId, removed);
    const items = [
      ...itemsOf(all, shownAt),
      { entity: 'Invoice', id: all.find((k) => k.startsWith('Invoice:'))!.split(':')[1]!, shownAt },
      { entity: 'Customer', id: '1', shownAt },
      { entity: 'Invoice', id: "1' OR '1'='1", shownAt },
    ];
    const result = await runPreflight({ client: clientOf(company), items, now, realmId: company.realmId });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));

    const expected = (key: string): CheckStatus => {
      const hits: BlockingStatus[] = [];
      if (key === removed) return 'notFound';
      if (key === edited) hits.push('changed');
      if (keys.closed.includes(key)) hits.push('closedPeriod');
      if (keys.deposited.includes(key)) hits.push('deposited');
      if (keys.reconciled.includes(key)) hits.push('reconciled');
      return hits[0] ?? 'ready';
    };
    const byStatus = (status: CheckStatus) => result.records.filter((r) => r.status === status);
    result.records.slice(0, all.length).forEach((record, i) => {
      expect(record.key).toBe(all[i]);
      expect(record.status, `${record.key}: ${recordReason(record, record.blockers, record.warnings)}`).toBe(
        expected(record.key),
      );
    });
    expect(result.records.at(-3)?.status).toBe('duplicate');
    expect(result.records.at(-2)?.status).toBe('unsupported');
    expect(result.records.at(-1)?.status).toBe('unsupported');
    expect(byStatus('reconciled').length + byStatus('closedPeriod').length).toBeGreaterThan(0);
    expect(byStatus('deposited').length).toBeGreaterThan(0);

    // The reviewed version is the record as read now: its SyncToken and full JSON.
    for (const record of byStatus('ready')) {
      expect(record.reviewed?.syncToken).toBe(sim.truth(company.realmId).syncToken(record.key));
      expect(record.reviewed?.raw).toEqual(sim.record(company.realmId, record.key));
    }
    const warned = result.records.filter((r) => r.warnings.length > 0);
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.some((r) => r.status === 'ready')).toBe(true);
    for (const record of warned) {
      expect(record.reviewed?.linkedTxn.some((l) => l.txnType !== 'Deposit')).toBe(true);
    }
    expect(result.summary.total).toBe(items.length);
    expect(result.summary.duplicate).toBe(1);
    expect(result.summary.notFound).toBe(1);
    expect(result.summary.changed).toBe(1);
  });

  it('few calls: one preferences call, count + page per entity, one report call per date window, one attachments query per entity', async () => {
    const company = sim.seedCompany({
      count: 250,
      seed: 22,
      entities: { Invoice: 1 },
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    const before = sim.requestLog(company.realmId).length;
    const result = await runPreflight({ client: clientOf(company), items: itemsOf(company.keys.all), now });
    expect(result).toMatchObject({ kind: 'ok', calls: 5, summary: { total: 250 } });
    const log = sim.requestLog(company.realmId).slice(before);
    expect(log.map((e) => e.endpoint)).toEqual(['preferences', 'query', 'query', 'report', 'query']);
    expect(log.every((e) => e.status === 200)).toBe(true);
  });

  it('R3: BookCloseDate absent means no record is in a closed period; present, the dated ones are', async () => {
    const company = sim.seedCompany({ count: 30, seed: 23, startDate: '2024-01-01', endDate: '2024-12-31' });
    const client = clientOf(company);
    sim.setBookCloseDate(company.realmId, undefined);
    const open = await runPreflight({ client, items: itemsOf(company.keys.all), now });
    if (open.kind !== 'ok') throw new Error(open.kind);
    expect(open.summary.closedPeriod).toBe(0);
    sim.setBookCloseDate(company.realmId, '2024-12-31');
    const closed = await runPreflight({ client, items: itemsOf(company.keys.all), now });
    if (closed.kind !== 'ok') throw new Error(closed.kind);
    expect(closed.records.every((r) => r.blockers.some((b) => b.status === 'closedPeriod'))).toBe(true);
  });

  it('call failures pass through as data: unauthorized, rateLimited; a wrong company is refused', async () => {
    const company = sim.seedCompany({ count: 5, seed: 24 });
    const expired = sim.issueToken(company.realmId);
    sim.expireToken(expired);
    const unauthorized = await runPreflight({
      client: clientOf(company, expired),
      items: itemsOf(company.keys.all),
      now,
    });
    expect(unauthorized).toMatchObject({ kind: 'failed', failure: { kind: 'unauthorized' }, calls: 1 });

    const limited = await startSimulator({ mode, queryLimit: 1, now });
    try {
      const other = limited.seedCompany({ count: 5, seed: 25, entities: { Invoice: 1 } });
      const client = createQboClient({
        realmId: other.realmId,
        environment: 'sandbox',
        baseUrl: limited.url,
        getToken: () => other.token,
      });
      const result = await runPreflight({ client, items: itemsOf(other.keys.all), now });
      expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'rateLimited' } });
    } finally {
      await limited.close();
    }

    const wrong = await runPreflight({ client: clientOf(company), items: [], now, realmId: '999' });
    expect(wrong).toMatchObject({ kind: 'wrongCompany', calls: 0 });
  });

  it('pageMismatch: a row whose shown amount, number or date disagrees with the service\'s record is "Doesn\'t match the page"', async () => {
    // Two companies with the same small Ids: rows ticked on A's page, read from B (a stale tab).
    const a = sim.seedCompany({ count: 6, seed: 31, entities: { Invoice: 1 } });
    const b = sim.seedCompany({ count: 6, seed: 32, entities: { Invoice: 1 } });
    const shownFor = (company: SeededCompany, key: string) => {
      const json = sim.record(company.realmId, key)!;
      const amount = (json.TotalAmt as number).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
      const [y, m, d] = String(json.TxnDate).split('-');
      return { amount, number: String(json.DocNumber), date: `${m}/${d}/${y}` };
    };
    const items = itemsOf(a.keys.all).map((item, i) => ({ ...item, shown: shownFor(a, a.keys.all[i]!) }));
    const own = await runPreflight({ client: clientOf(a), items, now });
    if (own.kind !== 'ok') throw new Error(JSON.stringify(own));
    expect(own.summary.pageMismatch).toBe(0);

    // B's records under A's Ids (same generator, other seed: amounts and dates differ).
    const sameIds = b.keys.all.filter((k) => a.keys.all.includes(k));
    expect(sameIds.length).toBeGreaterThan(0);
    const stale = items.filter((item) => sameIds.includes(`${item.entity}:${item.id}`));
    const other = await runPreflight({ client: clientOf(b), items: stale, now });
    if (other.kind !== 'ok') throw new Error(JSON.stringify(other));
    const differs = stale.filter((item) => {
      const mine = shownFor(b, `${item.entity}:${item.id}`);
      return mine.amount !== item.shown.amount || mine.date !== item.shown.date || mine.number !== item.shown.number;
    });
    expect(differs.length).toBeGreaterThan(0);
    expect(other.summary.pageMismatch).toBe(differs.length);
    const flagged = other.records.find((r) => r.status === 'pageMismatch')!;
    expect(recordReason(flagged, flagged.blockers, flagged.warnings)).toMatch(
      /^QuickBooks showed .+ for this row; the record says .+\. Reload the page and tick it again\.$/,
    );
  });

  it('a record both reconciled and unverifiable (no LastUpdatedTime) is "unverifiable", never "reconciled"', async () => {
    const company = sim.seedCompany({ count: 20, seed: 33, reconciledShare: 0.5 });
    const reconciledKey = company.keys.reconciled[0]!;
    const [entity = '', id = ''] = reconciledKey.split(':');
    const stripMeta: typeof fetch = async (input, init) => {
      const response = await fetch(new Request(input, init));
      const text = await response.text();
      const body = text.replace(/"LastUpdatedTime":"[^"]*"/g, '"Other":"x"');
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const client = createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
      fetch: stripMeta,
    });
    const result = await runPreflight({ client, items: [{ entity, id, shownAt: clock }], now });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [record] = result.records;
    expect(record?.blockers.map((b) => b.status).sort()).toEqual(['reconciled', 'unverifiable']);
    expect(record?.status).toBe('unverifiable');
  });

  it('an empty or all-invalid selection makes no call', async () => {
    const company = sim.seedCompany({ count: 3, seed: 26 });
    const before = sim.requestLog(company.realmId).length;
    const result = await runPreflight({
      client: clientOf(company),
      items: [{ entity: 'Customer', id: '1', shownAt: clock }],
      now,
    });
    expect(result).toMatchObject({ kind: 'ok', calls: 0, summary: { unsupported: 1, total: 1 } });
    expect(sim.requestLog(company.realmId).length).toBe(before);
  });
});
