import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import { RETENTION_DAYS, type RetentionDays } from '../lib/domain/retention';
import type { AuditView } from '../lib/messaging/views';
import type { PopupModel } from '../lib/popup/model';

/** "Did the file save?" after an export was handed to the browser. */
export interface SaveCheck {
  asking: boolean;
  onSaved: () => void;
  onExportAgain: () => void;
}

/** The model's question, for the views that show the export. */
export const saveCheckOf = (model: PopupModel): SaveCheck => ({
  asking: model.awaitingSave.value !== undefined,
  onSaved: () => void model.confirmAuditSaved(),
  onExportAgain: () => void model.exportAuditAgain(),
});

interface Props {
  onExport: (format: 'csv' | 'json') => void;
  /** Clears the exported entries (asks first). Absent: no clear button (e.g. while a job runs). */
  onClear?: () => void;
  /** "Keep exported entries": absent, no choice shown (the result view keeps it short). */
  onRetention?: (keepExportedDays: RetentionDays | undefined) => void;
  /** The log's size and what is not exported yet; absent until the background has answered. */
  audit?: AuditView;
  busy: boolean;
  /** Asked after the file is handed to the browser: only "Yes, the file is saved" marks it exported. */
  saveCheck?: SaveCheck;
}

/** The words of each choice: a new one in RETENTION_DAYS does not type-check until it has its words. */
const RETENTION_WORDS: Record<RetentionDays, string> = { 365: '1 year after export', 90: '90 days after export' };
const RETENTION = [
  { value: '', label: 'Keep everything' },
  ...RETENTION_DAYS.map((days) => ({ value: String(days), label: RETENTION_WORDS[days] })),
];

function size(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000)).toLocaleString()} KB`;
  return `${(bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/** The audit log's size in words: "Audit log: 25,000 records · 48.2 MB · 3,000 not exported yet". */
export function auditSummary(a: AuditView): string {
  if (a.entries === 0) return 'Audit log: empty';
  const records = `${a.entries.toLocaleString()} ${a.entries === 1 ? 'record' : 'records'}`;
  const waiting = a.notExported === 0 ? 'all exported' : `${a.notExported.toLocaleString()} not exported yet`;
  return `Audit log: ${records} · ${size(a.bytes)} · ${waiting}`;
}

/** Pick CSV (spreadsheets) or JSON (complete, with pre-delete snapshots), then export. */
export function AuditExport({ onExport, onClear, onRetention, audit, busy, saveCheck }: Props) {
  const format = useSignal<'csv' | 'json'>('csv');
  const confirming = useSignal(false);
  const id = useId();
  const retentionId = useId();
  return (
    <div class="export actions">
      {audit?.error && (
        <p class="warning" role="alert">
          The audit log cannot be read: {audit.error}. Nothing in it was removed. Export it before you delete more.
        </p>
      )}
      {audit && !audit.error && <p class="audit-size">{auditSummary(audit)}</p>}
      <label for={id}>Audit log format</label>
      <select id={id} value={format.value} onChange={(e) => (format.value = e.currentTarget.value as 'csv' | 'json')}>
        <option value="csv">CSV (spreadsheet)</option>
        <option value="json">JSON (complete)</option>
      </select>
      <button type="button" disabled={busy} onClick={() => onExport(format.value)}>
        Export audit log
      </button>
      {saveCheck?.asking && (
        <div class="save-check" aria-live="polite">
          <p>
            Did the file save? Until you say so, its entries count as not exported and "Clear audit log" keeps them.
          </p>
          <button type="button" onClick={saveCheck.onSaved}>
            Yes, the file is saved
          </button>{' '}
          <button type="button" disabled={busy} onClick={saveCheck.onExportAgain}>
            No, export again
          </button>
        </div>
      )}
      {onRetention && audit && !audit.error && (
        <>
          <label for={retentionId}>Keep exported entries</label>
          <select
            id={retentionId}
            value={audit.keepExportedDays === undefined ? '' : String(audit.keepExportedDays)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              onRetention(RETENTION_DAYS.find((days) => String(days) === v));
            }}
          >
            {RETENTION.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </>
      )}
      {onClear && !confirming.value && (
        <button type="button" class="link-button" onClick={() => (confirming.value = true)}>
          Clear audit log
        </button>
      )}
      {onClear && confirming.value && (
        <p class="warning">
          This removes the entries you have already exported. Entries not exported yet stay: the audit log is your only
          copy of deleted records.{' '}
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
