/**
 * The audit log built from the runner's facts: the runner tells each final outcome (with the job and
 * the record as reviewed) and knows nothing of the log; lib/background/app.ts subscribes the log here.
 */
import type { FinalOutcome, OutcomeSubscriber } from '../jobs/types';
import type { AuditEntry } from './entry';
import type { AuditLog } from './log';
import { auditOutcomeLabel } from './words';

/**
 * One final outcome's line: the record as the job was given it (a reviewed record's full JSON; a
 * restore's create body as planned, under its old Id), the outcome and its words. A restored record
 * had no SyncToken before it existed: its line's is empty.
 */
export function auditLineOf({ job, record, stored }: FinalOutcome): AuditEntry {
  const fault = 'fault' in stored.outcome ? stored.outcome.fault : undefined;
  const what =
    record.kind === 'restore'
      ? {
          entity: record.entity,
          id: record.id,
          docNumber: record.docNumber,
          txnDate: record.txnDate,
          amount: record.amount,
          currency: undefined,
          party: undefined,
          syncToken: '',
          preDeleteJson: record.create.kind === 'send' ? record.create.body : {},
        }
      : {
          entity: record.record.entity,
          id: record.record.id,
          docNumber: record.record.docNumber,
          txnDate: record.record.txnDate,
          amount: record.record.totalAmt,
          currency: record.record.currency,
          party: record.record.party,
          syncToken: record.record.syncToken,
          preDeleteJson: record.record.raw,
        };
  const { preDeleteJson, ...fields } = what;
  return {
    at: stored.at,
    jobId: job.id,
    realmId: job.realmId,
    environment: job.environment,
    ...fields,
    outcome: stored.outcome.kind,
    outcomeLabel: auditOutcomeLabel(stored.outcome),
    faultCode: fault?.code,
    faultMessage: fault?.message,
    intuitTid: stored.intuitTid,
    ...(stored.outcome.kind === 'restored' ? { newId: stored.outcome.newId } : {}),
    // Its attachments' metadata, so a restore can re-attach them (never the files).
    ...(record.kind !== 'restore' && record.record.attachments?.length
      ? { attachments: record.record.attachments }
      : {}),
    preDeleteJson,
  };
}

/** The log as the runner's subscriber: a line per final outcome, written before the journal commit. */
export function auditSubscriber(log: AuditLog): OutcomeSubscriber {
  return {
    outcomesFinal: (outcomes) => log.append(outcomes.map(auditLineOf)),
    keptFor: (jobId) => log.countForJob(jobId),
  };
}
