import { useSignal } from '@preact/signals';
import type { PopupModel } from '../lib/popup/model';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionSummary } from './ConnectionSummary';

/** The form until a company and token are saved (or the job needs a new token), then a summary. */
export function ConnectionPanel({ model }: { model: PopupModel }) {
  const editing = useSignal(false);
  const c = model.connection.value;
  if (!c) return null;
  const saved = c.hasToken && !!c.realmId;
  const tokenNeeded = model.job.value?.state === 'tokenNeeded';
  const showForm = !saved || editing.value || tokenNeeded;
  return (
    <section aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      {showForm ? (
        <ConnectionForm
          model={model}
          onSaved={() => {
            editing.value = false;
          }}
          onKeep={saved && !tokenNeeded ? () => (editing.value = false) : undefined}
        />
      ) : (
        <ConnectionSummary
          connection={c}
          now={model.now.value}
          onChange={() => (editing.value = true)}
          onForget={() => void model.forgetConnection()}
        />
      )}
    </section>
  );
}
