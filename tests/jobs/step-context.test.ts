/**
 * Edge cases of lib/jobs/step.ts (issue 13), the context each operation gets: the attempt's
 * id (a create's requestid: the one journaled with the items) and the stored outcomes of earlier
 * chunks (a restore's dependencies). Same hand-made StepEnv as ./step.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OperationContext } from '../../lib/jobs/operation';
import { runJobStep } from '../../lib/jobs/step';
import { UnreadableChunkError } from '../../lib/journal/unreadable-chunk-error';
import { calls, chunk, env, item, jobId, journal, openWith, operation, resetStep, stored, T0 } from './step-harness';

beforeEach(resetStep);

const restored = (newId: string) => ({ outcome: { kind: 'restored' as const, newId }, at: 1 });

describe('the operation context', () => {
  it('verify: the chunk’s journaled attempt id, the job, the records; outcomes of this chunk and of earlier ones', async () => {
    const contexts: OperationContext[] = [];
    operation.verify = async (_client, _items, ctx) => {
      contexts.push(ctx);
      return { kind: 'ok', outcomes: new Map([['Invoice:1', { kind: 'deletedVerified' }]]) };
    };
    // Chunk 1 holds an earlier outcome (as stored), chunk 2 is unreadable, chunk 3 was never written.
    await journal.commit({ jobId, chunk: chunk({ index: 1, outcomes: { 'Invoice:9': restored('109') } }) });
    await fakeBrowser.storage.local.set({ [`sd:job:${jobId}:chunk:2`]: { nonsense: true } });
    const job = await openWith(
      chunk({ verify: [item('1')], attemptId: 'att-9', outcomes: { 'Invoice:2': restored('102') } }),
      { status: 'running', unverified: 1 },
    );
    await runJobStep(env, job);
    expect(contexts).toHaveLength(1);
    const ctx = contexts[0]!;
    expect(ctx.attemptId).toBe('att-9');
    expect(ctx.job.id).toBe(jobId);
    expect(ctx.records).toBe(env.byKey);
    expect(await ctx.outcomeOf(0, 'Invoice:2')).toEqual(restored('102'));
    expect(await ctx.outcomeOf(0, 'Invoice:9')).toBeUndefined();
    expect(await ctx.outcomeOf(1, 'Invoice:9')).toEqual(restored('109'));
    expect(await ctx.outcomeOf(1, 'Invoice:2')).toBeUndefined();
    // Unreadable is never "no outcome" (a restore would refuse the record linked to it): it stops.
    await expect(ctx.outcomeOf(2, 'Invoice:9')).rejects.toBeInstanceOf(UnreadableChunkError);
    expect(await ctx.outcomeOf(3, 'Invoice:9')).toBeUndefined();
  });

  it('verify of a chunk journaled without an attempt id: an empty one', async () => {
    const ids: string[] = [];
    operation.verify = async (_client, _items, ctx) => {
      ids.push(ctx.attemptId);
      return { kind: 'ok', outcomes: new Map() };
    };
    const job = await openWith(chunk({ verify: [item('1')] }), { status: 'running', unverified: 1 });
    await runJobStep(env, job);
    expect(ids).toEqual(['']);
  });

  it('prepare has no attempt yet; the batch is sent under a new attempt id, the one journaled', async () => {
    const seen: [string, string][] = [];
    operation.prepare = async (_client, recs, ctx) => {
      seen.push(['prepare', ctx.attemptId]);
      expect(await ctx.outcomeOf(0, 'Invoice:1')).toBeUndefined();
      return {
        kind: 'ok',
        skips: new Map(),
        send: recs.map((r, i) => item(r.record.id, String(i + 1))),
      };
    };
    operation.sendBatch = async (_client, items, ctx) => {
      seen.push(['sendBatch', ctx.attemptId]);
      const journaled = await journal.readChunk(jobId, 0);
      expect(journaled.kind === 'ok' && journaled.chunk.attemptId).toBe(ctx.attemptId);
      return { kind: 'perItem', results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    };
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('continue');
    expect(seen).toEqual([
      ['prepare', ''],
      ['sendBatch', 'attempt-1'],
    ]);
  });

  it('one item alone is sent under its own new attempt id', async () => {
    const seen: string[] = [];
    operation.sendOne = async (_client, one, ctx) => {
      seen.push(`${one.id}@${ctx.attemptId}`);
      const journaled = await journal.readChunk(jobId, 0);
      expect(journaled.kind === 'ok' && journaled.chunk.attemptId).toBe(ctx.attemptId);
      return { kind: 'perItem', results: new Map([[one.bId, { kind: 'deleted' as const }]]) };
    };
    const job = await openWith(chunk({ queue: [item('1'), item('2')], attemptId: 'old' }), { status: 'running' });
    await runJobStep(env, job);
    expect(seen).toEqual(['1@attempt-1']);
  });
});

describe('pacing around the re-read', () => {
  /** The last batch call left 500 ms ago: with 40 calls a minute, the next slot is T0 + 1000. */
  async function lastCallAt(at: number) {
    await journal.commit({ jobId, throttleStamp: { realmId: '1', at, windowMs: 60_000 } });
  }

  it('a re-read due within the in-worker sleep limit (even exactly at it) is waited for in the worker', async () => {
    await lastCallAt(T0 - 500);
    env.readLead.ms = 300; // read from T0 + 700
    env.maxInWorkerSleepMs = 700;
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('continue');
    expect(env.clock.now()).toBe(T0 + 700);
    expect(calls).toEqual([]);
    expect((await stored()).job?.wait).toBeUndefined(); // no wait journaled
  });

  it('one due later than that is journaled as a pacing wait (the alarm wakes the job)', async () => {
    await lastCallAt(T0 - 500);
    env.readLead.ms = 300;
    env.maxInWorkerSleepMs = 699;
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('stop');
    expect(env.clock.now()).toBe(T0);
    expect((await stored()).job?.wait).toEqual({ kind: 'pacing', until: T0 + 700 });
  });

  it('a re-read started early: the send still waits for the slot', async () => {
    await lastCallAt(T0 - 500);
    env.readLead.ms = 2_000; // read at once, send at T0 + 1000
    let sentAt = 0;
    operation.prepare = async (_client, recs) => ({
      kind: 'ok',
      skips: new Map(),
      send: recs.map((r, i) => item(r.record.id, String(i + 1))),
    });
    operation.sendBatch = async (_client, items) => {
      sentAt = env.clock.now();
      return { kind: 'perItem', results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    };
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('continue');
    expect(sentAt).toBe(T0 + 1_000);
  });
});
