import type { JobRecordView } from '../lib/messaging/views';
import { auditHistoryUrl, describeTxn } from '../lib/popup/format';
import type { Environment } from '../lib/qbo/entities';

/** One processed transaction: what happened, why, and a link to the service's own audit history. */
export function OutcomeRecord({ record: r, environment }: { record: JobRecordView; environment: Environment }) {
  const name = describeTxn(r.entity, r.docNumber, r.id);
  return (
    <li class="record">
      <span class="record-name">{name}</span>: {r.outcome}
      {r.reason && <span class="hint"> — {r.reason}</span>}
      {r.faultCode && <span class="hint"> (code {r.faultCode})</span>}{' '}
      <a href={auditHistoryUrl(environment, r.id)} target="_blank" rel="noopener noreferrer">
        Audit history<span class="sr-only"> of {name}</span>
      </a>
    </li>
  );
}
