/**
 * Issue 23 §8, "a used credit memo looks unlinked": real payloads record a credit's use in the
 * counterpart, not in the credit (RemainingCredit below TotalAmt, no LinkedTxn), and a billed time
 * activity only as `BillableStatus: "HasBeenBilled"`. The preflight reads the simulator's records as
 * the real service writes these (the credits' answers rewritten on the way, as a proxy would; the
 * time activity billed by an invoice created in the simulator), flags them 'linked' with words that
 * say what changes, and the job builder leaves them out unless "Include linked transactions".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { willDelete } from '../../lib/domain/statuses';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { linkedText } from '../../lib/popup/words';
import { toPreflightRow } from '../../lib/preflight/preflight-store';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem } from '../../lib/preflight/types';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { simClient, tamperingFetch } from '../qbo/helpers/sim';
import { client as rawClient } from '../simulator/test-helpers';

type Json = Record<string, unknown>;

/** The first credit memo fully used, the first vendor credit used but 10. */
function asTheRealServiceWrites(used: { memo?: string; credit?: string }) {
  return tamperingFetch((_url, json) => {
    const rows = (json.QueryResponse as Json | undefined) ?? {};
    for (const memo of (rows.CreditMemo as Json[] | undefined) ?? []) {
      memo.RemainingCredit = memo.Id === used.memo ? 0 : memo.TotalAmt;
      if (memo.Id === used.memo) memo.Balance = 0;
    }
    for (const credit of (rows.VendorCredit as Json[] | undefined) ?? [])
      credit.Balance = credit.Id === used.credit ? Number(credit.TotalAmt) - 10 : credit.TotalAmt;
    return json;
  });
}

describe.each<FidelityMode>(['document', 'real'])('uses that leave no link (%s mode)', (mode) => {
  let sim: Simulator;
  const now = () => Date.parse('2026-06-01T12:00:00Z');
  beforeAll(async () => {
    // The clock stands still and the client has no pacer: the published limits (10 a second) would
    // refuse the check's 11th call (preferences, reads, report, the attachments' reads per entity).
    sim = await startSimulator({ mode, now, requestLimits: false });
  });
  afterAll(() => sim.close());

  it('a used CreditMemo, an applied VendorCredit and a billed TimeActivity are linked; the unused ones are not', async () => {
    const company = sim.seedCompany({
      count: 9,
      seed: 5,
      entities: { CreditMemo: 1, VendorCredit: 1, TimeActivity: 1 },
    });
    const first = (entity: string) => company.keys.all.find((k) => k.startsWith(`${entity}:`))!.split(':')[1]!;
    const used = { memo: first('CreditMemo'), credit: first('VendorCredit'), time: first('TimeActivity') };
    const usedKeys = [`CreditMemo:${used.memo}`, `VendorCredit:${used.credit}`, `TimeActivity:${used.time}`];
    const memoTotal = Number(sim.record(company.realmId, usedKeys[0]!)?.TotalAmt);
    // An invoice bills the time activity: the simulator marks it as the real service does.
    const billing = await rawClient(sim, company).post('/invoice', {
      CustomerRef: { value: '1' },
      TotalAmt: 75,
      LinkedTxn: [{ TxnId: used.time, TxnType: 'TimeActivity' }],
    });
    expect(billing.status).toBe(200);
    expect(sim.record(company.realmId, usedKeys[2]!)?.BillableStatus).toBe('HasBeenBilled');
    const client = simClient(sim, company, { fetch: asTheRealServiceWrites(used) });
    const items: PreflightItem[] = company.keys.all.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt: now() };
    });

    const result = await runPreflight({ client, items, now, realmId: company.realmId });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));

    const rows = new Map(result.records.map((r) => [r.key, toPreflightRow(r)]));
    for (const [key, row] of rows)
      expect([key, row.status]).toEqual([key, usedKeys.includes(key) ? 'linked' : 'ready']);
    const memoRow = rows.get(usedKeys[0]!)!;
    const money = memoTotal.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(linkedText({ ...memoRow, entity: 'CreditMemo' }, { locale: 'en-US' })).toBe(
      `A credit of ${money} of it was applied to another transaction: deleting it changes that transaction's balance.`,
    );
    expect(linkedText({ ...rows.get(usedKeys[1]!)!, entity: 'VendorCredit' }, { locale: 'en-US' })).toMatch(
      /^A credit of \$\d[\d,]*\.\d\d of it was applied to another transaction/,
    );
    expect(linkedText({ ...rows.get(usedKeys[2]!)!, entity: 'TimeActivity' }, { locale: 'en-US' })).toBe(
      'Billed on an invoice: deleting it changes that invoice.',
    );

    // Not deleted without "Include linked transactions"; deleted with it.
    const ids = (includeLinked: boolean) =>
      reviewedFromPreflight(result.records, { includeLinked }).map((r) => `${r.record.entity}:${r.record.id}`);
    expect(ids(false).sort()).toEqual(company.keys.all.filter((k) => !usedKeys.includes(k)).sort());
    expect(ids(true).sort()).toEqual([...company.keys.all].sort());
    expect(willDelete(memoRow.status, { includeLinked: false, includeReconciled: false })).toBe(false);
    // The stored row, as the start reads it, keeps it out by its linked finding; the opt-in takes it.
    expect(memoRow.warnings).toEqual([
      { status: 'linked', links: [], use: expect.objectContaining({ kind: 'creditApplied' }) },
    ]);
    expect(reviewedFromPreflight([memoRow])).toEqual([]);
    expect(reviewedFromPreflight([memoRow], { includeLinked: true })).toEqual([
      { record: memoRow.reviewed, reconciled: false },
    ]);
  });
});
