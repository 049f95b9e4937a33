/**
 * Issue 21 §7: "Done" after a restore returns to where the person came from. The restore was started
 * from a deletion run's result; closing the restore closes that result too (both stay in the recent
 * runs), instead of showing the older deletion result again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState, RestorePreview } from '../../lib/messaging/views';
import { connectedWithSelection, createSecurityHarness, popupStateOf, type SecurityHarness } from './harness';

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('"Done" after a restore', () => {
  it('closes the restore and the deletion result it came from; both stay in the recent runs', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 }, seed: 51 });
    const started = await h.click({ type: 'job/start', includeReconciled: false });
    const deleteId = started.ok ? ((started.data as PopupState).job?.id ?? '') : '';
    await h.settle(deleteId);
    // The deletion result is on screen; the person restores from it.
    const preview = await h.click({ type: 'restore/preview', filter: { jobId: deleteId } });
    expect(preview.ok).toBe(true);
    const scope = (preview.ok ? (preview.data as RestorePreview) : undefined)?.scope;
    const restore = await h.click({ type: 'restore/start', filter: { jobId: deleteId }, scope });
    const restoreId = restore.ok ? ((restore.data as PopupState).job?.id ?? '') : '';
    expect(restoreId).not.toBe(deleteId);
    await h.settle(restoreId);
    expect((await popupStateOf(h)).job?.id).toBe(restoreId);

    const done = await h.click({ type: 'job/dismiss', jobId: restoreId });
    expect(done.ok).toBe(true);
    const view = await popupStateOf(h);
    expect(view.job).toBeUndefined();
    expect(view.recentRuns.map((r) => r.id).sort()).toEqual([deleteId, restoreId].sort());
  });
});
