import { formatTime, plural } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { SelectionList } from './SelectionList';
import { SelectionSummary } from './SelectionSummary';

/** What was ticked in QuickBooks, what the check found, and ways to change it. */
export function SelectionPanel({ model }: { model: PopupModel }) {
  const rows = model.selection.value;
  const preflight = model.state.value?.preflight;
  return (
    <section aria-labelledby="selection-heading">
      <h2 id="selection-heading">
        Selection {rows.length > 0 && <span class="muted">({plural(rows.length, 'transaction')})</span>}
      </h2>
      {rows.length === 0 ? (
        <p class="hint">Nothing selected yet. Tick transactions in a QuickBooks list, then open Safe Delete again.</p>
      ) : (
        <>
          <SelectionSummary entityCounts={model.entityCounts.value} statusCounts={model.statusCounts.value} />
          <p class="hint">
            {preflight?.running
              ? 'Checking each transaction…'
              : preflight
                ? `Checked at ${formatTime(preflight.at)}.`
                : 'Not checked yet.'}
            {preflight?.error && <span class="field-error"> The check failed: {preflight.error}</span>}
          </p>
          <SelectionList rows={rows} onRemove={(key) => void model.removeRow(key)} />
        </>
      )}
      <div class="actions">
        <button
          type="button"
          disabled={rows.length === 0 || preflight?.running}
          onClick={() => void model.checkAgain()}
        >
          Check again
        </button>
        <button type="button" disabled={rows.length === 0} onClick={() => void model.clearSelection()}>
          Clear selection
        </button>
      </div>
    </section>
  );
}
