import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';

interface Props {
  onExport: (format: 'csv' | 'json') => void;
  /** Clears the stored log (asks first). Absent: no clear button (e.g. while a job runs). */
  onClear?: () => void;
  busy: boolean;
}

/** Pick CSV (spreadsheets) or JSON (complete, with pre-delete snapshots), then export. */
export function AuditExport({ onExport, onClear, busy }: Props) {
  const format = useSignal<'csv' | 'json'>('csv');
  const confirming = useSignal(false);
  const id = useId();
  return (
    <div class="export actions">
      <label for={id}>Audit log format</label>
      <select id={id} value={format.value} onChange={(e) => (format.value = e.currentTarget.value as 'csv' | 'json')}>
        <option value="csv">CSV (spreadsheet)</option>
        <option value="json">JSON (complete)</option>
      </select>
      <button type="button" disabled={busy} onClick={() => onExport(format.value)}>
        Export audit log
      </button>
      {onClear && !confirming.value && (
        <button type="button" class="link-button" onClick={() => (confirming.value = true)}>
          Clear audit log
        </button>
      )}
      {onClear && confirming.value && (
        <p class="warning">
          The audit log is your only copy of deleted records. Export it first.{' '}
          <button
            type="button"
            onClick={() => {
              confirming.value = false;
              onClear();
            }}
          >
            Yes, clear it
          </button>{' '}
          <button type="button" onClick={() => (confirming.value = false)}>
            Keep it
          </button>
        </p>
      )}
    </div>
  );
}
