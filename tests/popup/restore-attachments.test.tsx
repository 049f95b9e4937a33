// @vitest-environment happy-dom
/**
 * A restore's attachments on screen: the preview names the records that come back with attachments,
 * and the finished restore's result says what became of each one, a line each, none dropped.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { PageMessage, Reply } from '../../lib/messaging/protocol';
import type { JobView, RestorePreview } from '../../lib/messaging/views';
import { jobView, NOW, popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

const finished: JobView = jobView({
  id: 'job-r',
  operation: 'restore',
  state: 'done',
  done: 2,
  total: 2,
  finishedAt: NOW,
  counts: { deleted: 0, voided: 0, restored: 2, skipped: 0, refused: 0, needsAttention: 0 },
  records: [
    {
      key: 'Invoice:5',
      entity: 'Invoice',
      id: '5',
      docNumber: '1005',
      group: 'restored',
      outcome: 'restored',
      newId: '812',
      attachmentOutcomes: [
        { code: 'attachmentReattached', id: '100', fileName: 'Lunch.pdf' },
        { code: 'attachmentRecreated', id: '101', newAttachableId: '140' },
        { code: 'attachmentGone', id: '102', fileName: 'Taxi.jpg' },
        { code: 'attachmentRefused', id: '103', fileName: 'Hotel.pdf', faultCode: '6000' },
        { code: 'attachmentReattached', id: '104' },
      ],
    },
    { key: 'Bill:8', entity: 'Bill', id: '8', docNumber: 'B-8', group: 'restored', outcome: 'restored', newId: '813' },
  ],
});

describe('a restore’s attachments', () => {
  it('the result says what became of every attachment of a restored record, one line each', async () => {
    await renderPopup(popupState({ job: finished }));
    const restored = screen.getByRole('button', { name: 'Restored 2' });
    await settle(() => fireEvent.click(restored));
    const list = document.getElementById(restored.getAttribute('aria-controls')!)!;
    const [invoice, bill] = [...list.querySelectorAll<HTMLElement>('li.record')];
    expect(
      within(invoice!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'The receipt Lunch.pdf is attached again.',
      'Its note was written again from the undo copy.',
      'The receipt Taxi.jpg is no longer in QuickBooks.',
      'The receipt Hotel.pdf could not be attached again: QuickBooks refused it (code 6000).',
      'Its note is attached again.',
    ]);
    // A record without attachments says nothing of them.
    expect(within(bill!).queryAllByRole('listitem')).toEqual([]);
    expect(bill!.textContent).not.toMatch(/receipt|attach/i);
  });

  it('the preview names the records that come back with their attachments', async () => {
    const preview: RestorePreview = {
      willRestore: 3,
      byEntity: { Invoice: 2, Bill: 1 },
      refused: [],
      withDocNumbers: 0,
      withAttachments: [
        { key: 'Invoice:5', entity: 'Invoice', id: '5', docNumber: '1005', files: ['Lunch.pdf'], notes: 1 },
        { key: 'Bill:8', entity: 'Bill', id: '8', docNumber: 'B-8', files: [], notes: 1 },
      ],
      cannotComeBack: ['attachments'],
      scope: { ...SHOWN_COMPANY, stamp: 'plan-stamp-1' },
    };
    const deleteRun = jobView({
      state: 'done',
      done: 1,
      total: 1,
      finishedAt: NOW,
      counts: { deleted: 1, voided: 0, restored: 0, skipped: 0, refused: 0, needsAttention: 0 },
      records: [{ key: 'Invoice:5', entity: 'Invoice', id: '5', group: 'deleted', outcome: 'deleted' }],
    });
    const p = await renderPopup(popupState({ job: deleteRun }));
    p.bg.reply = (m: PageMessage): Reply<unknown> =>
      m.type === 'restore/preview' ? { ok: true, data: preview } : { ok: true, data: p.bg.state };
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Restore deleted records' })));
    const box = await screen.findByRole('region', { name: 'Before you restore' });
    const attached = within(box).getByRole('list', { name: '2 records come back with their attachments' });
    expect(
      within(attached)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Invoice 1005: Attachments: Lunch.pdf and 1 note.', 'Bill B-8: Attachments: 1 note.']);
    const lost = within(box).getByRole('list', { name: 'What cannot come back' });
    expect(lost.textContent).toMatch(/^Attachments: .*removed from QuickBooks since cannot come back/);
  });
});
