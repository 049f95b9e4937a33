import { companyText, ENVIRONMENT_LABEL } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** Every connected company, each with "Disconnect" (not while its deletion runs). */
export function ConnectedCompanies({ model }: { model: PopupModel }) {
  const list = model.connections.value;
  if (list.length < 2 && !list.some((c) => c.needsReconnect)) return null;
  const job = model.job.value;
  const busy = model.jobActive.value;
  return (
    <details class="companies">
      <summary>Connected companies ({list.length})</summary>
      <ul>
        {list.map((c) => {
          const name = companyText(c) ?? c.realmId;
          const locked = busy && job?.realmId === c.realmId && job.environment === c.environment;
          return (
            <li key={`${c.environment}.${c.realmId}`}>
              <span>
                {name} · {ENVIRONMENT_LABEL[c.environment]}
                {c.needsReconnect ? ' · sign-in ended' : c.method === 'oauth' ? ' · signed in' : ' · pasted token'}
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
  );
}
