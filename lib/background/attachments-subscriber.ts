/**
 * The runner's outcome subscriber: the audit log's line for every final outcome, and, for a record a
 * restore brought back, its attachments re-attached first (lib/restore/attachments.ts). The
 * attachments come from the deletion's own line in the log (the snapshot kept their metadata); what
 * became of each goes on the restored record's line (`attachmentOutcomes`), so the result and the
 * report name an attachment that is gone.
 *
 * Exactly once across a worker restart: the subscriber is told before the journal commit and told
 * again after a worker death; each step of a re-attachment finds its own work done (the reference
 * already there, the note already made) and sends nothing twice. A call that fails as a whole (rate
 * limit, token, network) throws: nothing is committed and the step runs again later.
 */
import type { AuditEntry } from '../audit/entry';
import { auditLineOf } from '../audit/from-jobs';
import type { AuditLog } from '../audit/log';
import type { AttachmentMeta, AttachmentOutcome } from '../domain/attachments';
import type { Environment } from '../domain/ids';
import { recordKey } from '../domain/record-key';
import type { FinalOutcome, OutcomeSubscriber } from '../jobs/types';
import { hasAttachableCalls } from '../qbo/attachables';
import { type AttachmentJournal, reattachAttachments } from '../restore/attachments';
import { DELETED_OUTCOMES } from '../restore/entry';

export class AttachmentsNotSettled extends Error {
  constructor(readonly reason: string) {
    super(`attachments not re-attached yet: ${reason}`);
    this.name = 'AttachmentsNotSettled';
  }
}

/** Outcomes kept for the length of one telling: a telling again re-derives them from the service. */
function memoryJournal(): AttachmentJournal {
  const kept = new Map<string, AttachmentOutcome>();
  return { read: async () => kept, write: async (key, outcome) => void kept.set(key, outcome) };
}

/**
 * The attachments the deletions' lines kept, by record key (the latest deletion with some), read
 * once per telling and only when a record of it was restored.
 */
async function attachmentsByKey(
  log: AuditLog,
  finals: readonly FinalOutcome[],
): Promise<Map<string, AttachmentMeta[]>> {
  const byKey = new Map<string, AttachmentMeta[]>();
  const restored = finals.find((f) => f.record.kind === 'restore' && f.stored.outcome.kind === 'restored');
  if (!restored) return byKey;
  const scope = { realmId: restored.job.realmId, environment: restored.job.environment };
  for (const e of await log.readCompany(scope, { outcomes: DELETED_OUTCOMES })) {
    if (e.attachments?.length) byKey.set(recordKey(e.entity, e.id), e.attachments);
  }
  return byKey;
}

export function auditWithAttachments(
  log: AuditLog,
  clientFor: (realmId: string, environment: Environment) => object,
): OutcomeSubscriber {
  const lineOf = async (final: FinalOutcome, kept: Map<string, AttachmentMeta[]>): Promise<AuditEntry> => {
    const line = auditLineOf(final);
    const { stored, record, job } = final;
    if (record.kind !== 'restore' || stored.outcome.kind !== 'restored') return line;
    const attachments = kept.get(recordKey(record.entity, record.id)) ?? [];
    if (attachments.length === 0) return line;
    const client = clientFor(job.realmId, job.environment);
    if (!hasAttachableCalls(client)) return { ...line, attachments };
    const result = await reattachAttachments({
      client,
      jobId: job.id,
      records: [{ entity: record.entity, newId: stored.outcome.newId, attachments }],
      journal: memoryJournal(),
    });
    if (result.kind === 'stopped') throw new AttachmentsNotSettled(result.failure.kind);
    return { ...line, attachments, attachmentOutcomes: [...result.outcomes.values()] };
  };
  return {
    outcomesFinal: async (outcomes) => {
      const kept = await attachmentsByKey(log, outcomes);
      const lines: AuditEntry[] = [];
      for (const final of outcomes) lines.push(await lineOf(final, kept));
      await log.append(lines);
    },
    keptFor: (jobId) => log.countForJob(jobId),
  };
}
