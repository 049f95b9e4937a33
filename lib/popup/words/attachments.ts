/**
 * The popup's words for attachments (receipts and notes, the service's `Attachable`), from data:
 * the check's count ("3 have attachments"), a row's note, and what a restore did with each one
 * (`attachmentGone` → "The receipt Lunch.pdf is no longer in QuickBooks."). Pure.
 */
import type { AttachmentOutcome } from '../../domain/attachments';
import type { AttachmentsFinding } from '../../domain/findings';
import { formatCount } from '../format';

/** How many of the checked rows have attachments; undefined when none has. */
export function attachmentsCountText(
  rows: readonly { warnings?: readonly { status: string }[] }[],
): string | undefined {
  const n = rows.filter((r) => (r.warnings ?? []).some((w) => w.status === 'attachments')).length;
  if (n === 0) return undefined;
  return `${formatCount(n)} ${n === 1 ? 'has' : 'have'} attachments: kept with the undo copy (not the files) and re-attached if you restore.`;
}

/** A row's note: "Attachments: Lunch.pdf and 1 note." */
export function attachmentsNote(finding: Pick<AttachmentsFinding, 'files' | 'notes'>): string {
  const parts = [...finding.files];
  if (finding.notes > 0) parts.push(finding.notes === 1 ? '1 note' : `${formatCount(finding.notes)} notes`);
  const list = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Attachments: ${list}.`;
}

/** A file by its name; an attachment without a file is a note (lib/domain/attachments.ts isNoteOnly). */
const what = (o: { fileName?: string }) => (o.fileName !== undefined ? `The receipt ${o.fileName}` : 'Its note');

/** What a restore did with one attachment. */
export function attachmentOutcomeText(o: AttachmentOutcome): string {
  switch (o.code) {
    case 'attachmentReattached':
      return `${what(o)} is attached again.`;
    case 'attachmentRecreated':
      return 'Its note was written again from the undo copy.';
    case 'attachmentGone':
      return `${what(o)} is no longer in QuickBooks.`;
    case 'attachmentRefused':
      return `${what(o)} could not be attached again: QuickBooks refused it (code ${o.faultCode}).`;
  }
}
