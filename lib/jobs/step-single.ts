/**
 * The two follow-up steps of a chunk: R5 verification (re-read; gone → deleted (verified), present →
 * not deleted (verified); a failed re-read waits and retries the READ, never the delete) and the
 * 1040 fallback (a whole-call refusal: send the chunk one record at a time to find the offender).
 */
import type { ChunkJournal, JobMeta } from '../journal/schema';
import { toRecordOutcome } from './classify';
import { failurePatch, type JobPatch, storedAt } from './commit';
import { verifyItems } from './recheck';
import { type StepEnv, type StepResult, save } from './step-env';

export async function verifyStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal): Promise<StepResult> {
  const res = await verifyItems(env.client, chunk.verify);
  await env.checkpoint('during-verification', job.id, chunk.index);
  const at = env.clock.now();
  if (res.kind !== 'ok') {
    await env.journal.commit({ jobId: job.id, update: failurePatch(res, at, env.retryDelayMs, 'verifying') });
    return 'stop';
  }
  const outcomes = { ...chunk.outcomes };
  for (const item of chunk.verify) {
    const present = res.present.get(item.key);
    outcomes[item.key] = storedAt(
      present ? { kind: 'notDeletedVerified', currentSyncToken: present.syncToken } : { kind: 'deletedVerified' },
      at,
      res.intuitTid,
    );
  }
  await save(env, job, chunk, { ...chunk, outcomes, verify: [] });
  return 'continue';
}

export async function singleStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal): Promise<StepResult> {
  const [item, ...rest] = chunk.queue;
  if (!item) return 'continue';
  await env.clock.sleep(env.singleDeleteGapMs);
  const attempt: ChunkJournal = { ...chunk, queue: rest, inFlight: [item] };
  const journaled = await save(env, job, chunk, attempt);
  await env.checkpoint('after-attempt-journaled', job.id, chunk.index);
  const res = await env.client.deleteOne(item);
  await env.checkpoint('after-send-before-response', job.id, chunk.index);
  const at = env.clock.now();
  const next: ChunkJournal = { ...attempt, inFlight: [], outcomes: { ...attempt.outcomes } };
  let patch: JobPatch | undefined;
  if (res.kind === 'ok') {
    const outcome = toRecordOutcome(res.result);
    if (outcome === 'verify') next.verify = [...next.verify, item];
    else next.outcomes[item.key] = storedAt(outcome, at, res.meta.intuitTid);
  } else if (res.kind === 'refusedWhole') {
    next.outcomes[item.key] = storedAt({ kind: 'refused', fault: res.fault }, at, res.meta.intuitTid);
  } else if (res.kind === 'ambiguous' || res.kind === 'incomplete') {
    next.verify = [...next.verify, item];
  } else {
    next.queue = [item, ...rest]; // 429 / 401 / 403: not applied, send later
    patch = failurePatch(res, at, env.retryDelayMs, 'retry');
  }
  await env.checkpoint('after-response-before-outcomes-written', job.id, chunk.index);
  await save(env, journaled ?? job, attempt, next, { patch });
  await env.checkpoint('after-outcomes-written', job.id, chunk.index);
  return patch ? 'stop' : 'continue';
}
