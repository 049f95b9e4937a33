/** The toolbar badge: the selection count, then the job's progress. */
import { isActiveJobState } from '../domain/jobs';
import type { CompanyScope } from '../domain/scope';
import type { JobSnapshot } from '../jobs/types';

export interface BadgeApi {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
}

export function badgeText(input: { selected: number; job?: { done: number; total: number; active: boolean } }): string {
  if (input.job?.active && input.job.total > 0) return `${Math.floor((input.job.done / input.job.total) * 100)}%`;
  if (input.selected <= 0) return '';
  return input.selected > 999 ? '999+' : String(input.selected);
}

export async function showBadge(api: BadgeApi, text: string, busy: boolean): Promise<void> {
  await api.setBadgeBackgroundColor({ color: busy ? '#1a73e8' : '#2e7d32' });
  await api.setBadgeText({ text });
}

/** What the badge reads: the company in view, its selection's size and its latest job. */
export interface BadgeDeps {
  api?: BadgeApi;
  currentScope(): Promise<CompanyScope | undefined>;
  selectedCount(scope: CompanyScope): Promise<number>;
  latestJob(scope: CompanyScope): Promise<JobSnapshot | undefined>;
}

/** Redraws the badge on a change; a redraw asked for while one runs is dropped (the next change draws). */
export function createBadge(deps: BadgeDeps) {
  let busy = false;
  return {
    async refresh(): Promise<void> {
      if (!deps.api || busy) return;
      busy = true;
      try {
        const scope = await deps.currentScope();
        const job = scope ? await deps.latestJob(scope) : undefined;
        const selected = scope ? await deps.selectedCount(scope) : 0;
        const active = job ? isActiveJobState(job.status) : false;
        const text = badgeText({ selected, job: job ? { done: job.done, total: job.total, active } : undefined });
        await showBadge(deps.api, text, active);
      } finally {
        busy = false;
      }
    },
  };
}
