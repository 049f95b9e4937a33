import type { Environment } from '../lib/domain/ids';
import type { JobRecordView } from '../lib/messaging/views';
import { auditHistoryUrl, formatDate, formatMoney, txnUrl } from '../lib/popup/format';
import { recordName } from '../lib/popup/report';
import { outcomeReason, outcomeWord } from '../lib/popup/words';

interface Props {
  record: JobRecordView;
  environment: Environment;
}

/** The service's audit history of the record (it stays after a deletion). */
function History({ record: r, environment }: Props) {
  return (
    <a href={auditHistoryUrl(environment, r.id)} target="_blank" rel="noopener noreferrer">
      Audit history<span class="sr-only"> of {recordName(r)}</span>
    </a>
  );
}

/**
 * One processed transaction that was not deleted: what happened and why in plain words (the
 * service's code kept, its raw message left to the audit log), "Open in QuickBooks" (it still
 * exists) and its audit history.
 */
export function OutcomeRecord({ record: r, environment }: Props) {
  const name = recordName(r);
  const reason = outcomeReason(r);
  const details = [
    r.party,
    r.txnDate && formatDate(r.txnDate),
    r.amount !== undefined && formatMoney(r.amount, r.currency),
  ]
    .filter(Boolean)
    .join(' · ');
  const nameId = `outcome-${r.key.replace(/\W/g, '-')}`;
  return (
    <li class="record">
      <span class="record-name" id={nameId}>
        {name}
      </span>
      : {outcomeWord(r)}
      {reason && <span class="hint"> — {reason}</span>}
      {r.faultCode && <span class="hint"> (code {r.faultCode})</span>}
      {details && <span class="hint"> · {details}</span>}{' '}
      {r.group !== 'deleted' && (
        <>
          <a
            href={txnUrl(environment, r.entity, r.id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={nameId}
          >
            Open in QuickBooks
          </a>{' '}
        </>
      )}
      <History record={r} environment={environment} />
    </li>
  );
}

OutcomeRecord.History = History;
