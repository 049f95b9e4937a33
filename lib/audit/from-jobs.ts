/**
 * The audit log built from the runner's facts: the runner tells each final outcome (with the job and
 * the record as reviewed) and knows nothing of the log; lib/background/app.ts subscribes the log here.
 */
import { outcomeLabel } from '../jobs/labels';
import type { FinalOutcome, OutcomeSubscriber } from '../jobs/types';
import type { AuditEntry } from './entry';
import type { AuditLog } from './log';

/** One final outcome's line: the record as reviewed (its full JSON), the outcome and its words. */
export function auditLineOf({ job, reviewed, stored }: FinalOutcome): AuditEntry {
  const r = reviewed.record;
  const fault = 'fault' in stored.outcome ? stored.outcome.fault : undefined;
  return {
    at: stored.at,
    jobId: job.id,
    realmId: job.realmId,
    environment: job.environment,
    entity: r.entity,
    id: r.id,
    docNumber: r.docNumber,
    txnDate: r.txnDate,
    amount: r.totalAmt,
    currency: r.currency,
    party: r.party,
    syncToken: r.syncToken,
    outcome: stored.outcome.kind,
    outcomeLabel: outcomeLabel(stored.outcome),
    faultCode: fault?.code,
    faultMessage: fault?.message,
    intuitTid: stored.intuitTid,
    ...(stored.outcome.kind === 'restored' ? { newId: stored.outcome.newId } : {}),
    preDeleteJson: r.raw,
  };
}

/** The log as the runner's subscriber: a line per final outcome, written before the journal commit. */
export function auditSubscriber(log: AuditLog): OutcomeSubscriber {
  return {
    outcomesFinal: (outcomes) => log.append(outcomes.map(auditLineOf)),
    keptFor: (jobId) => log.countForJob(jobId),
  };
}
