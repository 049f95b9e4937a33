import { useId } from 'preact/hooks';
import { plural } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** The one click, the reconciled opt-in, and why the click is unavailable when it is. */
export function DeletePanel({ model }: { model: PopupModel }) {
  const id = useId();
  const blocker = model.deleteBlocker.value;
  const reconciled = model.reconciledCount.value;
  const include = model.includeReconciled.value;
  const deletable = model.deletableCount.value;
  const total = model.selection.value.length;
  const starting = model.pending.value === 'job/start';
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Delete</h2>
      <div class="check">
        <input
          id={`${id}-reconciled`}
          type="checkbox"
          checked={include}
          onChange={(e) => (model.includeReconciled.value = e.currentTarget.checked)}
        />
        <label for={`${id}-reconciled`}>Include reconciled transactions</label>
      </div>
      {include && reconciled > 0 && (
        <p class="warning">
          {plural(reconciled, 'reconciled transaction')} will be deleted. Deleting them changes reconciled balances.
        </p>
      )}
      {!blocker && (
        <p id={`${id}-what`} class="hint">
          Checks each of the {plural(deletable, 'transaction')} again just before deleting it
          {deletable < total ? `; the other ${total - deletable} stay untouched.` : '.'}
        </p>
      )}
      {blocker && (
        <p id={`${id}-why`} class={model.companyMismatch.value ? 'warning' : 'hint'}>
          {blocker}
        </p>
      )}
      <button
        type="button"
        class="danger"
        disabled={!!blocker || starting}
        aria-describedby={blocker ? `${id}-why` : `${id}-what`}
        onClick={() => void model.startJob()}
      >
        Verify and delete selected
      </button>
    </section>
  );
}
