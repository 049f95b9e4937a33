import { useSignal } from '@preact/signals';
import type { CompanyDataView } from '../lib/messaging/views';
import { companyText, sandboxNote } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

const key = (c: Pick<CompanyDataView, 'environment' | 'realmId'>) => `${c.environment}.${c.realmId}`;
const records = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'audit record' : 'audit records'}`;

/** Whether the snapshots were exported, in words: the person decides on this. */
export function exportedWords(c: CompanyDataView): string {
  if (c.auditEntries === 0) return 'no audit records';
  if (c.notExported === 0) return `${records(c.auditEntries)}, all exported`;
  if (c.notExported === c.auditEntries) return `${records(c.auditEntries)}, none exported yet`;
  return `${records(c.auditEntries)}, ${c.notExported.toLocaleString()} not exported yet`;
}

/**
 * "Erase this company's local data": every company whose data this device keeps,
 * connected or not (after Disconnect or Forget), each erasable behind a confirmation that says what
 * goes and that the audit snapshots are the only copy of deleted records. Not while its job runs.
 */
export function EraseCompanyData({ model }: { model: PopupModel }) {
  const asking = useSignal<string | undefined>(undefined);
  const list = model.localData.value;
  if (list.length === 0) return null;
  return (
    <details class="companies local-data">
      <summary>Data kept on this device ({list.length})</summary>
      <ul>
        {list.map((c) => {
          const name = companyText(c) ?? c.realmId;
          const open = asking.value === key(c);
          return (
            <li key={key(c)}>
              <span>
                {name}
                {sandboxNote(c.environment)} · {c.connected ? 'connected' : 'not connected'} · {exportedWords(c)}
              </span>
              {c.jobActive ? (
                <span class="hint"> · a job is running: erase after it ends</span>
              ) : (
                !open && (
                  <button type="button" class="link-button" onClick={() => (asking.value = key(c))}>
                    Erase this company's local data
                  </button>
                )
              )}
              {open && !c.jobActive && (
                <div class="warning">
                  <p>
                    Erase everything this device keeps about {name}
                    {c.environment === 'sandbox' ? ' (Sandbox)' : ''}: its {exportedWords(c)}, its finished jobs and
                    runs, its selection and its checks.
                    {c.connected ? ' The connection stays: use Disconnect to end it.' : ''}
                  </p>
                  {c.auditEntries > 0 && (
                    <p>
                      The audit records hold the only copy of the records Safe Delete deleted: QuickBooks has no undo.{' '}
                      {c.notExported > 0
                        ? 'Export first: use "Export audit log" and keep the file before you erase.'
                        : 'They were all exported: keep that file.'}
                    </p>
                  )}
                  <button
                    type="button"
                    onClick={() => {
                      asking.value = undefined;
                      void model.eraseCompany(c.realmId, c.environment);
                    }}
                  >
                    Erase
                  </button>{' '}
                  <button type="button" onClick={() => (asking.value = undefined)}>
                    Keep the data
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
