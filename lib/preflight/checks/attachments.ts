/**
 * attachments: the record has receipts or notes attached (read for the whole selection by
 * ../attachments.ts). Nothing is held back: the snapshot keeps them and a restore re-attaches them;
 * the popup counts them ("3 have attachments") and says it beside the record.
 */
import { attachmentsFinding } from '../attachments';
import type { RecordCheck } from '../types';

export const attachments: RecordCheck = {
  id: 'attachments',
  run: ({ record }) => {
    const facts = attachmentsFinding(record?.attachments);
    return facts ? { check: 'attachments', status: 'attachments', ...facts } : undefined;
  },
};
