/**
 * The write-ahead sequence every request of a job goes through, written once for every operation
 * and both ways of sending (a batch, or one item after a whole-call refusal):
 *
 *   1. journal the attempt (its items `inFlight`) — a worker that dies after this finds them and
 *      verifies them (R5), never re-sends;
 *   2. send;
 *   3. record the answer: per-item outcomes, items to verify (no answer, 5xx, dropped connection),
 *      or the call-level result (refused whole; not applied: 429/401/403 → wait).
 */
import type { ChunkJournal, JobMeta } from '../journal/schema';
import type { CallFailure } from '../qbo/outcomes';
import { storedAt } from './commit';
import { failurePatch, type JobPatch } from './lifecycle';
import type { SendAnswer } from './operation';
import { type StepEnv, type StepResult, save } from './step-env';

export interface JournaledSend {
  /** The chunk as journaled before the request: its `inFlight` is what is sent. */
  attempt: ChunkJournal;
  /** Record a batch call in the company's throttle window (journaled with the attempt). */
  throttleAt?: number;
  send(): Promise<SendAnswer>;
  /** Nothing was applied and the service refused the whole call: what the chunk becomes. */
  refusedWhole(next: ChunkJournal, answer: Extract<CallFailure, { kind: 'refusedWhole' }>, at: number): void;
  /** Nothing was applied (429 / 401 / 403): what the chunk becomes until the wait is over. */
  notApplied(next: ChunkJournal): void;
}

export async function sendJournaled(
  env: StepEnv,
  job: JobMeta,
  chunk: ChunkJournal,
  s: JournaledSend,
): Promise<StepResult> {
  // Each item carries when it was sent: an answer lost now leaves its write unknown until its deadline.
  const sentAt = env.clock.now();
  const attempt: ChunkJournal = { ...s.attempt, inFlight: s.attempt.inFlight.map((item) => ({ ...item, sentAt })) };
  const journaled = await save(env, job, chunk, attempt, { throttleAt: s.throttleAt });
  // No write-ahead, no send: a job gone from the list (removed, or its entry unreadable) has nowhere
  // to record the attempt, and a send nobody journaled is one a dead worker could never verify.
  if (!journaled) return 'stop';
  await env.checkpoint('after-attempt-journaled', job.id, chunk.index);
  const answer = await s.send();
  await env.checkpoint('after-send-before-response', job.id, chunk.index);
  const at = env.clock.now();
  const next: ChunkJournal = { ...attempt, inFlight: [], outcomes: { ...attempt.outcomes } };
  let patch: JobPatch | undefined;
  switch (answer.kind) {
    case 'perItem':
      for (const item of attempt.inFlight) {
        const outcome = answer.results.get(item.bId) ?? 'verify';
        if (outcome === 'verify') next.verify = [...next.verify, item];
        else next.outcomes[item.key] = storedAt(outcome, at, answer.intuitTid);
      }
      break;
    case 'refusedWhole':
      s.refusedWhole(next, answer, at);
      break;
    case 'ambiguous':
    case 'incomplete':
      next.verify = [...next.verify, ...attempt.inFlight]; // R5: maybe applied
      break;
    default:
      s.notApplied(next);
      patch = failurePatch(answer, at, env.retryDelayMs, 'retry');
  }
  await env.checkpoint('after-response-before-outcomes-written', job.id, chunk.index);
  await save(env, journaled, attempt, next, { patch });
  await env.checkpoint('after-outcomes-written', job.id, chunk.index);
  return patch ? 'stop' : 'continue';
}
