/**
 * Edge cases of lib/jobs/lifecycle.ts (issue 13): every predicate and transition, as pure
 * functions, for every status that matters. Each case names the behaviour it pins.
 */
import { describe, expect, it } from 'vitest';
import { newJobMeta } from '../../lib/jobs/create';
import {
  cancel,
  failurePatch,
  finishIfDone,
  isDrivable,
  isDue,
  isRemovable,
  isSending,
  isUnsettled,
  needsAlarm,
  pause,
  pauseFor,
  proceed,
  resume,
  start,
  tokenArrived,
  waitFor,
} from '../../lib/jobs/lifecycle';
import type { JobMeta, JobStatus } from '../../lib/jobs/types';
import type { CallFailure } from '../../lib/qbo/outcomes';
import { DEFAULT_RETRY_AFTER_MS } from '../../lib/qbo/retry-after';

const base = newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [] }, 90, 0); // 3 chunks
const job = (over: Partial<JobMeta>): JobMeta => ({ ...base, ...over });
const ALL: JobStatus[] = ['created', 'running', 'waiting', 'paused', 'tokenNeeded', 'cancelled', 'done'];
const meta = { status: 429 };

describe('isSending: only running and waiting jobs may send', () => {
  it.each(ALL)('%s', (status) => {
    expect(isSending(job({ status }))).toBe(status === 'running' || status === 'waiting');
  });
});

describe('isDrivable', () => {
  it('a sending job is drivable with or without an open chunk', () => {
    expect(isDrivable(job({ status: 'running' }))).toBe(true);
    expect(isDrivable(job({ status: 'waiting', openChunk: true }))).toBe(true);
  });
  it('a paused or cancelled job with an open chunk must still verify it', () => {
    expect(isDrivable(job({ status: 'paused', openChunk: true }))).toBe(true);
    expect(isDrivable(job({ status: 'cancelled', openChunk: true }))).toBe(true);
  });
  it('a paused or cancelled job with nothing open is left alone', () => {
    expect(isDrivable(job({ status: 'paused', openChunk: false }))).toBe(false);
    expect(isDrivable(job({ status: 'cancelled', openChunk: false }))).toBe(false);
  });
  it('created, tokenNeeded and done jobs are never driven, even with an open chunk', () => {
    for (const status of ['created', 'tokenNeeded', 'done'] as const) {
      expect(isDrivable(job({ status, openChunk: true })), status).toBe(false);
      expect(isDrivable(job({ status, openChunk: false })), status).toBe(false);
    }
  });
});

describe('isDue', () => {
  it('a job with no wait is due now', () => {
    expect(isDue(job({ status: 'running' }), 1_000)).toBe(true);
  });
  it('a timed wait is due at its `until`, not a millisecond before', () => {
    const waiting = job({ status: 'waiting', wait: { kind: 'rateLimit', until: 5_000 } });
    expect(isDue(waiting, 4_999)).toBe(false);
    expect(isDue(waiting, 5_000)).toBe(true);
    expect(isDue(waiting, 5_001)).toBe(true);
  });
  it('a job waiting for a token is never due, whatever the time', () => {
    expect(isDue(job({ status: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }), 10 ** 12)).toBe(false);
    expect(isDue(job({ status: 'paused', wait: { kind: 'tokenNeeded' }, openChunk: true }), 10 ** 12)).toBe(false);
  });
});

describe('needsAlarm', () => {
  it('a sending job needs the alarm (the watchdog)', () => {
    expect(needsAlarm(job({ status: 'running' }))).toBe(true);
    expect(needsAlarm(job({ status: 'waiting', wait: { kind: 'pacing', until: 9 } }))).toBe(true);
  });
  it('a stopped job needs it only while records of its open chunk are unverified', () => {
    expect(needsAlarm(job({ status: 'paused', openChunk: true, unverified: 2 }))).toBe(true);
    expect(needsAlarm(job({ status: 'cancelled', openChunk: true, unverified: 1 }))).toBe(true);
    expect(needsAlarm(job({ status: 'paused', openChunk: true, unverified: 0 }))).toBe(false);
    expect(needsAlarm(job({ status: 'cancelled', openChunk: true, unverified: 0 }))).toBe(false);
  });
  it('a job that is not drivable never needs it, even with unverified records', () => {
    expect(needsAlarm(job({ status: 'paused', openChunk: false, unverified: 3 }))).toBe(false);
    expect(needsAlarm(job({ status: 'done', unverified: 3 }))).toBe(false);
    expect(needsAlarm(job({ status: 'created' }))).toBe(false);
  });
  it('a job waiting for a token does not (no alarm can bring a token)', () => {
    expect(needsAlarm(job({ status: 'running', wait: { kind: 'tokenNeeded' } }))).toBe(false);
    expect(needsAlarm(job({ status: 'paused', openChunk: true, unverified: 2, wait: { kind: 'tokenNeeded' } }))).toBe(
      false,
    );
  });
});

