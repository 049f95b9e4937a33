import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import { checkConnectionInput } from '../lib/popup/derive';
import { ENVIRONMENT_LABEL, tokenTimeLeft } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { TextField } from './TextField';
import { TokenHelp } from './TokenHelp';

interface Props {
  model: PopupModel;
  onSaved: () => void;
  /** Present when a connection is already saved: go back to it without changes. */
  onKeep?: () => void;
  /** A paused job's company: only the token may change. */
  companyLocked?: boolean;
}

/** Company ID + access token. Form-local values live in useSignal; the model sends them. */
export function ConnectionForm({ model, onSaved, onKeep, companyLocked }: Props) {
  const c = model.connection.value!;
  const realmId = useSignal(c.realmId ?? c.pageRealmId ?? '');
  const token = useSignal('');
  const remember = useSignal(c.remember);
  const errors = useSignal<{ realmId?: string; token?: string }>({});
  const rememberHint = useId();
  const saving = model.pending.value === 'connection/save';

  async function submit(event: Event) {
    event.preventDefault();
    const checked = checkConnectionInput({ realmId: realmId.value, token: token.value, remember: remember.value });
    errors.value = checked.errors;
    if (checked.errors.realmId || checked.errors.token) return;
    if (await model.saveConnection(checked.value)) {
      token.value = '';
      onSaved();
    }
  }

  return (
    <form class="connection-form" onSubmit={submit} noValidate>
      <TextField
        label="Company ID"
        value={realmId}
        error={errors.value.realmId}
        inputMode="numeric"
        readOnly={companyLocked}
        hint={companyLocked ? 'Locked: the paused deletion belongs to this company.' : undefined}
      />
      <TextField label="Access token" type="password" value={token} error={errors.value.token} />
      <p class="hint">
        Environment: <strong>{ENVIRONMENT_LABEL[c.environment]}</strong>
        {c.hasToken && c.tokenExpiresAt !== undefined && ` · ${tokenTimeLeft(c.tokenExpiresAt, model.now.value)}`}
      </p>
      <TokenHelp />
      <div class="check">
        <input
          id={`${rememberHint}-box`}
          type="checkbox"
          checked={remember.value}
          onChange={(e) => (remember.value = e.currentTarget.checked)}
          aria-describedby={rememberHint}
        />
        <label for={`${rememberHint}-box`}>Remember on this device</label>
        <p id={rememberHint} class="hint">
          Stores the token on this computer's disk so it survives a browser restart. Off: it is forgotten when the
          browser closes.
        </p>
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={saving}>
          Save
        </button>
        {onKeep && (
          <button type="button" onClick={onKeep}>
            Keep current connection
          </button>
        )}
      </div>
    </form>
  );
}
