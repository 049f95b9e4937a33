/**
 * How the restore recognises its own record after a lost answer (issue 23 §1): the mark it writes in
 * the note, and the look-alike rule (lib/restore/marker.ts, find-created.ts); and the read that lists
 * the candidates, complete (R4), on the simulator in both fidelity modes (lib/qbo/read-created.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQboClient } from '../../lib/qbo/client';
import { CLOCK_SKEW_MS, createdSinceOf, looksRestoredFrom, matchCreated } from '../../lib/restore/find-created';
import { hasRestoreMark, markedNote, PRIVATE_NOTE_MAX } from '../../lib/restore/marker';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

describe('the restore mark in PrivateNote', () => {
  it('is added after the record’s own note, replaces an earlier restore’s mark, and keeps within 4,000 characters', () => {
    expect(markedNote(undefined, '130')).toBe('Restored by Safe Delete from #130');
    expect(markedNote('Paid by check  ', '130')).toBe('Paid by check\nRestored by Safe Delete from #130');
    expect(markedNote('Paid\nRestored by Safe Delete from #99', '130')).toBe('Paid\nRestored by Safe Delete from #130');
    const long = markedNote('x'.repeat(5000), '130');
    expect(long).toHaveLength(PRIVATE_NOTE_MAX);
    expect(long.endsWith('\nRestored by Safe Delete from #130')).toBe(true);
  });

  it('is read anywhere in the note, and #12 is not #123', () => {
    expect(hasRestoreMark({ PrivateNote: 'a Restored by Safe Delete from #12 b' }, '12')).toBe(true);
    expect(hasRestoreMark({ PrivateNote: 'Restored by Safe Delete from #123' }, '12')).toBe(false);
    expect(hasRestoreMark({ PrivateNote: 'Restored by Safe Delete from #123' }, '123')).toBe(true);
    expect(hasRestoreMark({}, '12')).toBe(false);
  });
});

describe('matchCreated: the look-alike rule', () => {
  const since = Date.parse('2026-01-01T00:00:00Z');
  const sent = {
    TxnDate: '2025-03-01',
    DocNumber: '1037',
    TotalAmt: 350,
    CustomerRef: { value: '58' },
    PrivateNote: markedNote('note', '130'),
  };
  const made = (over: Record<string, unknown> = {}) => ({
    ...sent,
    CustomerRef: { value: '58', name: 'Amy' },
    MetaData: { CreateTime: '2026-01-01T10:00:00-07:00' },
    ...over,
  });

  it('one record with the same date, number, amount, party and mark is adopted; two are several', () => {
    expect(matchCreated(sent, '130', [{ id: '200', raw: made() }], since)).toEqual({ kind: 'one', newId: '200' });
    expect(
      matchCreated(
        sent,
        '130',
        [
          { id: '200', raw: made() },
          { id: '201', raw: made() },
        ],
        since,
      ),
    ).toEqual({ kind: 'several', newIds: ['200', '201'] });
  });

  it.each([
    ['another old Id’s mark', { PrivateNote: markedNote('note', '131') }],
    ['no mark', { PrivateNote: 'note' }],
    ['another number', { DocNumber: '1038' }],
    ['another amount', { TotalAmt: 351 }],
    ['another customer', { CustomerRef: { value: '59' } }],
    ['another date', { TxnDate: '2025-03-02' }],
    ['created before the job started (beyond the margin)', { MetaData: { CreateTime: '2025-12-31T23:49:00Z' } }],
  ])('%s: not ours', (_, over) => {
    expect(looksRestoredFrom(sent, '130', made(over), since)).toBe(false);
    expect(matchCreated(sent, '130', [{ id: '200', raw: made(over) }], since)).toEqual({ kind: 'none' });
  });

  it('the window opens the clock-skew margin before the job started', () => {
    expect(createdSinceOf({ createdAt: 5_000_000, startedAt: 6_000_000 })).toBe(6_000_000 - CLOCK_SKEW_MS);
    expect(createdSinceOf({ createdAt: 5_000_000 })).toBe(5_000_000 - CLOCK_SKEW_MS);
  });
});

describe.each<FidelityMode>(['document', 'real'])('readCreated (%s mode)', (mode) => {
  let sim: Simulator;
  let now = Date.parse('2026-02-01T12:00:00Z');
  beforeAll(async () => {
    sim = await startSimulator({ mode, now: () => now, requestLimits: false }); // a still clock: 10 a second would refuse
  });
  afterAll(() => sim.close());

  it('lists every record of the entity and date created since the instant, paged and counted; none is proven too', async () => {
    const co = sim.seedCompany({ count: 3, entities: { Invoice: 1 } });
    const client = createQboClient({
      realmId: co.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => co.token,
      pageSize: 2,
    });
    const since = now;
    const none = await client.readCreated('Invoice', { createdSince: since, txnDate: '2025-05-01' });
    expect(none.kind === 'ok' && none.records).toEqual([]);
    now += 60_000;
    const post = (date: string, doc: string) =>
      fetch(`${sim.url}/v3/company/${co.realmId}/invoice`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${co.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ TxnDate: date, CustomerRef: { value: '1' }, DocNumber: doc, TotalAmt: 5 }),
      });
    for (const doc of ['A', 'B', 'C', 'D', 'E']) expect((await post('2025-05-01', doc)).status).toBe(200);
    expect((await post('2025-05-02', 'F')).status).toBe(200);
    const res = await client.readCreated('Invoice', { createdSince: since, txnDate: '2025-05-01' });
    if (res.kind !== 'ok') throw new Error(res.kind);
    expect(res.records.map((r) => r.docNumber).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(res.calls).toBe(4); // count(*) and three pages of 2
    const later = await client.readCreated('Invoice', { createdSince: now + 1000 });
    expect(later.kind === 'ok' && later.records).toEqual([]);
    const queries = sim.requestLog(co.realmId).filter((e) => e.endpoint === 'query');
    expect(queries.every((e) => /maxresults|count/i.test(decodeURIComponent(e.path)))).toBe(true);
  });
});
