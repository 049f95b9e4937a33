/**
 * A restore's attachments as the popup receives them, the whole background in Node against the
 * simulator: the preview names the records that come back with attachments (files and notes), and
 * the finished restore's view carries, on each restored record, what became of every attachment as
 * codes with their fields (the one another user removed in between as gone). Nothing is worded here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRestoreAttachmentsView } from '../../lib/background/restore-attachments-view';
import type { PopupState, RestorePreview } from '../../lib/messaging/views';
import {
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
} from '../security/harness';

const ref = (key: string) => {
  const [type, value] = key.split(':');
  return { type: type ?? '', value: value ?? '' };
};

describe('a restore’s attachments in the popup’s view', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('previews who comes back with attachments, then names what became of each one', async () => {
    h = await createSecurityHarness();
    const company = h.sim.seedCompany({ count: 12, entities: { Invoice: 1, Bill: 1 }, seed: 9 });
    const [withFile, withNote, withRemoved] = company.keys.all;
    const lunch = h.sim.seedAttachable(company.realmId, {
      fileName: 'Lunch.pdf',
      contentType: 'application/pdf',
      size: 2048,
      refs: [ref(withFile ?? '')],
    });
    const note = h.sim.seedAttachable(company.realmId, { note: 'Paid in cash', refs: [ref(withNote ?? '')] });
    const taxi = h.sim.seedAttachable(company.realmId, {
      fileName: 'Taxi.jpg',
      contentType: 'image/jpeg',
      size: 512,
      refs: [ref(withRemoved ?? '')],
    });
    h.setPageCompany(company.realmId);
    expect(
      (await h.send(selectionReport(company.keys.all, h.clock.now(), company.realmId), SENDERS.contentScript)).ok,
    ).toBe(true);
    expect((await h.send(saveConnection(company.realmId, company.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });

    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    const jobId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    expect((await h.settle(jobId)).status).toBe('done');
    const deleted = new Set(h.sim.truth(company.realmId).deletedKeys());
    for (const key of [withFile, withNote, withRemoved]) expect(deleted.has(key ?? '')).toBe(true);
    await h.send({ type: 'job/dismiss', jobId }, SENDERS.popup);
    h.sim.removeAttachable(company.realmId, String(taxi.Id)); // another user, between the delete and the restore

    const preview = await h.click({ type: 'restore/preview', filter: { jobId } }, SENDERS.popup);
    const p = (preview.ok ? preview.data : undefined) as RestorePreview;
    expect(p.withAttachments?.map((r) => [r.key, r.files, r.notes])).toEqual(
      expect.arrayContaining([
        [withFile, ['Lunch.pdf'], 0],
        [withNote, [], 1],
        [withRemoved, ['Taxi.jpg'], 0],
      ]),
    );
    expect(p.withAttachments).toHaveLength(3);

    const restore = await h.click({ type: 'restore/start', filter: { jobId } }, SENDERS.popup);
    const restoreId = (restore.ok ? (restore.data as PopupState).job?.id : undefined) ?? '';
    expect((await h.settle(restoreId)).status).toBe('done');
    const view = (await popupStateOf(h)).job;
    const byKey = new Map(view?.records.map((r) => [r.key, r.attachmentOutcomes]));
    expect(byKey.get(withFile ?? '')).toEqual([
      { code: 'attachmentReattached', id: String(lunch.Id), fileName: 'Lunch.pdf' },
    ]);
    expect(byKey.get(withNote ?? '')).toEqual([
      expect.objectContaining({
        id: String(note.Id),
        code: expect.stringMatching(/^attachment(Reattached|Recreated)$/),
      }),
    ]);
    expect(byKey.get(withRemoved ?? '')).toEqual([
      { code: 'attachmentGone', id: String(taxi.Id), fileName: 'Taxi.jpg' },
    ]);
    // A record that had none carries none.
    const others = view?.records.filter((r) => ![withFile, withNote, withRemoved].includes(r.key)) ?? [];
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r.attachmentOutcomes).toBeUndefined();
  });
});

describe('the finished restore’s attachment outcomes, read from the log', () => {
  const line = (id: string) => ({
    entity: 'Invoice' as const,
    id,
    attachmentOutcomes: [{ code: 'attachmentGone' as const, id: `a${id}`, fileName: `${id}.pdf` }],
  });
  const logOf = (entries: ReturnType<typeof line>[]) => {
    const reads: (string | undefined)[] = [];
    const audit = {
      read: async (filter?: { jobId?: string }) => {
        reads.push(filter?.jobId);
        return { entries: entries as never[], unreadable: [] };
      },
    };
    return { audit, reads };
  };
  const restored = { group: 'restored' as const };

  it('reads the job’s own lines once it stopped, and again only when more records are restored', async () => {
    const { audit, reads } = logOf([line('5'), line('6')]);
    const outcomes = createRestoreAttachmentsView(audit);
    const job = { id: 'job-r', operation: 'restore' as const, status: 'done' as const };
    const first = await outcomes(job, [restored, restored]);
    expect(first?.get('Invoice:5')).toEqual(line('5').attachmentOutcomes);
    expect(first?.get('Invoice:6')).toEqual(line('6').attachmentOutcomes);
    await outcomes(job, [restored, restored]);
    expect(reads).toEqual(['job-r']);
    await outcomes({ ...job, status: 'cancelled' }, [restored, restored, restored]);
    expect(reads).toEqual(['job-r', 'job-r']);
  });

  it('reads nothing while a restore runs, for a deletion, or when nothing was restored', async () => {
    const { audit, reads } = logOf([line('5')]);
    const outcomes = createRestoreAttachmentsView(audit);
    expect(await outcomes({ id: 'j', operation: 'restore', status: 'running' }, [restored])).toBeUndefined();
    expect(await outcomes({ id: 'j', operation: 'delete', status: 'done' }, [restored])).toBeUndefined();
    expect(await outcomes({ id: 'j', operation: 'restore', status: 'done' }, [{ group: 'refused' }])).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
