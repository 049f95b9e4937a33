import { useSignal } from '@preact/signals';
import type { ConnectionView } from '../lib/messaging/views';
import { companyText, sandboxNote, tokenTimeLeft } from '../lib/popup/format';

interface Props {
  connection: ConnectionView;
  now: number;
  onChange: () => void;
  onForget: () => void;
  /** While a job runs the company is locked: no Change, no Forget. */
  locked?: boolean;
}

/** A saved connection, compactly: company (name and Id), environment, token state, Change/Forget. */
export function ConnectionSummary({ connection: c, now, onChange, onForget, locked = false }: Props) {
  const confirming = useSignal(false);
  // A sign-in refreshes itself: no expiry to watch, and leaving it revokes it at Intuit ("Disconnect").
  const oauth = c.method === 'oauth';
  const expiry = c.tokenExpiresAt === undefined ? undefined : tokenTimeLeft(c.tokenExpiresAt, now);
  return (
    <div class="summary">
      {oauth ? (
        <p>
          <strong>{companyText(c)}</strong>
          {sandboxNote(c.environment)} · signed in with Intuit
          {c.remember ? ', stays connected on this device' : ' until the browser closes'}
        </p>
      ) : (
        <p>
          <strong>{companyText(c)}</strong>
          {sandboxNote(c.environment)} · connected with an access token
          {c.remember ? ' on this device' : ' until the browser closes'}
          {expiry && <span class={expiry === 'Token expired' ? 'expired' : undefined}> · {expiry}</span>}
        </p>
      )}
      {!locked && !confirming.value && (
        <div class="actions">
          {!oauth && (
            <button type="button" onClick={onChange}>
              Change
            </button>
          )}
          <button type="button" onClick={() => (confirming.value = true)}>
            {oauth ? 'Disconnect' : 'Forget'}
          </button>
        </div>
      )}
      {!locked && confirming.value && (
        <fieldset class="confirm">
          <legend class="sr-only">Confirm forgetting the connection</legend>
          <p>
            {oauth
              ? 'Disconnect this company? Safe Delete revokes its sign-in at Intuit; you will need to connect again to delete anything.'
              : 'Forget this company and its access token? You will need to paste a token again to delete anything.'}
          </p>
          <div class="actions">
            <button
              type="button"
              onClick={() => {
                confirming.value = false;
                onForget();
              }}
            >
              {oauth ? 'Yes, disconnect' : 'Yes, forget it'}
            </button>
            <button type="button" onClick={() => (confirming.value = false)}>
              Keep the connection
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
