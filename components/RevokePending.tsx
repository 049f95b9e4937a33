import type { PopupState } from '../lib/messaging/views';
import { companyText, ENVIRONMENT_LABEL } from '../lib/popup/format';

export const REVOKE_FAILED_TEXT = 'Safe Delete could not reach Intuit to end the sign-in. Try again';

interface Props {
  /** The companies whose ended sign-in is not revoked at Intuit yet. */
  companies: PopupState['connections'];
  busy: boolean;
  onRetry: (realmId: string, environment: PopupState['connections'][number]['environment']) => void;
}

/**
 * A sign-in that ended here (Disconnect, or replaced) but is still alive at Intuit: said for each
 * company, never hidden in a collapsed list, with "Try again" (a success forgets a disconnected one).
 */
export function RevokePending({ companies, busy, onRetry }: Props) {
  if (companies.length === 0) return null;
  return (
    <ul class="revoke-pending">
      {companies.map((c) => (
        <li key={`${c.environment}.${c.realmId}`} class="notice notice-error">
          <p>
            <strong>{companyText(c) ?? c.realmId}</strong> · {ENVIRONMENT_LABEL[c.environment]}
          </p>
          <p>{REVOKE_FAILED_TEXT}</p>
          <button type="button" disabled={busy} onClick={() => onRetry(c.realmId, c.environment)}>
            Try again
          </button>
        </li>
      ))}
    </ul>
  );
}