describe('isUnsettled: its records are still its own (no other job of the company may start)', () => {
  it('an active job, an open chunk or not', () => {
    for (const status of ['created', 'running', 'waiting', 'paused', 'tokenNeeded'] as const) {
      expect(isUnsettled(job({ status, openChunk: false }))).toBe(true);
    }
  });
  it('a cancelled job still verifying the batch it sent; settled once that chunk is closed', () => {
    expect(isUnsettled(job({ status: 'cancelled', openChunk: true }))).toBe(true);
    expect(isUnsettled(job({ status: 'cancelled', openChunk: false }))).toBe(false);
  });
  it('a done job is settled, even if a stale openChunk flag were left', () => {
    expect(isUnsettled(job({ status: 'done', openChunk: true }))).toBe(false);
    expect(isUnsettled(job({ status: 'done', openChunk: false }))).toBe(false);
  });
});

describe('isRemovable: forgetting it loses nothing in flight', () => {
  it('a sending job is never removable', () => {
    expect(isRemovable(job({ status: 'running' }))).toBe(false);
    expect(isRemovable(job({ status: 'waiting' }))).toBe(false);
  });
  it('a stopped job with an open chunk is not removable; without one it is', () => {
    expect(isRemovable(job({ status: 'paused', openChunk: true }))).toBe(false);
    expect(isRemovable(job({ status: 'cancelled', openChunk: true }))).toBe(false);
    expect(isRemovable(job({ status: 'tokenNeeded', openChunk: true }))).toBe(false);
    expect(isRemovable(job({ status: 'paused', openChunk: false }))).toBe(true);
    expect(isRemovable(job({ status: 'cancelled', openChunk: false }))).toBe(true);
    expect(isRemovable(job({ status: 'created' }))).toBe(true);
  });
  it('a done job is removable even if a stale openChunk flag were left', () => {
    expect(isRemovable(job({ status: 'done', openChunk: true }))).toBe(true);
    expect(isRemovable(job({ status: 'done', openChunk: false }))).toBe(true);
  });
});

describe('start', () => {
  it('starts a created job: running, startedAt now, stop cleared', () => {
    const out = start(500)(job({ status: 'created', stop: { code: 'forbidden' } }));
    expect(out.status).toBe('running');
    expect(out.startedAt).toBe(500);
    expect(out.stop).toBeUndefined();
  });
  it('restarts a paused job and keeps its first startedAt', () => {
    const out = start(900)(job({ status: 'paused', startedAt: 100, stop: { code: 'forbidden' } }));
    expect(out).toMatchObject({ status: 'running', startedAt: 100 });
    expect(out.stop).toBeUndefined();
  });
  it('leaves every other status untouched', () => {
    for (const status of ['running', 'waiting', 'tokenNeeded', 'cancelled', 'done'] as const) {
      const j = job({ status, stop: { code: 'forbidden' } });
      expect(start(1)(j), status).toBe(j);
    }
  });
});

describe('pause', () => {
  it('pauses running, waiting and tokenNeeded jobs', () => {
    for (const status of ['running', 'waiting', 'tokenNeeded'] as const) {
      expect(pause(job({ status })).status, status).toBe('paused');
    }
  });
  it('leaves created, paused, cancelled and done jobs untouched', () => {
    for (const status of ['created', 'paused', 'cancelled', 'done'] as const) {
      const j = job({ status });
      expect(pause(j), status).toBe(j);
    }
  });
});

