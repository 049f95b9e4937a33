/**
 * What the popup's polite live region says when the background's state moves on: the check
 * finished, a batch was processed, the job ended. Pure: the model calls it with the state it had
 * and the state it got.
 */
import { DELETE, VOID } from '../domain/operations';
import type { PopupState } from '../messaging/views';
import { ACTIVE_JOB_STATES } from './derive';
import { operationWords } from './operation-words';
import { buildPlan, type PlanOptions } from './plan';

export function announcement(prev: PopupState | undefined, next: PopupState, options: PlanOptions): string | undefined {
  if (!prev) return undefined;
  const before = prev.job;
  const job = next.job;
  if (job) {
    const active = ACTIVE_JOB_STATES.has(job.state);
    const wasActive = !!before && before.id === job.id && ACTIVE_JOB_STATES.has(before.state);
    const words = operationWords(job);
    const { paused: noun, done } = words;
    if (!before || before.id !== job.id)
      return active ? `${words.heading} started: ${job.total} to process.` : undefined;
    if (wasActive && !active) {
      const c = job.counts;
      const notDone = c.skipped + c.refused + c.needsAttention;
      const head = job.state === 'cancelled' ? 'Cancelled' : 'Finished';
      return `${head}: ${c[done] ?? 0} ${done}, ${notDone} not ${done}${c.needsAttention ? `, ${c.needsAttention} need attention` : ''}.`;
    }
    if (active && job.done > before.done) return `Processed ${job.done} of ${job.total}.`;
    if (job.state === 'paused' && before.state !== 'paused') return `${noun} paused.`;
    // A sign-in is renewed by reconnecting; only the developers' pasted token is pasted again.
    if (job.state === 'tokenNeeded' && before.state !== 'tokenNeeded')
      return next.connection.method === 'oauth'
        ? `${noun} paused until you reconnect to QuickBooks.`
        : `${noun} paused until a new access token is saved.`;
    return undefined;
  }
  if (prev.preflight?.running && next.preflight && !next.preflight.running) {
    if (next.preflight.error) return 'The check failed.';
    const plan = buildPlan(next.selection, options);
    const will = plan.groups.willDelete.rows.length;
    const rest = next.selection.length - will;
    return `Check finished: ${will} to ${(options.voidInstead ? VOID : DELETE).words.verb}${rest ? `, ${rest} not` : ''}.`;
  }
  return undefined;
}
