/**
 * One step of one job, whatever its operation, re-derived from the journal every time (the state in
 * memory is never trusted across steps): recover an attempt left in flight (R5: verify it), verify,
 * send the next item alone after a whole-call refusal, or prepare (re-read) and send the next batch.
 * Every send goes through ./send.ts (journal, send, record).
 */

import { type ChunkJournal, type JobMeta, type JobRecord, jobRecordKey, type RecordOutcome } from '../journal/schema';
import { UnreadableChunkError } from '../journal/unreadable-chunk-error';
import { emptyChunk, storedAt } from './commit';
import { failurePatch, finishIfDone, isSending, pauseWithError, waitFor } from './lifecycle';
import type { OperationContext } from './operation';
import { sendJournaled } from './send';
import { type StepEnv, type StepResult, save } from './step-env';
import { nextBatchSlot } from './throttle';

/** The context of one prepare / send / verify: the attempt's id (default: the chunk's last one). */
function operationContext(
  env: StepEnv,
  job: JobMeta,
  chunk: ChunkJournal,
  attemptId = chunk.attemptId ?? '',
): OperationContext {
  return {
    job,
    attemptId,
    records: env.byKey,
    async outcomeOf(index, key) {
      if (index === chunk.index) return chunk.outcomes[key];
      const read = await env.journal.readChunk(job.id, index);
      if (read.kind === 'corrupt') {
        // Never "not restored" for a record whose journal cannot be read (it may hold its new Id):
        // the job pauses with the reason and this step stops before anything is sent.
        await env.journal.commit({ jobId: job.id, update: pauseWithError(`Journal of chunk ${index} is unreadable`) });
        throw new UnreadableChunkError(job.id, index);
      }
      return read.kind === 'ok' ? read.chunk.outcomes[key] : undefined;
    },
  };
}

export async function runJobStep(env: StepEnv, job: JobMeta): Promise<StepResult> {
  const index = job.cursor;
  if (!job.openChunk) {
    if (job.cursor >= job.chunks) {
      await env.journal.commit({ jobId: job.id, update: (j) => finishIfDone(j, env.clock.now()) });
      return 'stop';
    }
    if (!isSending(job)) return 'stop';
    await env.checkpoint('between-chunks', job.id, index);
  }
  // Read even when the job says no chunk is open: a journal found at the cursor (the flag lost to a
  // damaged job entry) holds attempts that may have reached the service, and is never started over.
  const read = await env.journal.readChunk(job.id, index);
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
  if (!isSending(job)) return 'stop';
  if (chunk.queue.length > 0) return singleStep(env, job, chunk);
  const remaining = env.records.filter((r) => !(jobRecordKey(r) in chunk.outcomes));
  if (remaining.length === 0) {
    await save(env, job, chunk, chunk);
    return 'continue';
  }
  return batchStep(env, job, chunk, remaining);
}

/**
 * A record of another variant than the job's operation acts on (a restore's in a delete job) is
 * never handed to it: refused without a call, so the chunk still ends. Only a damaged journal holds one.
 */
const NOT_THIS_JOBS: RecordOutcome = {
  kind: 'refused',
  fault: { code: 'wrongRecordKind', message: 'This job cannot act on this kind of record.' },
};

async function batchStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal, remaining: JobRecord[]) {
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
  const own = remaining.filter((r) => env.operation.accepts(r));
  const prepared = await env.operation.prepare(env.client, own, operationContext(env, job, chunk, ''));
  env.readLead.ms = env.clock.now() - readStart;
  if (prepared.kind !== 'ok') {
    await env.journal.commit({
      jobId: job.id,
      update: failurePatch(prepared, env.clock.now(), env.retryDelayMs, 'retry'),
    });
    return 'stop';
  }
  const untilSlot = slot - env.clock.now();
  if (untilSlot > 0) await env.clock.sleep(untilSlot); // at most the lead: the throttle still rules
  const at = env.clock.now();
  const outcomes = { ...chunk.outcomes };
  for (const r of remaining) if (!env.operation.accepts(r)) outcomes[jobRecordKey(r)] = storedAt(NOT_THIS_JOBS, at);
  for (const [key, outcome] of prepared.skips) outcomes[key] = storedAt(outcome, at, prepared.intuitTid);
  if (prepared.send.length === 0) {
    await save(env, job, chunk, { ...chunk, outcomes });
    return 'continue';
  }
  const attempt: ChunkJournal = {
    ...chunk,
    outcomes,
    inFlight: prepared.send,
    batchCalls: chunk.batchCalls + 1,
    attemptId: env.newAttemptId(),
  };
  return sendJournaled(env, job, chunk, {
    attempt,
    throttleAt: at,
    send: () => env.operation.sendBatch(env.client, attempt.inFlight, operationContext(env, job, attempt)),
    // e.g. 1040: nothing applied; send the items one at a time to find the one refused.
    refusedWhole: (next) => {
      next.queue = attempt.inFlight;
    },
    // 429 / 401 / 403: nothing applied; the records are re-read and sent again after the wait.
    notApplied: () => undefined,
  });
}

/** After a whole-call refusal: the next item alone; a refusal is then that item's own answer. */
async function singleStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal): Promise<StepResult> {
  const [item, ...rest] = chunk.queue;
  if (!item) return 'continue';
  await env.clock.sleep(env.singleDeleteGapMs);
  const attempt: ChunkJournal = { ...chunk, queue: rest, inFlight: [item], attemptId: env.newAttemptId() };
  return sendJournaled(env, job, chunk, {
    attempt,
    send: () => env.operation.sendOne(env.client, item, operationContext(env, job, attempt)),
    refusedWhole: (next, answer, at) => {
      next.outcomes[item.key] = storedAt({ kind: 'refused', fault: answer.fault }, at, answer.meta.intuitTid);
    },
    notApplied: (next) => {
      next.queue = [item, ...rest]; // send later
    },
  });
}

/** R5: re-read what was maybe applied; a failed re-read waits and retries the READ, never the send. */
async function verifyStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal): Promise<StepResult> {
  const res = await env.operation.verify(env.client, chunk.verify, operationContext(env, job, chunk));
  await env.checkpoint('during-verification', job.id, chunk.index);
  const at = env.clock.now();
  if (res.kind !== 'ok') {
    await env.journal.commit({ jobId: job.id, update: failurePatch(res, at, env.retryDelayMs, 'verifying') });
    return 'stop';
  }
  const outcomes = { ...chunk.outcomes };
  for (const item of chunk.verify) {
    const outcome = res.outcomes.get(item.key);
    if (outcome) outcomes[item.key] = storedAt(outcome, at, res.intuitTid);
  }
  // An item the re-read could not settle stays to verify: wait and read again (never loop hot).
  const verify = chunk.verify.filter((item) => !res.outcomes.has(item.key));
  const patch = verify.length > 0 ? waitFor({ kind: 'verifying', until: at + env.retryDelayMs }) : undefined;
  await save(env, job, chunk, { ...chunk, outcomes, verify }, { patch });
  return patch ? 'stop' : 'continue';
}
