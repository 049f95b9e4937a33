/**
 * A write whose answer was lost is unknown until its deadline (its send time + the landing window):
 * the step journals each attempt's send time, hands the operation `landed`, waits for the earliest
 * deadline of what it could not settle, and journals a re-send's new send time before it goes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runJobStep } from '../../lib/jobs/step';
import type { ReviewedSentItem } from '../../lib/journal/schema';
import type { ManualClock } from '../support/clock';
import { calls, chunk, env, item, LANDING_MS, openWith, operation, resetStep, stored, T0 } from './step-harness';

beforeEach(resetStep);

/** The step's clock: the harness's manual one. */
const clock = () => env.clock as ManualClock;

describe('a write that may still land', () => {
  it('each item of an attempt is journaled with its send time before the send', async () => {
    clock().set(T0 + 42);
    const { sentAt: _, ...fresh } = item('1');
    operation.prepare = async () => ({ kind: 'ok', skips: new Map(), send: [fresh] });
    let journaledBeforeSend: ReviewedSentItem[] | undefined;
    operation.sendBatch = async () => {
      journaledBeforeSend = (await stored()).chunk?.inFlight as ReviewedSentItem[];
      return { kind: 'ambiguous', reason: '502', meta: { status: 502 } };
    };
    const job = await openWith(chunk({}), { status: 'running' });
    expect(await runJobStep(env, job)).toBe('continue');
    expect(journaledBeforeSend?.map((i) => i.sentAt)).toEqual([T0 + 42]);
    // The lost answer: to verify, still carrying the time it was sent.
    expect((await stored()).chunk?.verify.map((i) => i.sentAt)).toEqual([T0 + 42]);
  });

  it('a worker that finds an attempt in flight keeps its send time; one journaled without it counts from now', async () => {
    const sentAt = T0 - 1_000;
    const { sentAt: _, ...older } = item('2'); // journaled by a build that kept no send time
    const job = await openWith(chunk({ inFlight: [item('1', '1', sentAt), older] }), { status: 'running' });
    expect(await runJobStep(env, job)).toBe('continue');
    expect((await stored()).chunk?.verify.map((i) => i.sentAt)).toEqual([sentAt, T0]);
  });

  it('before its deadline the operation is told the write may still land, and the job waits for that deadline', async () => {
    const sentAt = T0 - 10_000;
    const seen: boolean[] = [];
    operation.verify = async (_client, items, ctx) => {
      calls.push('verify');
      for (const i of items) seen.push(ctx.landed(i));
      return { kind: 'ok', outcomes: new Map() }; // still there: no answer yet
    };
    const job = await openWith(chunk({ verify: [item('1', '1', sentAt), item('2', '2', sentAt + 5_000)] }), {
      status: 'running',
      unverified: 2,
    });
    expect(await runJobStep(env, job)).toBe('stop');
    expect(seen).toEqual([false, false]);
    const after = await stored();
    expect(after.chunk?.verify).toHaveLength(2);
    expect(after.chunk?.outcomes).toEqual({});
    expect(after.job).toMatchObject({
      status: 'waiting',
      openChunk: true,
      unverified: 2,
      wait: { kind: 'landing', until: sentAt + LANDING_MS, count: 2 },
    });
  });

  it('at its deadline the same item is landed and the read decides', async () => {
    const sentAt = T0 - 10_000;
    clock().set(sentAt + LANDING_MS);
    operation.verify = async (_client, items, ctx) => ({
      kind: 'ok',
      outcomes: new Map(
        items
          .filter((i) => ctx.landed(i))
          .map((i) => [i.key, { kind: 'notDeletedVerified' as const, currentSyncToken: '0' }]),
      ),
    });
    const job = await openWith(chunk({ verify: [item('1', '1', sentAt)] }), { status: 'running', unverified: 1 });
    expect(await runJobStep(env, job)).toBe('continue');
    const after = await stored();
    expect(after.chunk?.outcomes['Invoice:1']?.outcome).toEqual({ kind: 'notDeletedVerified', currentSyncToken: '0' });
    expect(after.chunk?.verify).toEqual([]);
  });

  it('a re-send is journaled with its new send time before it goes out', async () => {
    const sentAt = T0 - LANDING_MS;
    clock().set(T0 + 7);
    let journaled: number[] | undefined;
    operation.verify = async (_client, items, ctx) => {
      expect(await ctx.beforeResend(items)).toBe(true);
      journaled = (await stored()).chunk?.verify.map((i) => i.sentAt ?? -1);
      return { kind: 'ok', outcomes: new Map() }; // the re-send's answer was lost too
    };
    const job = await openWith(chunk({ verify: [item('1', '1', sentAt)] }), { status: 'running', unverified: 1 });
    expect(await runJobStep(env, job)).toBe('stop');
    expect(journaled).toEqual([T0 + 7]);
    // Still unknown: it waits for the re-send's own deadline, never sends a third time before it.
    expect((await stored()).job?.wait).toEqual({ kind: 'landing', until: T0 + 7 + LANDING_MS, count: 1 });
  });
});
