/**
 * One step of one job, re-derived from the journal every time (the state in memory is never trusted
 * across steps): recover an attempt left in flight (R5: verify it), verify, send the 1040 fallback's
 * next single delete, or re-read and send the next batch. Durability before action: the attempt is
 * committed before the request, the outcomes after.
 */
import type { ChunkJournal, JobMeta, ReviewedRecord } from '../journal/schema';
import { keyOf, toRecordOutcome } from './classify';
import {
  chunkRecords,
  emptyChunk,
  failurePatch,
  finishIfDone,
  type JobPatch,
  pauseWithError,
  storedAt,
  waitFor,
} from './commit';
import { recheckChunk } from './recheck';
import { maySend, type StepEnv, type StepResult, save } from './step-env';
import { singleStep, verifyStep } from './step-single';
import { nextBatchSlot } from './throttle';

export async function runJobStep(env: StepEnv, job: JobMeta): Promise<StepResult> {
  const index = job.cursor;
  if (!job.openChunk) {
    if (job.cursor >= job.chunks) {
      await env.journal.commit({ jobId: job.id, update: (j) => finishIfDone(j, env.clock.now()) });
      return 'stop';
    }
    if (!maySend(job)) return 'stop';
    await env.checkpoint('between-chunks', job.id, index);
  }
  const read = job.openChunk ? await env.journal.readChunk(job.id, index) : ({ kind: 'none' } as const);
  if (read.kind === 'corrupt') {
    await env.journal.commit({ jobId: job.id, update: pauseWithError(`Journal of chunk ${index} is unreadable`) });
    return 'stop';
  }
  const chunk = read.kind === 'ok' ? read.chunk : emptyChunk(index);
  if (chunk.inFlight.length > 0) {
    // Journaled with no outcome: the worker died around the send. Ambiguous (R5): verify, never re-send.
    const next = { ...chunk, inFlight: [], verify: [...chunk.verify, ...chunk.inFlight] };
    await save(env, job, chunk, next);
    return 'continue';
  }
  if (chunk.verify.length > 0) return verifyStep(env, job, chunk);
  if (!maySend(job)) return 'stop';
  if (chunk.queue.length > 0) return singleStep(env, job, chunk);
  const remaining = chunkRecords(env.reviewed, job, index).filter((r) => !(keyOf(r.record) in chunk.outcomes));
  if (remaining.length === 0) {
    await save(env, job, chunk, chunk);
    return 'continue';
  }
  return batchStep(env, job, chunk, remaining);
}

async function batchStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal, remaining: ReviewedRecord[]) {
  const now = env.clock.now();
  const slot = nextBatchSlot(await env.journal.readThrottle(job.realmId), now, env.throttle);
  // Start the re-read as long before the slot as the last one took: the send then leaves at the slot
  // and the reads never widen the gap between two batch calls (R1's re-read stays just before it).
  const readFrom = slot - Math.min(env.readLead.ms, env.maxInWorkerSleepMs);
  if (readFrom > now) {
    if (readFrom - now <= env.maxInWorkerSleepMs) {
      env.showWait({ ...job, wait: { kind: 'pacing', until: slot } });
      await env.clock.sleep(readFrom - now);
      return 'continue';
    }
    await env.journal.commit({ jobId: job.id, update: waitFor({ kind: 'pacing', until: readFrom }) });
    return 'stop';
  }
  const readStart = env.clock.now();
  const checked = await recheckChunk(env.client, remaining, job.includeReconciled);
  env.readLead.ms = env.clock.now() - readStart;
  if (checked.kind !== 'ok') {
    const at = env.clock.now();
    await env.journal.commit({ jobId: job.id, update: failurePatch(checked, at, env.retryDelayMs, 'retry') });
    return 'stop';
  }
  const untilSlot = slot - env.clock.now();
  if (untilSlot > 0) await env.clock.sleep(untilSlot); // at most the lead: the throttle still rules
  const at = env.clock.now();
  const outcomes = { ...chunk.outcomes };
  for (const [key, outcome] of checked.skips) outcomes[key] = storedAt(outcome, at, checked.intuitTid);
  if (checked.deletable.length === 0) {
    await save(env, job, chunk, { ...chunk, outcomes });
    return 'continue';
  }
  const attempt: ChunkJournal = { ...chunk, outcomes, inFlight: checked.deletable, batchCalls: chunk.batchCalls + 1 };
  const journaled = await save(env, job, chunk, attempt, { throttleAt: at });
  await env.checkpoint('after-attempt-journaled', job.id, chunk.index);
  const res = await env.client.batchDelete(checked.deletable);
  await env.checkpoint('after-send-before-response', job.id, chunk.index);
  const answeredAt = env.clock.now();
  const next: ChunkJournal = { ...attempt, inFlight: [], outcomes: { ...attempt.outcomes } };
  let patch: JobPatch | undefined;
  if (res.kind === 'ok') {
    for (const item of attempt.inFlight) {
      const outcome = toRecordOutcome(res.results.get(item.bId) ?? { kind: 'missing' });
      if (outcome === 'verify') next.verify.push(item);
      else next.outcomes[item.key] = storedAt(outcome, answeredAt, res.meta.intuitTid);
    }
  } else if (res.kind === 'refusedWhole') {
    next.queue = attempt.inFlight; // e.g. 1040: nothing applied; find the offender one at a time
  } else if (res.kind === 'ambiguous' || res.kind === 'incomplete') {
    next.verify = [...attempt.verify, ...attempt.inFlight]; // R5
  } else {
    patch = failurePatch(res, answeredAt, env.retryDelayMs, 'retry'); // 429 / 401 / 403: not applied
  }
  await env.checkpoint('after-response-before-outcomes-written', job.id, chunk.index);
  await save(env, journaled ?? job, attempt, next, { patch });
  await env.checkpoint('after-outcomes-written', job.id, chunk.index);
  return patch ? 'stop' : 'continue';
}
