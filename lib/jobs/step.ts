/**
 * One step of one job, whatever its operation, re-derived from the journal every time (the state in
 * memory is never trusted across steps): recover an attempt left in flight (R5: verify it), verify,
 * send the next item alone after a whole-call refusal, or prepare (re-read) and send the next batch.
 * Every send goes through ./send.ts (journal, send, record).
 */

import {
  type ChunkJournal,
  type JobMeta,
  type JobRecord,
  jobRecordKey,
  type RecordOutcome,
  type SentItem,
} from '../journal/schema';
import { UnreadableChunkError } from '../journal/unreadable-chunk-error';
import { emptyChunk, storedAt } from './commit';
import { failurePatch, finishIfDone, isSending, type JobPatch, pauseFor, waitFor } from './lifecycle';
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
  beforeResend: OperationContext['beforeResend'] = async () => false,
): OperationContext {
  return {
    job,
    attemptId,
    records: env.byKey,
    landed: (item) => env.clock.now() >= landsBy(env, item),
    beforeResend,
    async outcomeOf(index, key) {
      if (index === chunk.index) return chunk.outcomes[key];
      const read = await env.journal.readChunk(job.id, index);
      if (read.kind === 'corrupt') {
        // Never "not restored" for a record whose journal cannot be read (it may hold its new Id):
        // the job pauses with the reason and this step stops before anything is sent.
        await env.journal.commit({
          jobId: job.id,
          update: pauseFor({ code: 'chunkUnreadable', chunk: index, part: 'journal' }),
        });
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
    await env.journal.commit({
      jobId: job.id,
      update: pauseFor({ code: 'chunkUnreadable', chunk: index, part: 'journal' }),
    });
    return 'stop';
  }
  const chunk = read.kind === 'ok' ? read.chunk : emptyChunk(index);
  if (chunk.inFlight.length > 0) {
    // Journaled with no outcome: the worker died around the send. Ambiguous (R5): verify, never re-send;
    // it may still land until its deadline (an item journaled without its send time: from now).
    const found = stamped(chunk.inFlight, env.clock.now());
    const next = { ...chunk, inFlight: [], verify: [...chunk.verify, ...found] };
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
const NOT_THIS_JOBS: RecordOutcome = { kind: 'declined', refusal: { code: 'wrongRecordKind' } };

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

/** The moment after which an item's write, if it reached the service, has surely been applied. */
function landsBy(env: StepEnv, item: SentItem): number {
  return (item.sentAt ?? Number.POSITIVE_INFINITY) + env.landingWindowMs;
}

/** Items with their send time: one journaled without it (an older build's) counts from `now`. */
function stamped<T extends SentItem>(items: readonly T[], now: number): T[] {
  return items.map((item) => (item.sentAt === undefined ? { ...item, sentAt: now } : item));
}

/**
 * R5: re-read what was maybe applied; a failed re-read waits and retries the READ, never the send.
 * A write that may still land (its deadline not passed) is not concluded on: the job waits for the
 * earliest deadline, then reads again.
 */
async function verifyStep(env: StepEnv, job: JobMeta, chunk: ChunkJournal): Promise<StepResult> {
  let current = chunk;
  if (chunk.verify.some((item) => item.sentAt === undefined)) {
    current = { ...chunk, verify: stamped(chunk.verify, env.clock.now()) };
    if (!(await save(env, job, chunk, current))) return 'stop';
  }
  const beforeResend = async (items: readonly SentItem[]) => {
    const again = new Set(items.map((item) => item.key));
    const now = env.clock.now();
    const verify = current.verify.map((item) => (again.has(item.key) ? { ...item, sentAt: now } : item));
    const next = { ...current, verify };
    if (!(await save(env, job, current, next))) return false;
    current = next;
    return true;
  };
  const res = await env.operation.verify(
    env.client,
    current.verify,
    operationContext(env, job, current, undefined, beforeResend),
  );
  await env.checkpoint('during-verification', job.id, chunk.index);
  const at = env.clock.now();
  if (res.kind !== 'ok') {
    await env.journal.commit({ jobId: job.id, update: failurePatch(res, at, env.retryDelayMs, 'verifying') });
    return 'stop';
  }
  const outcomes = { ...current.outcomes };
  for (const item of current.verify) {
    const outcome = res.outcomes.get(item.key);
    if (outcome) outcomes[item.key] = storedAt(outcome, at, res.intuitTid);
  }
  // An item not settled stays to verify: read again once its write may have landed, or after the retry
  // delay when the read itself left it open (never loop hot).
  const verify = current.verify.filter((item) => !res.outcomes.has(item.key));
  await save(env, job, current, { ...current, outcomes, verify }, { patch: verifyWait(env, verify, at) });
  return verify.length > 0 ? 'stop' : 'continue';
}

/** How the job waits for what is still to verify: for writes that may still land, or to read again. */
function verifyWait(env: StepEnv, verify: readonly SentItem[], at: number): JobPatch | undefined {
  if (verify.length === 0) return undefined;
  const landing = verify.map((item) => landsBy(env, item)).filter((by) => by > at);
  if (landing.length === 0) return waitFor({ kind: 'verifying', until: at + env.retryDelayMs });
  return waitFor({ kind: 'landing', until: Math.min(...landing), count: landing.length });
}
