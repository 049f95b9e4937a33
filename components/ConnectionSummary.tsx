import type { ConnectionView } from '../lib/messaging/views';
import { ENVIRONMENT_LABEL, tokenTimeLeft } from '../lib/popup/format';

interface Props {
  connection: ConnectionView;
  now: number;
  onChange: () => void;
  onForget: () => void;
}

/** A saved connection, compactly: company, environment, token state, Change/Forget. */
export function ConnectionSummary({ connection: c, now, onChange, onForget }: Props) {
  const expiry = c.tokenExpiresAt === undefined ? undefined : tokenTimeLeft(c.tokenExpiresAt, now);
  return (
    <div class="summary">
      <p>
        Company <strong>{c.realmId}</strong> · {ENVIRONMENT_LABEL[c.environment]} · token saved
        {c.remember ? ' on this device' : ' until the browser closes'}
        {expiry && <span class={expiry === 'Token expired' ? 'expired' : undefined}> · {expiry}</span>}
      </p>
      <div class="actions">
        <button type="button" onClick={onChange}>
          Change
        </button>
        <button type="button" onClick={onForget}>
          Forget
        </button>
      </div>
    </div>
  );
}
