/**
 * A deleted record's attachments travel with its snapshot: the job's stored record keeps their
 * metadata through its schema, and the audit line written for its outcome carries them (never a
 * file), so a restore read from the log can re-attach them. A record without any writes none.
 */
import { describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../lib/audit/entry';
import { auditLineOf } from '../../lib/audit/from-jobs';
import { JobRecordListSchema } from '../../lib/domain/job-records';
import { emptyCounts, type JobMeta } from '../../lib/journal/schema';

const job: JobMeta = {
  id: 'job-1',
  realmId: '9130357766900456',
  environment: 'sandbox',
  operation: 'delete',
  includeReconciled: false,
  chunkSize: 30,
  total: 1,
  chunks: 1,
  cursor: 1,
  openChunk: false,
  status: 'done',
  counts: emptyCounts(),
  unverified: 0,
  createdAt: 1,
};

const attachments = [
  {
    id: '5000000000000010001',
    entity: 'Bill' as const,
    txnId: '41',
    fileName: 'Lunch.pdf',
    contentType: 'application/pdf',
    size: 5120,
  },
  { id: '5000000000000010002', entity: 'Bill' as const, txnId: '41', note: 'Approved by Amy' },
];
const record = (withAttachments: boolean) => ({
  kind: 'reviewed' as const,
  reconciled: false,
  record: {
    entity: 'Bill' as const,
    id: '41',
    syncToken: '0',
    linkedTxn: [],
    raw: { Id: '41', SyncToken: '0' },
    ...(withAttachments ? { attachments } : {}),
  },
});

describe('attachments kept with the snapshot', () => {
  it('the job’s stored record keeps them through its schema', () => {
    const parsed = JobRecordListSchema.parse([record(true)]);
    expect(parsed[0]?.kind === 'reviewed' && parsed[0].record.attachments).toEqual(attachments);
  });

  it('the audit line of a deleted record carries them, and a record without any writes none', () => {
    const stored = { outcome: { kind: 'deleted' as const }, at: 5 };
    const line = AuditEntrySchema.parse(auditLineOf({ job, record: record(true), stored }));
    expect(line.attachments).toEqual(attachments);
    expect(JSON.stringify(line)).not.toContain('TempDownloadUri');
    expect(auditLineOf({ job, record: record(false), stored })).not.toHaveProperty('attachments');
  });
});
