/**
 * The popup's model against the whole background (issue 18 §7): an export handed to the browser
 * but not confirmed saved leaves every entry "not exported", so "Clear audit log" removes none of
 * them; once the person says the file is saved, the same Clear removes exactly that file's entries.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PopupApi } from '../../lib/popup/model';
import { createPopupModel } from '../../lib/popup/model';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

describe('Clear after an export not confirmed saved', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => h?.close());

  it('keeps every entry until "Yes, the file is saved"', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, { count: 40, entities: { Invoice: 1 } });
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    if (!started.ok) throw new Error(started.error);
    await h.settle((started.data as { job?: { id: string } }).job?.id ?? '');
    const harness = h;
    const api: PopupApi = { send: ((m: unknown) => harness.send(m, SENDERS.popup)) as PopupApi['send'] };
    const download = vi.fn();
    const model = createPopupModel(api, { download, now: h.clock.now });
    await model.tick();
    expect(model.state.value?.audit).toMatchObject({ entries: 40, notExported: 40 });

    expect(await model.exportAudit('csv')).toBe(true);
    expect(download).toHaveBeenCalledTimes(1);
    expect(model.awaitingSave.value).toBeDefined();
    expect((await popupStateOf(h)).audit).toMatchObject({ entries: 40, notExported: 40 });
    await model.clearAudit();
    expect((await popupStateOf(h)).audit).toMatchObject({ entries: 40, notExported: 40 });

    // A job writes more entries while the question is open: they were not in the file.
    await h.background.core.audit.append([
      { ...(await h.background.core.audit.read()).entries[0]!, jobId: 'later', id: '999999' },
    ]);
    expect(await model.confirmAuditSaved()).toBe(true);
    expect((await popupStateOf(h)).audit).toMatchObject({ entries: 41, notExported: 1 });
    await model.clearAudit();
    expect((await popupStateOf(h)).audit).toMatchObject({ entries: 1, notExported: 1 });
    model.stop();
  });
});
