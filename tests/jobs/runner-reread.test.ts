/**
 * The re-read just before a send (R1, R2): changed, vanished and reconciled records are skipped
 * without a batch call; a failed re-read or reconciled report waits and retries, sending nothing.
 */
import { describe, expect, it } from 'vitest';
import { failure, rec, run, setup, T0 } from './runner-harness';

describe('the pre-delete re-read (R1, R2)', () => {
  it('a failed re-read waits retryDelayMs (default 60 s) and retries the READ; nothing is sent meanwhile', async () => {
    const s = setup(1);
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } }));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'retry', until: T0 + 60_000, reason: 'reset' } });
    expect(waiting?.openChunk).toBe(false);
    expect(s.svc.count('batch')).toBe(0);
    expect(await s.alarm()).toBe(T0 + 60_000);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 1 });
  });

  it('changed and vanished records are skipped without a batch call; the chunk closes', async () => {
    const s = setup(2);
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.records.delete('Invoice:2');
    const id = await s.job(reviewed);
    const end = await run(s, id);
    expect(end).toMatchObject({ status: 'done', cursor: 1 });
    expect(end?.counts).toMatchObject({ skippedChanged: 1, alreadyGone: 1, deleted: 0 });
    expect(s.svc.count('batch')).toBe(0);
    expect(s.svc.count('report')).toBe(0); // no survivor, no report call
  });

  it('reconciled records are skipped unless the person opted in; the report catches the unflagged ones', async () => {
    const s = setup(3);
    s.svc.reconciled = ['2'];
    const rs = [...s.svc.records.values()].map((record) => ({ record, reconciled: record.id === '1' }));
    const id = await s.job(rs);
    const end = await run(s, id);
    expect(end?.counts).toMatchObject({ skippedReconciled: 2, deleted: 1 });
    expect(s.svc.calls.find((c) => c.op === 'read')?.ids).toEqual(['2', '3']);
    expect(s.svc.calls.find((c) => c.op === 'batch')?.ids).toEqual(['3']);

    const t = setup(3);
    t.svc.reconciled = ['2'];
    const id2 = await t.job(
      [...t.svc.records.values()].map((record) => ({ record, reconciled: record.id === '1' })),
      30,
      true,
    );
    const opted = await run(t, id2);
    expect(opted?.counts).toMatchObject({ skippedReconciled: 0, deleted: 3 });
    expect(t.svc.count('report')).toBe(0);
  });

  it('a chunk of reconciled records only needs no read at all', async () => {
    const s = setup(2);
    const id = await s.job([...s.svc.records.values()].map((record) => ({ record, reconciled: true })));
    const end = await run(s, id);
    expect(end?.counts.skippedReconciled).toBe(2);
    expect(s.svc.calls).toEqual([]);
  });

  it('a failed reconciled report waits and retries like a failed read', async () => {
    const s = setup(1);
    s.svc.next.report.push(failure({ kind: 'incomplete', reason: 'cut', meta: { status: 200 } }));
    const id = await s.job();
    expect(await run(s, id)).toMatchObject({ wait: { kind: 'retry', until: T0 + 60_000, reason: 'cut' } });
    expect(s.svc.count('batch')).toBe(0);
  });

  it('a given retryDelayMs is the wait after a failed read', async () => {
    const s = setup(1, { retryDelayMs: 2_000 });
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'r', meta: { status: 0 } }));
    const id = await s.job();
    // 2 s sleeps in the worker: the read is retried 2 s later and the job finishes.
    expect(await run(s, id)).toMatchObject({ status: 'done' });
    expect(s.svc.calls.filter((c) => c.op === 'read').map((c) => c.at - T0)).toEqual([0, 2_000]);
  });
});
