/**
 * Edge cases of lib/jobs/step.ts (issue 13): one step on the real journal (fakeBrowser
 * storage) with a scripted operation, for the states a delete job rarely reaches on its own.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RestoreRecord } from '../../lib/domain/job-records';
import { runJobStep } from '../../lib/jobs/step';
import type { JobRecord } from '../../lib/jobs/types';
import { UnreadableChunkError } from '../../lib/journal/unreadable-chunk-error';
import { storageKey } from '../../lib/storage/keys';
import {
  audit,
  calls,
  chunk,
  env,
  item,
  jobId,
  journal,
  openWith,
  operation,
  records,
  resetStep,
  steps,
  stored,
  T0,
} from './step-harness';

beforeEach(resetStep);

describe('runJobStep', () => {
  it('an operation is handed only its own variant of record: another (a restore’s in a delete job) is refused without a call', async () => {
    const restore: RestoreRecord = {
      kind: 'restore',
      entity: 'Invoice',
      id: '2',
      create: { kind: 'send', body: {}, dependsOn: [] },
    };
    const mixed: JobRecord[] = [records[0]!, restore];
    env.records = mixed;
    env.byKey = new Map<string, JobRecord>([
      ['Invoice:1', records[0]!],
      ['Invoice:2', restore],
    ]);
    const handed: JobRecord[][] = [];
    operation.prepare = async (_client, recs) => {
      handed.push([...recs]);
      return { kind: 'ok', skips: new Map([['Invoice:1', { kind: 'alreadyGone' }]]), send: [] };
    };
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('continue');
    expect(handed).toEqual([[records[0]]]);
    expect((await stored()).chunk?.outcomes['Invoice:2']?.outcome).toEqual({
      kind: 'declined',
      refusal: { code: 'wrongRecordKind' },
    });
    expect(audit.map((a) => [a.id, a.outcome])).toEqual([
      ['2', 'declined'],
      ['1', 'alreadyGone'],
    ]);
  });

  it('a job that may not send and has nothing open does nothing (not even the between-chunks boundary)', async () => {
    const job = (await journal.readJobs())[0]!;
    for (const status of ['paused', 'cancelled', 'created'] as const) {
      expect(await runJobStep(env, { ...job, status }), status).toBe('stop');
    }
    expect(steps).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('a job gone from the list before its attempt is journaled sends nothing: no write-ahead, no send', async () => {
    operation.prepare = async () => {
      calls.push('prepare');
      await journal.removeJob(jobId); // e.g. its entry became unreadable between the read and the send
      return { kind: 'ok', skips: new Map(), send: [item('1'), item('2')] };
    };
    const job = (await journal.readJobs())[0]!;
    expect(await runJobStep(env, { ...job, status: 'running' })).toBe('stop');
    expect(calls).toEqual(['prepare']); // sendBatch would have pushed its name and thrown
    expect(steps).toEqual(['between-chunks']); // never 'after-attempt-journaled'
    expect(await journal.readJobs()).toEqual([]);
    expect(audit).toEqual([]);
  });

  it('a job gone from the list before a one-at-a-time attempt is journaled sends nothing', async () => {
    const job = await openWith(chunk({ queue: [item('1'), item('2')] }), { status: 'running' });
    const sleep = env.clock.sleep.bind(env.clock);
    env.clock.sleep = async (ms) => {
      await journal.removeJob(jobId); // during the gap before the single send
      return sleep(ms);
    };
    expect(await runJobStep(env, job)).toBe('stop');
    expect(calls).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('an attempt journaled at the cursor is verified, never re-sent, even when the job entry lost its open-chunk flag', async () => {
    const job = await openWith(chunk({ inFlight: [item('1'), item('2')] }), { status: 'running', openChunk: false });
    expect(job.openChunk).toBe(false);
    expect(await runJobStep(env, job)).toBe('continue');
    expect(calls).toEqual([]); // prepare and sendBatch would have pushed their names
    const after = await stored();
    expect(after.chunk).toMatchObject({ inFlight: [], verify: [item('1'), item('2')] });
    expect(after.job).toMatchObject({ openChunk: true, unverified: 2 });
  });

  it('an unreadable earlier chunk asked for an outcome (a restore’s dependency) pauses the job, never reads as "not restored"', async () => {
    await fakeBrowser.storage.local.set({ [storageKey.jobChunk(jobId, 1)]: { nonsense: true } });
    let answer: unknown = 'not asked';
    operation.prepare = async (_client, _recs, ctx) => {
      calls.push('prepare');
      answer = await ctx.outcomeOf(1, 'Invoice:9').catch((e: unknown) => e);
      throw answer;
    };
    const job = (await journal.readJobs())[0]!;
    await expect(runJobStep(env, { ...job, status: 'running' })).rejects.toBeInstanceOf(UnreadableChunkError);
    expect(answer).toBeInstanceOf(UnreadableChunkError);
    expect(calls).toEqual(['prepare']);
    expect((await stored()).job).toMatchObject({
      status: 'paused',
      stop: { code: 'chunkUnreadable', chunk: 1, part: 'journal' },
    });
  });

  it('a paused job with records queued one at a time sends none of them', async () => {
    const job = await openWith(chunk({ queue: [item('1'), item('2')] }), { status: 'paused' });
    expect(await runJobStep(env, job)).toBe('stop');
    expect(calls).toEqual([]);
    expect((await stored()).chunk?.queue).toHaveLength(2);
  });

  it('a paused job with an attempt left in flight moves it to verify (never re-sent)', async () => {
    const job = await openWith(chunk({ inFlight: [item('1'), item('2')] }), { status: 'paused' });
    expect(await runJobStep(env, job)).toBe('continue');
    expect(calls).toEqual([]);
    const after = await stored();
    expect(after.chunk).toMatchObject({ inFlight: [], verify: [item('1'), item('2')] });
    expect(after.job).toMatchObject({ status: 'paused', openChunk: true, unverified: 2 });
  });

  it('an open chunk whose records all have outcomes is closed without a call', async () => {
    const outcomes = {
      'Invoice:1': { outcome: { kind: 'deleted' as const }, at: 1 },
      'Invoice:2': { outcome: { kind: 'deleted' as const }, at: 1 },
    };
    const job = await openWith(chunk({ outcomes }), { status: 'running' });
    expect(await runJobStep(env, job)).toBe('continue');
    expect(calls).toEqual([]);
    expect((await stored()).job).toMatchObject({ cursor: 1, openChunk: false, status: 'done', finishedAt: T0 });
  });

  it('a verification that settles only some items: those are recorded, the rest wait to be read again', async () => {
    operation.verify = async (_client, items) => {
      calls.push('verify');
      expect(items.map((i) => i.id)).toEqual(['1', '2']);
      return { kind: 'ok', intuitTid: 'v-tid', outcomes: new Map([['Invoice:1', { kind: 'deletedVerified' }]]) };
    };
    const job = await openWith(chunk({ verify: [item('1'), item('2')] }), { status: 'running', unverified: 2 });
    expect(await runJobStep(env, job)).toBe('stop');
    expect(steps).toEqual(['during-verification']);
    const after = await stored();
    expect(after.chunk?.outcomes).toEqual({
      'Invoice:1': { outcome: { kind: 'deletedVerified' }, at: T0, intuitTid: 'v-tid' },
    });
    expect(after.chunk?.verify).toEqual([item('2')]);
    expect(after.job).toMatchObject({
      status: 'waiting',
      openChunk: true,
      unverified: 1,
      wait: { kind: 'verifying', until: T0 + 1_000 },
    });
    expect(after.job?.counts.deletedVerified).toBe(1);
    expect(audit.map((e) => [e.id, e.outcome, e.intuitTid])).toEqual([['1', 'deletedVerified', 'v-tid']]);
  });

  it('a verification that settles everything closes the chunk and carries on', async () => {
    operation.verify = async () => ({
      kind: 'ok',
      outcomes: new Map([
        ['Invoice:1', { kind: 'deletedVerified' }],
        ['Invoice:2', { kind: 'notDeletedVerified', currentSyncToken: '3' }],
      ]),
    });
    const job = await openWith(chunk({ verify: [item('1'), item('2')] }), { status: 'running', unverified: 2 });
    expect(await runJobStep(env, job)).toBe('continue');
    const after = await stored();
    expect(after.chunk?.outcomes['Invoice:2']).toEqual({
      outcome: { kind: 'notDeletedVerified', currentSyncToken: '3' },
      at: T0,
    });
    expect(after.job).toMatchObject({ status: 'done', cursor: 1, unverified: 0 });
  });
});
