import type { PopupState } from '../lib/messaging/views';
import { companyText, sandboxNote } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { pendingRevokes } from './ConnectedCompanies';

export const REVOKE_FAILED_TEXT = 'Safe Delete could not reach Intuit to end the sign-in. Try again';
/**
 * A sign-in the broker will never revoke for this installation (older than its key or its wrapping):
 * only QuickBooks can end it, and disconnecting the app there ends every sign-in of it to the company.
 */
export const END_IN_QUICKBOOKS_TEXT =
  "Safe Delete cannot end an older sign-in to this company itself. End it in QuickBooks: in this company, open Apps, find Safe Delete's app and choose Disconnect. That ends every Safe Delete sign-in to the company: connect again afterwards if you still need it.";

type Company = PopupState['connections'][number];

interface Props {
  /** The companies whose ended sign-in is not revoked at Intuit yet, or must be ended in QuickBooks. */
  companies: Company[];
  busy: boolean;
  onRetry: (realmId: string, environment: Company['environment']) => void;
  onDismiss: (realmId: string, environment: Company['environment']) => void;
}

/**
 * A sign-in that ended here (Disconnect, or replaced) but is still alive at Intuit: said for each
 * company, never hidden in a collapsed list, with "Try again" (a success forgets a disconnected one),
 * or, when Safe Delete cannot end it, how to end it in QuickBooks and "Dismiss".
 */
export function RevokePending({ companies, busy, onRetry, onDismiss }: Props) {
  if (companies.length === 0) return null;
  return (
    <ul class="revoke-pending">
      {companies.map((c) => {
        const name = companyText(c) ?? c.realmId;
        return (
          <li key={`${c.environment}.${c.realmId}`} class="notice notice-error">
            <p>
              <strong>{name}</strong>
              {sandboxNote(c.environment)}
            </p>
            {c.revokePending && (
              <>
                <p>{REVOKE_FAILED_TEXT}</p>
                <button type="button" disabled={busy} onClick={() => onRetry(c.realmId, c.environment)}>
                  Try again
                </button>
              </>
            )}
            {c.endInQuickBooks && (
              <>
                <p>{END_IN_QUICKBOOKS_TEXT}</p>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Dismiss the notice about ${name}`}
                  onClick={() => onDismiss(c.realmId, c.environment)}
                >
                  Dismiss
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The popup's part (loaded on demand by ConnectedCompanies): the companies and actions from the model. */
export function RevokePendingPart({ model }: { model: PopupModel }) {
  return (
    <RevokePending
      companies={pendingRevokes(model)}
      busy={model.pending.value === 'connection/revokeRetry' || model.pending.value === 'connection/revokeDismiss'}
      onRetry={(realmId, environment) => void model.revokeAction('Retry', realmId, environment)}
      onDismiss={(realmId, environment) => void model.revokeAction('Dismiss', realmId, environment)}
    />
  );
}
