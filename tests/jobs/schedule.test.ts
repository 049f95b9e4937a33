/** Edge cases of lib/jobs/schedule.ts (issue 13). */
import { describe, expect, it } from 'vitest';
import { newJobMeta } from '../../lib/jobs/create';
import { isWaitingForToken, waitUntil } from '../../lib/jobs/lifecycle';
import { doneCount, estimateEtaMs } from '../../lib/jobs/schedule';

const cfg = { batchLimit: 40, windowMs: 60_000 };
const job = newJobMeta('j', { realmId: '1', environment: 'sandbox', records: [] }, 100, 0); // 4 chunks

describe('isWaitingForToken: either signal alone is enough', () => {
  it('the status alone', () => {
    expect(isWaitingForToken({ ...job, status: 'tokenNeeded', wait: undefined })).toBe(true);
    expect(estimateEtaMs({ ...job, status: 'tokenNeeded', wait: undefined }, 0, cfg)).toBeUndefined();
  });
  it('the wait alone (a paused job whose last call got a 401)', () => {
    expect(isWaitingForToken({ ...job, status: 'paused', wait: { kind: 'tokenNeeded' } })).toBe(true);
    expect(estimateEtaMs({ ...job, status: 'paused', wait: { kind: 'tokenNeeded' } }, 0, cfg)).toBeUndefined();
  });
  it('neither', () => {
    expect(isWaitingForToken({ ...job, status: 'running' })).toBe(false);
    expect(isWaitingForToken({ ...job, status: 'waiting', wait: { kind: 'rateLimit', until: 5 } })).toBe(false);
  });
});

describe('waitUntil and the ETA', () => {
  it('reads `until` from timed waits only', () => {
    expect(waitUntil({ ...job, wait: { kind: 'pacing', until: 7 } })).toBe(7);
    expect(waitUntil({ ...job, wait: { kind: 'tokenNeeded' } })).toBeUndefined();
    expect(waitUntil({ ...job, wait: undefined })).toBeUndefined();
  });
  it('is zero for a cancelled job, and never negative', () => {
    expect(estimateEtaMs({ ...job, status: 'cancelled' }, 0, cfg)).toBe(0);
    expect(estimateEtaMs({ ...job, status: 'running', cursor: 9 }, 0, cfg)).toBe(0);
    // A wait already past counts as no wait.
    expect(estimateEtaMs({ ...job, status: 'waiting', wait: { kind: 'pacing', until: 1_000 } }, 5_000, cfg)).toBe(
      4 * 1500,
    );
  });
  it('counts every finished record', () => {
    expect(doneCount({ ...job, counts: { ...job.counts, deleted: 3, refused: 2, alreadyGone: 1 } })).toBe(6);
  });
});
