/**
 * Never sent twice (R5): an ambiguous answer is verified by a re-read, never re-sent; a whole-call
 * refusal (1040) goes one record at a time; a chunk closes only when every record has an outcome.
 */
import { describe, expect, it } from 'vitest';
import { WRITE_LANDS_WITHIN_MS } from '../../lib/domain/limits';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { failure, meta, rec, run, setup, T0 } from './runner-harness';

describe('R5: ambiguous answers are verified, never re-sent', () => {
  it('an ambiguous batch: re-read; gone → deleted (verified), present → not deleted (verified) once its delete can no longer land', async () => {
    const s = setup(2);
    s.svc.next.batch.push((items) => {
      s.svc.records.delete(`Invoice:${items[0]?.id}`); // the first was applied, the answer lost
      return { kind: 'ambiguous', reason: '502', meta: { status: 502 } };
    });
    const id = await s.job();
    const sentAt = s.clock.now();
    const waiting = await run(s, id);
    // The one still there may yet be deleted by the call whose answer was lost: nothing concluded.
    expect(waiting).toMatchObject({
      status: 'waiting',
      unverified: 1,
      wait: { kind: 'landing', until: sentAt + WRITE_LANDS_WITHIN_MS, count: 1 },
    });
    expect(waiting?.counts).toMatchObject({ deletedVerified: 1, notDeletedVerified: 0 });
    expect(await s.alarm()).toBe(sentAt + WRITE_LANDS_WITHIN_MS);
    await s.fire();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', unverified: 0 });
    expect(end?.counts).toMatchObject({ deletedVerified: 1, notDeletedVerified: 1, deleted: 0 });
    expect(s.svc.count('batch')).toBe(1);
    const rows = await s.runner.getRecords(id);
    expect(rows.map((r) => r.group)).toEqual(['deleted', 'needsAttention']);
  });

  it('a bId missing from the answer is verified; the rest keep their answer', async () => {
    const s = setup(2);
    s.svc.next.batch.push((items) => {
      for (const i of items) s.svc.records.delete(`Invoice:${i.id}`);
      return { kind: 'ok', meta, results: new Map([['1', { kind: 'deleted' }]]) };
    });
    const id = await s.job();
    const end = await run(s, id);
    expect(end?.counts).toMatchObject({ deleted: 1, deletedVerified: 1 });
    expect(s.svc.count('batch')).toBe(1);
  });

  it('a failed verification read waits (verifying) with the chunk open and the records unverified', async () => {
    const s = setup(2, { landingWindowMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'incomplete', reason: 'x', meta: { status: 200 } }));
    s.svc.next.read.push((entity, ids) => ({
      kind: 'ok',
      meta,
      calls: 1,
      records: ids.map((i) => s.svc.records.get(`${entity}:${i}`)).filter((r): r is TxnRecord => !!r),
    }));
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'y', meta: { status: 0 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({
      status: 'waiting',
      openChunk: true,
      unverified: 2,
      wait: { kind: 'verifying', until: T0 + 60_000 },
    });
    expect((await s.runner.getRecords(id)).map((r) => r.state.kind)).toEqual(['unverified', 'unverified']);
    expect(await s.alarm()).toBe(T0 + 60_000);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', unverified: 0 });
    expect(s.svc.count('batch')).toBe(1);
  });

  it('a paused job with an open chunk still verifies it, then stays paused without sending more', async () => {
    const s = setup(3, { landingWindowMs: 0 });
    let id = '';
    s.svc.next.batch.push(() => {
      void s.runner.pause(id);
      return { kind: 'ambiguous', reason: '500', meta: { status: 500 } };
    });
    id = await s.job(undefined, 2);
    await s.runner.start(id);
    await s.runner.whenIdle();
    const paused = await s.runner.getJob(id);
    expect(paused).toMatchObject({ status: 'paused', cursor: 1, openChunk: false, unverified: 0 });
    expect(paused?.counts.notDeletedVerified).toBe(2);
    expect(s.svc.count('batch')).toBe(1);
    expect(await s.alarm()).toBeUndefined();
    expect(await s.runner.removeJob(id)).toBe(true);
  });

  it('a cancelled job finishes once its open chunk is recorded', async () => {
    const s = setup(3);
    let id = '';
    s.svc.next.batch.push((items) => {
      void s.runner.cancel(id);
      return { kind: 'ok', meta, results: new Map(items.map((i) => [i.bId, { kind: 'deleted' as const }])) };
    });
    id = await s.job(undefined, 2);
    await s.runner.start(id);
    await s.runner.whenIdle();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'cancelled', cursor: 1, openChunk: false, done: 2, etaMs: 0 });
    expect(end?.finishedAt).toBe(s.clock.now());
    expect(s.svc.count('batch')).toBe(1);
  });
});

describe('a whole-call refusal: one at a time', () => {
  it('each record alone, 150 ms apart by default; a refusal is that record’s own answer', async () => {
    const s = setup(3);
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'too many' }, meta }));
    s.svc.next.one.push(() => ({ kind: 'ok', meta, result: { kind: 'deleted' } }));
    s.svc.next.one.push(failure({ kind: 'refusedWhole', fault: { code: '2500', message: 'bad ref' }, meta }));
    const id = await s.job();
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', unverified: 0 });
    expect(end?.counts).toMatchObject({ deleted: 2, refused: 1 });
    const ones = s.svc.calls.filter((c) => c.op === 'one');
    expect(ones.map((c) => c.ids[0])).toEqual(['1', '2', '3']);
    const batchAt = s.svc.calls.find((c) => c.op === 'batch')?.at ?? 0;
    expect(ones.map((c) => c.at - batchAt)).toEqual([150, 300, 450]);
    const refused = (await s.runner.getRecords(id))[1];
    expect(refused?.state).toMatchObject({ outcome: { kind: 'refused', fault: { code: '2500', message: 'bad ref' } } });
  });

  it('a 429 on one record puts it back at the head of the queue and waits', async () => {
    const s = setup(2, { singleDeleteGapMs: 10 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', openChunk: true, wait: { kind: 'rateLimit' } });
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
    expect(s.svc.calls.filter((c) => c.op === 'one').map((c) => c.ids[0])).toEqual(['1', '1', '2']);
  });

  it('an ambiguous single delete is verified, never sent again', async () => {
    const s = setup(1, { singleDeleteGapMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } }));
    const id = await s.job();
    expect(await run(s, id)).toMatchObject({ wait: { kind: 'landing', count: 1 } });
    await s.fire(); // its deadline: the delete cannot land any more
    const end = await s.runner.getJob(id);
    expect(end?.counts.notDeletedVerified).toBe(1);
    expect(s.svc.count('one')).toBe(1);
  });

  it('a given singleDeleteGapMs spaces the one-at-a-time deletes', async () => {
    const s = setup(2, { singleDeleteGapMs: 10 });
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    await run(s, await s.job());
    expect(s.svc.calls.filter((c) => c.op === 'one').map((c) => c.at - T0)).toEqual([10, 20]);
  });
});

describe('a chunk closes only when every record has an outcome', () => {
  it('a skipped record and a 429 on the rest: the chunk stays open and the rest is sent after the wait', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job(reviewed);
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', cursor: 0, openChunk: true, done: 1 });
    await s.fire();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', cursor: 1 });
    expect(end?.counts).toMatchObject({ skippedChanged: 1, deleted: 1 });
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.ids)).toEqual([['2'], ['2']]);
  });
});
