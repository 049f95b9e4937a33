import { companyText, sandboxNote } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { lazyWhen } from './LazyWhen';

/** Whose ended sign-in is still alive at Intuit, or must be ended in QuickBooks: rarely anyone. */
export const pendingRevokes = (model: PopupModel) =>
  model.connections.value.filter((c) => c.revokePending || c.endInQuickBooks);

/** Fetched the first time a sign-in is left to end (the popup's JS budget, bench "bundle sizes"). */
const RevokePendingMount = lazyWhen(
  () => import('./RevokePending').then((m) => m.RevokePendingPart),
  (model) => pendingRevokes(model).length > 0,
  'The sign-ins left to end',
);

/**
 * Every connected company, each with "Disconnect" (not while its deletion runs); above it, any
 * company whose ended sign-in could not be revoked at Intuit, with "Try again", or must be ended in
 * QuickBooks, with "Dismiss".
 */
export function ConnectedCompanies({ model }: { model: PopupModel }) {
  const all = model.connections.value;
  // A disconnected company waiting for its revoke is no longer connected: shown only above.
  const list = all.filter((c) => !c.disconnecting);
  const pending = pendingRevokes(model);
  const showList = list.length >= 2 || list.some((c) => c.needsReconnect);
  if (!showList && pending.length === 0) return null;
  const job = model.job.value;
  const busy = model.jobActive.value;
  return (
    <>
      <RevokePendingMount model={model} />
      {showList && (
        <details class="companies">
          <summary>Connected companies ({list.length})</summary>
          <ul>
            {list.map((c) => {
              const name = companyText(c) ?? c.realmId;
              const locked = busy && job?.realmId === c.realmId && job.environment === c.environment;
              return (
                <li key={`${c.environment}.${c.realmId}`}>
                  <span>
                    {name}
                    {sandboxNote(c.environment)}
                    {c.needsReconnect ? ' · sign-in ended' : c.method === 'oauth' ? ' · signed in' : ' · access token'}
                  </span>
                  {!locked && (
                    <button
                      type="button"
                      aria-label={`Disconnect ${name}`}
                      onClick={() => void model.disconnect(c.realmId, c.environment)}
                    >
                      Disconnect
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </>
  );
}
