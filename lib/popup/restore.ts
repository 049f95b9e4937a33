/**
 * "Restore deleted records", the popup's side: ask the background what a restore
 * would do (`restore/preview`, said before the final click), then start it (`restore/start`; the
 * answer is the new state, the restore then shows as the current job). The company is always the
 * one the view shows: every request names it, and the background refuses it when it differs.
 */
import type { Signal } from '@preact/signals';
import type { Entity } from '../domain/entities';
import { DELETE } from '../domain/operations';
import type { CompanyScope } from '../domain/scope';
import type { PageMessageType, Reply, RequestOf } from '../messaging/protocol';
import type { JobView, PopupState, RestoreFilter, RestorePreview } from '../messaging/views';

export type { RestoreFilter, RestorePreview };

export const NO_ANSWER = 'Safe Delete did not answer. Please try again in a moment.';
export const NO_COMPANY = 'No QuickBooks company is open here yet: open one, then try again.';

/** What the model lends the restore actions: its request, its act and its two signals. */
export interface RestoreDeps {
  request: (message: RequestOf<'restore/preview'>) => Promise<Reply<RestorePreview> | undefined>;
  act: (message: RequestOf<'restore/start'>) => Promise<boolean>;
  actionError: Signal<string | undefined>;
  pending: Signal<PageMessageType | undefined>;
  /** The company the view shows (undefined: none), named in every request. */
  shownCompany: () => CompanyScope | undefined;
}

/** An answer shaped like a preview (the protocol types it; a half-written one counts as none). */
function isPreview(data: unknown): data is RestorePreview {
  const p = data as Partial<RestorePreview> | undefined;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.willRestore === 'number' &&
    typeof p.scope === 'object' &&
    Array.isArray(p.refused) &&
    Array.isArray(p.cannotComeBack)
  );
}

export function createRestoreActions({ request, act, actionError, pending, shownCompany }: RestoreDeps) {
  return {
    /** What a restore of `filter` would do; undefined (with `actionError` set) when there is no answer. */
    async previewRestore(filter: RestoreFilter): Promise<RestorePreview | undefined> {
      const scope = shownCompany();
      if (!scope) {
        actionError.value = NO_COMPANY;
        return undefined;
      }
      pending.value = 'restore/preview';
      const reply = await request({ type: 'restore/preview', filter, scope }).finally(() => {
        pending.value = undefined;
      });
      if (!reply || (reply.ok && !isPreview(reply.data))) actionError.value = NO_ANSWER;
      else if (!reply.ok) actionError.value = reply.error;
      else {
        actionError.value = undefined;
        return reply.data;
      }
      return undefined;
    },
    /**
     * Starts the restore the person was shown: the preview's company and plan stamp go with it, so
     * a plan that changed since (another view started a restore, a record came back) is refused.
     * `allowDuplicateDocNumbers` is sent only when the person ticked it; so are the records that may
     * already be back (`includeUnconfirmed`), with the stamp of the plan that includes them.
     */
    startRestore(
      filter: RestoreFilter,
      allowDuplicateDocNumbers: boolean,
      preview: RestorePreview,
      includeUnconfirmed = false,
    ): Promise<boolean> {
      const withThem = includeUnconfirmed ? preview.unconfirmed?.ifRestored : undefined;
      return act({
        type: 'restore/start',
        filter,
        scope: withThem ? { ...preview.scope, stamp: withThem.stamp } : preview.scope,
        ...(allowDuplicateDocNumbers ? { allowDuplicateDocNumbers: true } : {}),
        ...(withThem ? { includeUnconfirmed: true } : {}),
      });
    },
  };
}

/** A filter as the form holds it: empty strings for "All runs", "All types" and no date. */
export interface RestoreFilterInput {
  jobId: string;
  from: string;
  to: string;
  entity: Entity | '';
}

/** The filter to send: only what the person chose (an empty field is no filter). */
export function restoreFilter(input: RestoreFilterInput): RestoreFilter {
  return {
    ...(input.jobId ? { jobId: input.jobId } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
    ...(input.entity ? { entities: [input.entity] } : {}),
  };
}

/** Why the filter cannot be previewed, in words; undefined when it can. */
export function filterProblem(input: RestoreFilterInput): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if ((input.from && !day.test(input.from)) || (input.to && !day.test(input.to)))
    return 'Enter the dates as a full day (year, month and day).';
  if (input.from && input.to && input.from > input.to) return 'The "from" date is after the "to" date.';
  return undefined;
}

/** A finished delete run that deleted something: "Restore deleted records" can take it back. */
export function canRestoreRun(job: JobView): boolean {
  return job.operation === DELETE.kind && (job.state === 'done' || job.state === 'cancelled') && job.counts.deleted > 0;
}

/** The deletion runs the person may pick (the current one first when finished, then the recent ones). */
export function deletionRuns(state: PopupState | undefined): JobView[] {
  if (!state) return [];
  const runs = [...(state.job ? [state.job] : []), ...state.recentRuns];
  const seen = new Set<string>();
  return runs.filter((run) => {
    if (seen.has(run.id) || !canRestoreRun(run)) return false;
    seen.add(run.id);
    return true;
  });
}