describe('resume', () => {
  it('resumes a paused job as running and clears its stop', () => {
    const out = resume(job({ status: 'paused', stop: { code: 'forbidden' } }));
    expect(out.status).toBe('running');
    expect(out.stop).toBeUndefined();
  });
  it('a paused job whose last call needed a token goes back to tokenNeeded, not running', () => {
    expect(resume(job({ status: 'paused', wait: { kind: 'tokenNeeded' } })).status).toBe('tokenNeeded');
  });
  it('leaves any other status untouched', () => {
    for (const status of ['created', 'running', 'waiting', 'tokenNeeded', 'cancelled', 'done'] as const) {
      const j = job({ status, stop: { code: 'forbidden' } });
      expect(resume(j), status).toBe(j);
    }
  });
});

describe('cancel', () => {
  it('a job with nothing open is cancelled and finished now', () => {
    for (const status of ['created', 'running', 'waiting', 'paused', 'tokenNeeded'] as const) {
      expect(cancel(70)(job({ status, openChunk: false })), status).toMatchObject({
        status: 'cancelled',
        finishedAt: 70,
      });
    }
  });
  it('a job with an open chunk is cancelled but not finished until the chunk is recorded', () => {
    const out = cancel(70)(job({ status: 'running', openChunk: true }));
    expect(out.status).toBe('cancelled');
    expect(out.finishedAt).toBeUndefined();
  });
  it('never touches a done or already cancelled job', () => {
    const done = job({ status: 'done', finishedAt: 5 });
    const cancelled = job({ status: 'cancelled', finishedAt: 6 });
    expect(cancel(70)(done)).toBe(done);
    expect(cancel(70)(cancelled)).toBe(cancelled);
  });
});

describe('tokenArrived', () => {
  it('a job waiting for a token runs again, its wait cleared', () => {
    const out = tokenArrived(job({ status: 'tokenNeeded', wait: { kind: 'tokenNeeded' } }));
    expect(out.status).toBe('running');
    expect(out.wait).toBeUndefined();
  });
  it('a paused job keeps its status (the person paused it) but loses the token wait', () => {
    const out = tokenArrived(job({ status: 'paused', wait: { kind: 'tokenNeeded' } }));
    expect(out.status).toBe('paused');
    expect(out.wait).toBeUndefined();
  });
});

describe('proceed', () => {
  it('a waiting job runs again once progress is made', () => {
    const out = proceed(job({ status: 'waiting', wait: { kind: 'pacing', until: 1 } }));
    expect(out.status).toBe('running');
    expect(out.wait).toBeUndefined();
  });
  it('a paused or cancelled job keeps its status; only the wait goes', () => {
    for (const status of ['paused', 'cancelled'] as const) {
      const out = proceed(job({ status, wait: { kind: 'verifying', until: 1 } }));
      expect(out.status, status).toBe(status);
      expect(out.wait, status).toBeUndefined();
    }
  });
});

describe('waitFor', () => {
  it('a sending job waits: `waiting` for a timed wait, `tokenNeeded` for a token', () => {
    expect(waitFor({ kind: 'rateLimit', until: 9 })(job({ status: 'running' }))).toMatchObject({
      status: 'waiting',
      wait: { kind: 'rateLimit', until: 9 },
    });
    expect(waitFor({ kind: 'tokenNeeded' })(job({ status: 'waiting' }))).toMatchObject({
      status: 'tokenNeeded',
      wait: { kind: 'tokenNeeded' },
    });
  });
  it('a paused or cancelled job keeps its status but records the wait', () => {
    for (const status of ['paused', 'cancelled'] as const) {
      expect(waitFor({ kind: 'verifying', until: 9 })(job({ status })), status).toMatchObject({
        status,
        wait: { kind: 'verifying', until: 9 },
      });
      expect(waitFor({ kind: 'tokenNeeded' })(job({ status })), status).toMatchObject({
        status,
        wait: { kind: 'tokenNeeded' },
      });
    }
  });
});

describe('pauseFor', () => {
  const stop = { code: 'chunkUnreadable', chunk: 2, part: 'journal' } as const;
  it('pauses a sending job, clears its wait and keeps why, as a code', () => {
    const out = pauseFor(stop)(job({ status: 'waiting', wait: { kind: 'retry', until: 3, reason: 'r' } }));
    expect(out).toMatchObject({ status: 'paused', stop });
    expect(out.wait).toBeUndefined();
  });
  it('a cancelled job stays cancelled (never resumable by a pause)', () => {
    expect(pauseFor(stop)(job({ status: 'cancelled' }))).toMatchObject({ status: 'cancelled', stop });
  });
});

