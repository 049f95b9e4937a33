/**
 * Issue 11 §3 through the background: after a job the popup sees the audit log's size and how much
 * is not exported; the export comes page by page; saving it sets the watermark; retention and
 * "Clear audit log" touch exported entries only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditFile, PopupState } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

describe('the audit log from the popup', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => h?.close());

  it('size, paged export, watermark, retention and clear', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 40, entities: { Invoice: 1 } });
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    if (!started.ok) throw new Error(started.error);
    await h.settle((started.data as PopupState).job?.id ?? '');
    const after = await popupStateOf(h);
    expect(after.audit).toMatchObject({ entries: 40, notExported: 40 });
    expect(after.audit?.bytes).toBeGreaterThan(40 * 200);

    const exported = await h.send({ type: 'audit/export', format: 'json', after: 0 }, SENDERS.popup);
    if (!exported.ok) throw new Error(exported.error);
    const page = exported.data as AuditFile;
    expect(page.next).toBeUndefined(); // 40 entries: one page
    const entries = JSON.parse(page.content) as { id: string; realmId: string; preDeleteJson: { Id: string } }[];
    expect(entries).toHaveLength(40);
    expect(entries.every((e) => e.realmId === company.realmId && e.preDeleteJson.Id === e.id)).toBe(true);

    // Not saved yet: nothing counts as exported.
    expect((await popupStateOf(h)).audit?.notExported).toBe(40);
    const saved = await h.send({ type: 'audit/exported', through: page.through }, SENDERS.popup);
    expect(saved.ok && (saved.data as PopupState).audit?.notExported).toBe(0);

    const kept = await h.send({ type: 'audit/retention', keepExportedDays: 90 }, SENDERS.popup);
    expect(kept.ok && (kept.data as PopupState).audit).toMatchObject({ entries: 40, keepExportedDays: 90 });

    const cleared = await h.send({ type: 'audit/clear' }, SENDERS.popup);
    expect(cleared.ok && (cleared.data as PopupState).audit?.entries).toBe(0);
  });

  it('a page script cannot move the watermark or the retention', async () => {
    h = await createSecurityHarness();
    for (const message of [
      { type: 'audit/exported', through: 1_000_000 },
      { type: 'audit/retention', keepExportedDays: 90 },
    ]) {
      const reply = await h.send(message, SENDERS.contentScript);
      expect(reply.ok).toBe(false);
    }
    const odd = await h.send({ type: 'audit/retention', keepExportedDays: 1 }, SENDERS.popup);
    expect(odd.ok).toBe(false); // only the offered choices
  });
});
