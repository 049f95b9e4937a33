import { useSignal } from '@preact/signals';
import { companyText, sandboxNote } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { ConnectedCompanies } from './ConnectedCompanies';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionSummary } from './ConnectionSummary';
import { ConnectQuickBooks } from './ConnectQuickBooks';
import { EraseCompanyData } from './EraseCompanyData';

/**
 * The form until a company and token are saved, then a summary. While a job runs the company is
 * locked (no Change, no Forget); a job waiting for a token asks for it next to its warning.
 */
export function ConnectionPanel({ model }: { model: PopupModel }) {
  const editing = useSignal(false);
  const useToken = useSignal(false);
  const c = model.connection.value;
  if (!c) return null;
  const saved = c.hasToken && !!c.realmId;
  const active = model.jobActive.value;
  const tokenNeeded = model.job.value?.state === 'tokenNeeded';
  const showForm = !active && (!saved || editing.value);
  return (
    <section aria-labelledby="connection-heading" class="connection">
      <h2 id="connection-heading">Connection</h2>
      {tokenNeeded ? (
        <p>
          <strong>{companyText(c)}</strong>
          {sandboxNote(c.environment)} · locked while the deletion is paused
        </p>
      ) : showForm && !useToken.value && !(saved && c.method !== 'oauth') ? (
        <ConnectQuickBooks model={model} reconnect={c.needsReconnect} onUseToken={() => (useToken.value = true)} />
      ) : showForm ? (
        <ConnectionForm
          model={model}
          onSaved={() => {
            editing.value = false;
            useToken.value = false;
          }}
          onKeep={
            saved
              ? () => (editing.value = false)
              : () => {
                  useToken.value = false;
                }
          }
        />
      ) : (
        <ConnectionSummary
          connection={c}
          now={model.now.value}
          onChange={() => (editing.value = true)}
          onForget={() => void model.forgetConnection()}
          locked={active}
        />
      )}
      <ConnectedCompanies model={model} />
      <EraseCompanyData model={model} />
    </section>
  );
}
