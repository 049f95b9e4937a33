/**
 * A stored job whose entry the schema refuses (damaged storage) is never run and never silently
 * missing: the view counts it (`unreadableJobs`), the list keeps it untouched, and the company's
 * other jobs still run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JOBS_ITEM } from '../../lib/journal/schema';
import type { PopupState } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

describe('a stored job the extension cannot read', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => h?.close());

  it('is counted in the view, kept as it was, and does not stop another job', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 12, entities: { Invoice: 1 } });
    expect((await popupStateOf(h)).unreadableJobs).toBeUndefined();
    const local = h.background.deps.storage.local;
    const damaged = { id: 'job-from-a-damaged-write', status: 42 };
    await local.set({ [JOBS_ITEM.key()]: [damaged] });
    expect((await popupStateOf(h)).unreadableJobs).toBe(1);

    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    if (!started.ok) throw new Error(started.error);
    const id = (started.data as PopupState).job?.id ?? '';
    expect((await h.settle(id)).status).toBe('done');
    expect(h.sim.truth(company.realmId).deletedKeys().length).toBeGreaterThan(0);
    const after = await popupStateOf(h);
    expect(after.unreadableJobs).toBe(1);
    expect(((await local.get(JOBS_ITEM.key()))[JOBS_ITEM.key()] as unknown[]).slice(-1)).toEqual([damaged]);
  });
});
