/**
 * The chaos run, small and seeded, inside `npm test`: 200 records, the worker killed at 5 random step
 * boundaries and once between an alarm and its firing, 5xx (half after applying), a 429 storm, the
 * token expiring, records edited and reconciled while the job runs, books closed. Asserts the
 * must-be-0 figures and that every ingredient really fired (a chaos test whose chaos never fired
 * proves nothing). Then the restore phase: every deleted record restored under the same kinds of
 * chaos; its must-be-0 figures (duplicates, restored twice, not matching the snapshot, closed period
 * created …) are 0 and its own chaos fired (a kill, a 5xx after applying or a drop, a replay).
 */
import { describe, expect, it } from 'vitest';
import { type ChaosResult, runChaos } from './chaos';
import { formatReport, missingIngredients } from './report';

describe('chaos: 200 records under seeded chaos', () => {
  let result: ChaosResult | undefined;
  const run = async () => {
    result ??= await runChaos({ records: 200, seed: 20260115, kills: 5, mode: 'real' });
    return result;
  };

  it('every chaos ingredient fired', async () => {
    const r = await run();
    expect(missingIngredients(r)).toEqual([]);
    const stepKills = Object.values(r.tally.stepKills).reduce((s, n) => s + (n ?? 0), 0);
    expect(stepKills).toBeGreaterThanOrEqual(5);
    expect(r.tally.alarmKills).toBeGreaterThanOrEqual(1);
    expect(r.log.fiveXxAfterApply).toBeGreaterThanOrEqual(1);
    expect(r.log.fiveXxShare).toBeGreaterThanOrEqual(0.05);
    expect(r.log.runner429s).toBeGreaterThanOrEqual(1);
    expect(r.tally.tokenPauses).toBeGreaterThanOrEqual(1);
    expect(r.changes.editedDuringJob).toBeGreaterThanOrEqual(1);
    expect(r.changes.reconciledDuringJob).toBeGreaterThanOrEqual(1);
    expect(r.counts.closedPeriod ?? 0).toBeGreaterThanOrEqual(1);
  });

  it('nothing changed or reconciled deleted, nothing twice, nothing unverified, every delete audited with its JSON', async () => {
    const r = await run();
    const figures = Object.fromEntries(r.verdict.mustBeZero.map((j) => [j.label, j.value]));
    expect(figures, formatReport(r).join('\n')).toEqual(
      Object.fromEntries(r.verdict.mustBeZero.map((j) => [j.label, 0])),
    );
    expect(r.counts.deleted ?? 0).toBeGreaterThan(0);
  });

  it('restore phase: nothing duplicated, nothing restored twice, every restored record equal to its snapshot', async () => {
    const r = await run();
    const restore = r.verdict.mustBeZero.filter((j) => j.phase === 'restore');
    expect(restore.length).toBeGreaterThanOrEqual(8);
    expect(Object.fromEntries(restore.map((j) => [j.label, j.value])), formatReport(r).join('\n')).toEqual(
      Object.fromEntries(restore.map((j) => [j.label, 0])),
    );
    const p = r.restore;
    expect(p.counts.restored ?? 0).toBeGreaterThan(0);
    expect(p.created).toBe(p.counts.restored);
    expect(p.refusedByReason.closedPeriod ?? 0).toBeGreaterThanOrEqual(1);
    expect(p.lostAnswers.looks).toBeGreaterThanOrEqual(1); // looked for before any re-send
    const stepKills = Object.values(p.tally.stepKills).reduce((s, n) => s + (n ?? 0), 0);
    expect(stepKills).toBeGreaterThanOrEqual(1);
    expect(p.tally.stepKills['after-send-before-response'] ?? 0).toBeGreaterThanOrEqual(1);
    expect(
      p.log.fiveXxAfterApply + (p.log.faults['drop-after'] ?? 0) + (p.log.faults['drop-before'] ?? 0),
    ).toBeGreaterThanOrEqual(1);
  });

  it('the same seed replays the same run', async () => {
    const r = await run();
    const again = await runChaos({ records: 200, seed: 20260115, kills: 5, mode: 'real' });
    expect(again.counts).toEqual(r.counts);
    expect(again.tally).toEqual(r.tally);
    expect(again.restore.counts).toEqual(r.restore.counts);
    expect(again.restore.tally).toEqual(r.restore.tally);
  });

  it('as public reports show the service (requestid ignored, stale-token deletes 5010): every must-be-0 figure 0', async () => {
    const harsh = await runChaos({
      records: 200,
      seed: 20260115,
      kills: 5,
      mode: 'real',
      requestid: 'ignored',
      staleSyncToken: 'fault5010',
    });
    const figures = Object.fromEntries(harsh.verdict.mustBeZero.map((j) => [j.label, j.value]));
    expect(figures, formatReport(harsh).join('\n')).toEqual(
      Object.fromEntries(harsh.verdict.mustBeZero.map((j) => [j.label, 0])),
    );
    expect(missingIngredients(harsh)).toEqual([]);
    expect(harsh.restore.created).toBe(harsh.restore.counts.restored);
    expect(harsh.restore.replayed).toBe(0); // nothing answered from a kept answer: 'ignored' keeps none
  });
});
