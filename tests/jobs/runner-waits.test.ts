/**
 * The waits that stop the runner: a 429 (slept in the worker up to 5 s, else the one alarm at
 * exactly now + Retry-After, 30 s at least), a 401 (token needed), a 403 (paused with the reason);
 * the one alarm always points at the earliest due wait, and pausing clears it.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import { failure, limited, REALM, run, setup, T0 } from './runner-harness';

describe('429', () => {
  it('a long Retry-After waits through the alarm at exactly now + Retry-After, then re-reads and sends', async () => {
    const s = setup(2);
    s.svc.next.batch.push(limited(100_000));
    const id = await s.job();
    const waiting = await run(s, id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'rateLimit', until: T0 + 100_000 } });
    expect(waiting?.etaMs).toBe(1_500 + 100_000);
    expect(await s.alarm()).toBe(T0 + 100_000);
    await s.fire();
    const end = await s.runner.getJob(id);
    expect(end).toMatchObject({ status: 'done', done: 2 });
    expect(s.svc.count('batch')).toBe(2);
    expect(s.svc.count('read')).toBe(2); // re-read before the second send
  });

  it('a Retry-After shorter than the default clamp still waits the 30 s minimum of the alarm', async () => {
    const s = setup(2, { minAlarmDelayMs: undefined });
    s.svc.next.batch.push(limited(10_000));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBe(T0 + 30_000);
  });

  it('up to 5 s (the default in-worker sleep) sleeps in the worker; a millisecond more stops', async () => {
    const s = setup(2);
    s.svc.next.batch.push(limited(5_000));
    const id = await s.job();
    const end = await run(s, id);
    expect(end?.status).toBe('done');
    expect(s.svc.calls.filter((c) => c.op === 'batch').map((c) => c.at - T0)).toEqual([0, 5_000]);

    const t = setup(2);
    t.svc.next.batch.push(limited(5_001));
    const id2 = await t.job();
    const stopped = await run(t, id2);
    expect(stopped?.status).toBe('waiting');
    expect(t.clock.now()).toBe(T0);
  });
});

describe('401 and 403', () => {
  it('401: token needed, no alarm; a token for another company changes nothing; for this one, it finishes', async () => {
    const s = setup(2);
    s.svc.next.batch.push(failure({ kind: 'unauthorized', meta: { status: 401 } }));
    const id = await s.job();
    const stuck = await run(s, id);
    expect(stuck).toMatchObject({ status: 'tokenNeeded', wait: { kind: 'tokenNeeded' } });
    expect(stuck?.etaMs).toBeUndefined();
    expect(await s.alarm()).toBeUndefined();
    await s.runner.tokenAvailable('other-realm');
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('tokenNeeded');
    await s.runner.tokenAvailable(REALM);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', done: 2 });
  });

  it('403: paused with the reason, no alarm; resume clears it and finishes', async () => {
    const s = setup(1);
    s.svc.next.batch.push(
      failure({ kind: 'forbidden', fault: { code: '3100', message: 'no' }, meta: { status: 403 } }),
    );
    const id = await s.job();
    const paused = await run(s, id);
    expect(paused).toMatchObject({
      status: 'paused',
      stop: { code: 'forbidden', fault: { code: '3100', message: 'no' } },
    });
    expect(await s.alarm()).toBeUndefined();
    const resumed = await s.runner.resume(id);
    expect(resumed?.status).toBe('running');
    await s.runner.whenIdle();
    const end = await s.runner.getJob(id);
    expect(end?.status).toBe('done');
    expect(end?.stop).toBeUndefined();
  });
});

describe('a new token', () => {
  it('a token does not cut short a wait that is not for a token', async () => {
    const s = setup(1);
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    await s.runner.tokenAvailable(REALM);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({
      status: 'waiting',
      wait: { kind: 'rateLimit', until: T0 + 100_000 },
    });
    expect(s.svc.count('batch')).toBe(1);
  });
});

describe('the one alarm', () => {
  it('the alarm points at the earliest due job of all companies', async () => {
    const s = setup(2, { maxInWorkerSleepMs: 0, minAlarmDelayMs: 0 });
    const [a, b] = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 200_000, meta: { status: 429 } }));
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const first = await s.job([a!]);
    await run(s, first);
    expect(await s.alarm()).toBe(T0 + 200_000);
    const second = await s.runner.createJob({ realmId: '2', environment: 'sandbox', records: [b!] });
    await run(s, second.id);
    expect(await s.alarm()).toBe(T0 + 100_000);
  });

  it('the alarm is the earliest wait even when a later one is listed after it', async () => {
    const s = setup(0, { minAlarmDelayMs: 0 });
    s.svc.next.batch.push(limited(100_000));
    s.svc.next.batch.push(limited(200_000));
    const a = await s.jobIn('1', ['10']);
    await s.runner.start(a);
    await s.runner.whenIdle();
    const b = await s.jobIn('2', ['20']);
    await s.runner.start(b);
    await s.runner.whenIdle();
    expect(await s.alarm()).toBe(T0 + 100_000);
  });

  it('a given alarm name is the one alarm set and the one obeyed', async () => {
    const s = setup(1, { alarmName: 'mine', minAlarmDelayMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBeUndefined();
    expect((await fakeBrowser.alarms.get('mine'))?.scheduledTime).toBe(T0 + 100_000);
    s.clock.set(T0 + 100_000);
    await s.runner.onAlarm({ name: DEFAULT_ALARM_NAME });
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('waiting');
    await s.runner.onAlarm({ name: 'mine' });
    await s.runner.whenIdle();
    expect((await s.runner.getJob(id))?.status).toBe('done');
  });

  it('pausing a waiting job clears the alarm; resuming sets it again', async () => {
    const s = setup(1, { minAlarmDelayMs: 0 });
    s.svc.next.batch.push(failure({ kind: 'rateLimited', retryAfterMs: 100_000, meta: { status: 429 } }));
    const id = await s.job();
    await run(s, id);
    expect(await s.alarm()).toBe(T0 + 100_000);
    expect(await s.runner.pause(id)).toMatchObject({ status: 'paused' });
    await s.runner.whenIdle();
    expect(await s.alarm()).toBeUndefined();
    await s.runner.resume(id);
    await s.runner.whenIdle();
    expect(await s.alarm()).toBe(T0 + 100_000);
  });

  it('pausing a job waiting between chunks has cleared its alarm by the time pause returns', async () => {
    const s = setup(0, { minAlarmDelayMs: 0, maxInWorkerSleepMs: 0 });
    const id = await s.jobIn('1', ['10', '11'], 1);
    await s.runner.start(id);
    await s.runner.whenIdle();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'waiting', openChunk: false, cursor: 1 });
    expect(await s.alarm()).toBe(T0 + 1_500);
    await s.runner.pause(id);
    expect(await s.alarm()).toBeUndefined();
  });
});
