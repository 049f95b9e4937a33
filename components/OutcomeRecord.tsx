import type { Environment } from '../lib/domain/ids';
import type { JobOperationKind } from '../lib/domain/jobs';
import { RESTORE } from '../lib/domain/operations';
import type { JobRecordView } from '../lib/messaging/views';
import { auditHistoryUrl, formatDate, formatMoney, txnUrl } from '../lib/popup/format';
import { recordName } from '../lib/popup/report';
import { outcomeReason, outcomeWord } from '../lib/popup/words';
import { AttachmentOutcomes } from './AttachmentOutcomes';

interface Props {
  record: JobRecordView;
  environment: Environment;
}

interface RecordProps extends Props {
  /** The job's operation ('delete' when absent): a restore's records are deleted originals. */
  operation?: JobOperationKind;
}

/**
 * A restored record's Ids, both opening QuickBooks: "Id 5 → Id 812" (the deleted original, then the
 * restored copy). Each link's name says which one it is and whose.
 */
function RestoredIds({ record: r, environment }: Props) {
  const name = recordName(r);
  const link = (id: string, which: string) => (
    <a
      href={txnUrl(environment, r.entity, id)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Id ${id}, ${which} of ${name}`}
    >
      Id {id}
    </a>
  );
  return (
    <span class="restored-ids">
      {link(r.id, 'the deleted original')} →{' '}
      {r.newId ? link(r.newId, 'the restored copy') : <span class="hint">new Id not known yet</span>}
    </span>
  );
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
 * service's code and raw message left to the run's CSV and the audit log), "Open in QuickBooks"
 * (it still exists) and its audit history.
 */
export function OutcomeRecord({ record: r, environment, operation }: RecordProps) {
  const name = recordName(r);
  const reason = outcomeReason(r, operation);
  // The record still exists only when it was not deleted; a restore's originals are all deleted.
  const exists = r.group !== 'deleted' && r.group !== 'restored' && operation !== RESTORE.kind;
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
      {r.group === 'restored' && (
        <>
          {' — '}
          <RestoredIds record={r} environment={environment} />
        </>
      )}
      {reason && <span class="hint"> — {reason}</span>}
      {details && <span class="hint"> · {details}</span>}{' '}
      {exists && (
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
      <AttachmentOutcomes record={r} />
    </li>
  );
}

OutcomeRecord.History = History;
