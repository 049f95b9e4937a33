/**
 * What the background does when a job moves, besides redrawing the views: a 401 drops the token that
 * was refused (a signed-in company refreshes once and goes on, else waits for the sign-in service),
 * and a job that finishes while no view is watching is announced by a notification (its words:
 * lib/popup/words/notices.ts).
 */
import type { TokenProvider } from '../connection/token-provider';
import type { createTokenWake } from '../connection/token-wake';
import { operationOf } from '../domain/operations';
import { scopeKey } from '../domain/scope';
import type { JobRunner, JobSnapshot } from '../jobs/types';
import type { OutcomeKind } from '../journal/schema';
import { finishedNotice } from '../popup/words/notices';

/** A view that polled this recently sees the end itself: no notification. */
const WATCHED_MS = 3_000;

export interface JobReactionDeps {
  runner: Pick<JobRunner, 'subscribe' | 'tokenAvailable'>;
  provider: Pick<TokenProvider, 'afterUnauthorized'>;
  tokenWake: Pick<ReturnType<typeof createTokenWake>, 'schedule'>;
  /** The last token handed to a call, per company (`scopeKey`): a 401 drops that token and no newer one. */
  tokenUsed: ReadonlyMap<string, string>;
  notify?: (title: string, message: string) => Promise<void>;
  now: () => number;
  lastPollAt: () => number;
  changed: () => void;
}

export function reactToJobs(deps: JobReactionDeps): void {
  deps.runner.subscribe((event) => {
    deps.changed();
    const job: JobSnapshot = event.job;
    if (job.status === 'tokenNeeded') {
      const scope = { realmId: job.realmId, environment: job.environment };
      void deps.provider
        .afterUnauthorized(scope, deps.tokenUsed.get(scopeKey(job)))
        .then((fresh) => (fresh ? deps.runner.tokenAvailable(job.realmId) : deps.tokenWake.schedule(scope)))
        .catch(() => undefined);
    }
    if ((job.status === 'done' || job.status === 'cancelled') && deps.now() - deps.lastPollAt() > WATCHED_MS) {
      const op = operationOf(job.operation);
      const done = op.notified.reduce((n, kind) => n + (job.counts[kind as OutcomeKind] ?? 0), 0);
      const notice = finishedNotice(done, op.doneGroup, job.total);
      void deps.notify?.(notice.title, notice.message);
    }
  });
}
