/**
 * What a finished restore did with each restored record's attachments, for the popup's result: read
 * from the restore's own lines in the audit log (the outcome subscriber writes `attachmentOutcomes`
 * there before the job commits the record), by record key. Read once the job stopped running (the
 * result is shown only then) and again only when more of its records are restored.
 */
import type { AuditLog } from '../audit/log';
import type { AttachmentOutcome } from '../domain/attachments';
import { RESTORE } from '../domain/operations';
import { recordKey } from '../domain/record-key';
import type { JobRecordRow, JobSnapshot } from '../jobs/types';

export type AttachmentOutcomesByKey = ReadonlyMap<string, readonly AttachmentOutcome[]>;

export function createRestoreAttachmentsView(audit: Pick<AuditLog, 'read'>) {
  let kept: { jobId: string; restored: number; byKey: AttachmentOutcomesByKey } | undefined;
  return async function attachmentOutcomes(
    job: Pick<JobSnapshot, 'id' | 'operation' | 'status'>,
    rows: readonly Pick<JobRecordRow, 'group'>[],
  ): Promise<AttachmentOutcomesByKey | undefined> {
    if (job.operation !== RESTORE.kind || (job.status !== 'done' && job.status !== 'cancelled')) return undefined;
    const restored = rows.filter((r) => r.group === 'restored').length;
    if (restored === 0) return undefined;
    if (kept?.jobId === job.id && kept.restored === restored) return kept.byKey;
    const byKey = new Map<string, AttachmentOutcome[]>();
    for (const e of (await audit.read({ jobId: job.id })).entries)
      if (e.attachmentOutcomes?.length) byKey.set(recordKey(e.entity, e.id), e.attachmentOutcomes);
    kept = { jobId: job.id, restored, byKey };
    return byKey;
  };
}
