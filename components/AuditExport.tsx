import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';

interface Props {
  onExport: (format: 'csv' | 'json') => void;
  busy: boolean;
}

/** Pick CSV (spreadsheets) or JSON (complete, with pre-delete snapshots), then export. */
export function AuditExport({ onExport, busy }: Props) {
  const format = useSignal<'csv' | 'json'>('csv');
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
    </div>
  );
}
