import type { JobRecordView } from '../lib/messaging/views';
import { attachmentOutcomeText } from '../lib/popup/words/attachments';

/**
 * What a restore did with each of a restored record's attachments, one line each ("The receipt
 * Lunch.pdf is attached again.", "… is no longer in QuickBooks."): every one said, none dropped.
 */
export function AttachmentOutcomes({ record }: { record: Pick<JobRecordView, 'attachmentOutcomes'> }) {
  const outcomes = record.attachmentOutcomes ?? [];
  if (outcomes.length === 0) return null;
  return (
    <ul class="attachment-outcomes">
      {outcomes.map((o) => (
        <li key={o.id}>{attachmentOutcomeText(o)}</li>
      ))}
    </ul>
  );
}
