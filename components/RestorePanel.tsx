import { useSignal } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import { ENTITIES, type Entity } from '../lib/domain/entities';
import type { JobView, RestorePreview as Preview, RestoreFilter } from '../lib/messaging/views';
import { ENTITY_LABEL, formatDateTime } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { deletionRuns, filterProblem, type RestoreFilterInput, restoreFilter } from '../lib/popup/restore';

/**
 * The preview-then-confirm flow both entry points share: ask for the preview, show it, start the
 * restore with the same filter, or cancel (the focus goes back to the button that asked).
 */
/** The preview's component, fetched with the preview itself: it stays out of the popup's first bundle. */
type PreviewComponent = typeof import('./RestorePreview')['RestorePreview'];

function useRestoreFlow(model: PopupModel) {
  const preview = useSignal<{ filter: RestoreFilter; preview: Preview; View: PreviewComponent } | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (preview.value || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  });
  const pending = model.pending.value;
  return {
    trigger,
    busy: pending === 'restore/preview' || pending === 'restore/start',
    shown: preview.value,
    async ask(filter: RestoreFilter) {
      const [got, module] = await Promise.all([
        model.previewRestore(filter),
        import('./RestorePreview').catch(() => undefined),
      ]);
      if (got && !module) model.actionError.value = 'The restore preview could not be shown. Reload Safe Delete.';
      preview.value = got && module ? { filter, preview: got, View: module.RestorePreview } : undefined;
    },
    clear() {
      preview.value = undefined;
    },
    view() {
      const p = preview.value;
      if (!p) return null;
      return (
        <p.View
          preview={p.preview}
          busy={pending === 'restore/preview' || pending === 'restore/start'}
          onConfirm={(allow, unconfirmed) => void model.startRestore(p.filter, allow, p.preview, unconfirmed)}
          onCancel={() => {
            refocus.current = true;
            preview.value = undefined;
          }}
        />
      );
    },
  };
}

/** A finished deletion run's "Restore deleted records": the preview of this run, then the click. */
export function RestoreRun({ model, job }: { model: PopupModel; job: JobView }) {
  const flow = useRestoreFlow(model);
  return (
    <div class="restore">
      {!flow.shown && (
        <div class="actions">
          <button
            type="button"
            ref={flow.trigger}
            disabled={flow.busy}
            onClick={() => void flow.ask({ jobId: job.id })}
          >
            Restore deleted records
          </button>
          <span class="hint">Shows what comes back before anything is sent to QuickBooks.</span>
        </div>
      )}
      {flow.view()}
    </div>
  );
}

function runLabel(run: JobView): string {
  const when = formatDateTime(run.finishedAt ?? run.startedAt);
  return `${run.state === 'cancelled' ? 'Cancelled' : 'Finished'} ${when}: ${run.counts.deleted.toLocaleString()} deleted`;
}

const NO_FILTER: RestoreFilterInput = { jobId: '', from: '', to: '', entity: '' };

/**
 * The audit log's "Restore deleted records": which deleted records (one deletion run or all, their
 * dates, their type), then the same preview and click. The company is always the connected one.
 */
export function RestoreFromLog({ model }: { model: PopupModel }) {
  const open = useSignal(false);
  const input = useSignal<RestoreFilterInput>(NO_FILTER);
  const flow = useRestoreFlow(model);
  const id = useId();
  const runs = deletionRuns(model.state.value);
  const problem = filterProblem(input.value);
  const set = (change: Partial<RestoreFilterInput>) => {
    input.value = { ...input.value, ...change };
    flow.clear(); // a preview answers the filter it was asked for, never a changed one
  };
  return (
    <div class="restore restore-log">
      <button
        type="button"
        class="link-button"
        aria-expanded={open.value}
        aria-controls={`${id}-form`}
        onClick={() => {
          open.value = !open.value;
          if (!open.value) flow.clear();
        }}
      >
        Restore deleted records
      </button>
      {open.value && (
        <div id={`${id}-form`} class="restore-form">
          <p class="hint">
            Re-creates transactions Safe Delete deleted in the connected company, from the copies in its audit log. You
            see what will happen before anything is sent to QuickBooks.
          </p>
          <div class="restore-filters">
            <label for={`${id}-run`}>Deletion run</label>
            <select id={`${id}-run`} value={input.value.jobId} onChange={(e) => set({ jobId: e.currentTarget.value })}>
              <option value="">All runs</option>
              {runs.map((run) => (
                <option key={run.id} value={run.id}>
                  {runLabel(run)}
                </option>
              ))}
            </select>
            <label for={`${id}-from`}>Transaction date from</label>
            <input
              id={`${id}-from`}
              type="date"
              value={input.value.from}
              onInput={(e) => set({ from: e.currentTarget.value })}
            />
            <label for={`${id}-to`}>Transaction date to</label>
            <input
              id={`${id}-to`}
              type="date"
              value={input.value.to}
              onInput={(e) => set({ to: e.currentTarget.value })}
            />
            <label for={`${id}-type`}>Type</label>
            <select
              id={`${id}-type`}
              value={input.value.entity}
              onChange={(e) => set({ entity: e.currentTarget.value as Entity | '' })}
            >
              <option value="">All types</option>
              {ENTITIES.map((e) => (
                <option key={e} value={e}>
                  {ENTITY_LABEL[e]}
                </option>
              ))}
            </select>
          </div>
          {problem && <p class="field-error">{problem}</p>}
          {!flow.shown && (
            <div class="actions">
              <button
                type="button"
                ref={flow.trigger}
                disabled={flow.busy || !!problem}
                onClick={() => void flow.ask(restoreFilter(input.value))}
              >
                Preview restore
              </button>
            </div>
          )}
          {flow.view()}
        </div>
      )}
    </div>
  );
}
