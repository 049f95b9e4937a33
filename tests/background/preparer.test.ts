/**
 * The person's name on the reports ("Ran by"): kept by the background on this device, in its own
 * declared item (sd:preparer, version 1), the same in every view and after a restart, changed only
 * by an extension page, never longer than the field allows, and a value the schema refuses is kept
 * aside rather than written over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/index';
import { PREPARER_ITEM } from '../../lib/background/preparer';
import { STORED_ITEMS } from '../../lib/background/stored-items';
import type { PopupState } from '../../lib/messaging/views';
import { storageKey } from '../../lib/storage/keys';
import {
  createSecurityHarness,
  HOSTILE_SENDERS,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

const KEY = storageKey.preparer();

describe('the name on the reports', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is unknown until given, then kept on this device and read by every view, a restart included', async () => {
    h = await createSecurityHarness();
    expect((await popupStateOf(h)).preparer).toBeUndefined();
    const saved = await h.send({ type: 'report/preparer', name: '  Jane Bookkeeper ' }, SENDERS.popup);
    expect(saved.ok && (saved.data as PopupState).preparer).toBe('Jane Bookkeeper');
    for (const sender of [SENDERS.popup, SENDERS.popupInTab]) {
      const view = await h.send({ type: 'state/get' }, sender);
      expect(view.ok && (view.data as PopupState).preparer).toBe('Jane Bookkeeper');
    }
    expect(await h.local.get(KEY)).toEqual({ [KEY]: { name: 'Jane Bookkeeper' } });
    expect((await createBackground(h.background.deps).core.state()).preparer).toBe('Jane Bookkeeper');

    // "Continue without a name" is kept as an answer: an empty name, not "never asked".
    await h.send({ type: 'report/preparer', name: '' }, SENDERS.popup);
    expect((await popupStateOf(h)).preparer).toBe('');
  });

  it('is a declared item of its own, version 1', () => {
    expect(STORED_ITEMS).toContain(PREPARER_ITEM);
    expect([PREPARER_ITEM.name, PREPARER_ITEM.area, PREPARER_ITEM.version]).toEqual(['preparer', 'local', 1]);
    expect(PREPARER_ITEM.schema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('is changed only by an extension page, never longer than the field', async () => {
    h = await createSecurityHarness();
    const page = await h.send({ type: 'report/preparer', name: 'Mallory' }, SENDERS.contentScript);
    expect(page.ok).toBe(false);
    for (const sender of Object.values(HOSTILE_SENDERS))
      expect((await h.send({ type: 'report/preparer', name: 'Mallory' }, sender)).ok).toBe(false);
    expect((await h.send({ type: 'report/preparer', name: 'x'.repeat(101) }, SENDERS.popup)).ok).toBe(false);
    expect((await popupStateOf(h)).preparer).toBeUndefined();
  });

  it('a stored value the schema refuses is set aside before the next name is written', async () => {
    h = await createSecurityHarness();
    await h.local.set({ [KEY]: { name: 42 } });
    expect((await popupStateOf(h)).preparer).toBeUndefined();
    await h.send({ type: 'report/preparer', name: 'Jane' }, SENDERS.popup);
    expect((await popupStateOf(h)).preparer).toBe('Jane');
    expect(await h.local.get(storageKey.unreadable(KEY))).toEqual({ [storageKey.unreadable(KEY)]: { name: 42 } });
  });
});