describe('failurePatch', () => {
  const running = job({ status: 'running' });
  const apply = (f: CallFailure, kind: 'retry' | 'verifying' = 'retry') => failurePatch(f, 1_000, 250, kind)(running);

  it('429: waits exactly Retry-After, never a negative wait', () => {
    expect(apply({ kind: 'rateLimited', retryAfterMs: 4_000, meta }).wait).toEqual({ kind: 'rateLimit', until: 5_000 });
    expect(apply({ kind: 'rateLimited', retryAfterMs: -4_000, meta }).wait).toEqual({
      kind: 'rateLimit',
      until: 1_000,
    });
    expect(apply({ kind: 'rateLimited', retryAfterMs: 4_000, meta }).status).toBe('waiting');
  });
  it('429 with a non-finite Retry-After waits the default instead of forever', () => {
    for (const retryAfterMs of [Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(apply({ kind: 'rateLimited', retryAfterMs, meta }).wait).toEqual({
        kind: 'rateLimit',
        until: 1_000 + DEFAULT_RETRY_AFTER_MS,
      });
    }
  });
  it('401: waits for a token', () => {
    expect(apply({ kind: 'unauthorized', meta })).toMatchObject({
      status: 'tokenNeeded',
      wait: { kind: 'tokenNeeded' },
    });
  });
  it('403: pauses with the service’s fault as it came (code and message), or none when it sent none', () => {
    const full = apply({ kind: 'forbidden', fault: { code: '3100', message: 'denied' }, meta });
    expect(full).toMatchObject({ status: 'paused' });
    expect(full.stop).toEqual({ code: 'forbidden', fault: { code: '3100', message: 'denied' } });
    expect(apply({ kind: 'forbidden', meta }).stop).toEqual({ code: 'forbidden' });
  });
  it('a whole read refused: pauses with the fault', () => {
    const out = apply({ kind: 'refusedWhole', fault: { code: '4000', message: 'bad' }, meta });
    expect(out).toMatchObject({
      status: 'paused',
      stop: { code: 'readRefused', fault: { code: '4000', message: 'bad' } },
    });
  });
  it('an ambiguous or incomplete read retries after retryDelayMs, as the kind of wait asked for', () => {
    expect(apply({ kind: 'ambiguous', reason: '503', meta }, 'retry').wait).toEqual({
      kind: 'retry',
      until: 1_250,
      reason: '503',
    });
    expect(apply({ kind: 'incomplete', reason: 'cut', meta }, 'retry').wait).toEqual({
      kind: 'retry',
      until: 1_250,
      reason: 'cut',
    });
    expect(apply({ kind: 'ambiguous', reason: '503', meta }, 'verifying').wait).toEqual({
      kind: 'verifying',
      until: 1_250,
    });
    expect(apply({ kind: 'incomplete', reason: 'cut', meta }, 'verifying').wait).toEqual({
      kind: 'verifying',
      until: 1_250,
    });
  });
});

describe('finishIfDone', () => {
  it('the last chunk closed on a sending job: done, wait cleared, finished now', () => {
    for (const status of ['running', 'waiting'] as const) {
      const out = finishIfDone(job({ status, cursor: 3, wait: { kind: 'pacing', until: 1 } }), 42);
      expect(out, status).toMatchObject({ status: 'done', finishedAt: 42 });
      expect(out.wait, status).toBeUndefined();
    }
  });
  it('chunks left, or a chunk still open: not done', () => {
    const left = job({ status: 'running', cursor: 2 });
    expect(finishIfDone(left, 42)).toBe(left);
    const open = job({ status: 'running', cursor: 3, openChunk: true });
    expect(finishIfDone(open, 42)).toBe(open);
  });
  it('a paused job with every chunk closed stays paused', () => {
    const paused = job({ status: 'paused', cursor: 3 });
    expect(finishIfDone(paused, 42)).toBe(paused);
  });
  it('a cancelled job is finished once its open chunk is recorded, and only once', () => {
    expect(finishIfDone(job({ status: 'cancelled', cursor: 1, openChunk: false }), 42)).toMatchObject({
      status: 'cancelled',
      finishedAt: 42,
    });
    const stillOpen = job({ status: 'cancelled', cursor: 1, openChunk: true });
    expect(finishIfDone(stillOpen, 42)).toBe(stillOpen);
    const finished = job({ status: 'cancelled', cursor: 1, finishedAt: 7 });
    expect(finishIfDone(finished, 42)).toBe(finished);
  });
});
