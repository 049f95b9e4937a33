// @vitest-environment happy-dom
/**
 * Attachments in the popup: where the check's other notes sit it says how many checked rows have
 * attachments ("3 have attachments"), and a restore's outcome for each attachment is worded from its
 * code ("The receipt Lunch.pdf is no longer in QuickBooks.").
 */
import { describe, expect, it } from 'vitest';
import type { AttachmentsFinding } from '../../lib/domain/findings';
import { attachmentOutcomeText, attachmentsCountText, attachmentsNote } from '../../lib/popup/words/attachments';
import { popupState, renderPopup, row } from './fixtures';

const receipts: AttachmentsFinding = { status: 'attachments', files: ['Lunch.pdf'], notes: 1 };

describe('attachment words', () => {
  it('count, note and outcomes', () => {
    expect(attachmentsCountText([{ warnings: [receipts] }, { warnings: [] }])).toMatch(/^1 has attachments/);
    expect(attachmentsCountText([{ warnings: [] }])).toBeUndefined();
    expect(attachmentsNote(receipts)).toBe('Attachments: Lunch.pdf and 1 note.');
    expect(attachmentOutcomeText({ code: 'attachmentGone', id: '5', fileName: 'Lunch.pdf' })).toBe(
      'The receipt Lunch.pdf is no longer in QuickBooks.',
    );
    expect(attachmentOutcomeText({ code: 'attachmentReattached', id: '5', fileName: 'Lunch.pdf' })).toBe(
      'The receipt Lunch.pdf is attached again.',
    );
    expect(attachmentOutcomeText({ code: 'attachmentRefused', id: '5', faultCode: '6000' })).toContain('code 6000');
  });
});

describe('the popup', () => {
  it('says how many checked rows have attachments beside the counts', async () => {
    const rows = [1, 2, 3].map((n) => ({ ...row(n, 'ready'), warnings: [receipts] }));
    const { container } = await renderPopup(popupState({ selection: [...rows, row(4, 'ready')] }));
    expect(container.querySelector('.attachments-count')?.textContent).toMatch(
      /^3 have attachments: kept with the undo copy/,
    );
    const none = await renderPopup(popupState({ selection: [row(5, 'ready')] }));
    expect(none.container.querySelector('.attachments-count')).toBeNull();
  });
});
