/**
 * Issue 23 §2: a delete answered 5010 "Stale Object Error" (Intuit's reference for an older
 * SyncToken) is "Skipped: changed since review": never a refusal of the books, never re-sent with a
 * fresh token. The race the product cannot close itself: someone edits a record after the runner's
 * re-read and before its batch leaves. Both fidelity modes, the simulator answering 5010 for stale
 * tokens; the simulator's applied-delete counter is the judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toJobView } from '../../lib/background/job-view';
import { outcomeReason, outcomeWord } from '../../lib/popup/words';
import { createHarness, type Harness } from './harness';
import { keyOfItem, proxiedClientFor } from './proxy';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(['document', 'real'] as const)('5010 on delete (%s mode)', (mode) => {
  it('records edited between the re-read and the send are skipped as changed, with the fault; the rest are deleted', async () => {
    const harness = await createHarness({ count: 60, entities: { Invoice: 1 } }, { mode, staleSyncToken: 'fault5010' });
    h = harness;
    const records = await harness.review(harness.company.keys.all);
    const racing = [records[2]!, records[9]!, records[33]!].map((r) => `${r.record.entity}:${r.record.id}`);
    const sentKeys: string[] = [];
    // Another user saves these records while the batch carrying them is on its way.
    const clientFor = proxiedClientFor(harness, async ({ items, forward }) => {
      for (const item of items) {
        const key = keyOfItem(item);
        sentKeys.push(key);
        if (racing.includes(key)) harness.sim.editRecord(harness.realmId, key);
      }
      return forward();
    });
    const runner = harness.runner({ clientFor });
    const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
    await runner.start(job.id);
    const { job: end } = await harness.settle(runner, job.id);

    expect(end.status).toBe('done');
    expect(end.counts).toMatchObject({ deleted: 57, skippedChanged: 3, refused: 0, notDeletedVerified: 0 });
    const rows = new Map((await runner.getRecords(job.id)).map((r) => [r.key, r]));
    const truth = harness.sim.truth(harness.realmId);
    for (const key of racing) {
      const row = rows.get(key)!;
      expect(row.state).toMatchObject({ kind: 'final', outcome: { kind: 'skippedChanged', fault: { code: '5010' } } });
      expect(row.group).toBe('skipped');
      expect(truth.exists(key)).toBe(true);
      expect(truth.appliedDeletes(key)).toBe(0);
      // Sent once, with the reviewed token: never again with a fresh one.
      expect(sentKeys.filter((k) => k === key)).toHaveLength(1);
    }
    const audit = (await harness.audit.read()).entries.filter((e) => racing.includes(`${e.entity}:${e.id}`));
    expect(audit.map((e) => [e.outcome, e.outcomeLabel, e.faultCode])).toEqual(
      racing.map(() => ['skippedChanged', 'Skipped: changed since review', '5010']),
    );
    // The popup's words: skipped, because someone changed it (never "QuickBooks refused it").
    const view = toJobView(end, [...rows.values()]);
    const shown = view.records.find((r) => r.key === racing[0]);
    expect(shown).toMatchObject({ group: 'skipped', outcome: 'skippedChanged', fault: { code: '5010' } });
    expect(outcomeWord(shown!)).toBe('Skipped: changed since review');
    expect(outcomeReason(shown!)).toBe('someone changed it in QuickBooks');
  });
});
