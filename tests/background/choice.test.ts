/**
 * The operation (delete or void) and the opt-ins (include reconciled, include linked) are the
 * client's selection's, kept by the background (`selection/choose`, lib/selection/store.ts): per
 * company, read back after a restart, changed only by the person in an extension page, cleared with
 * the selection ("Clear selection", erase, a finished run that empties it). The job starts with the
 * stored choice, and a click that showed another one is refused. The whole background in Node, the
 * real client against the real simulator (security harness).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/index';
import type { PopupState } from '../../lib/messaging/views';
import { storageKey } from '../../lib/storage/keys';
import {
  connectedWithSelection,
  createSecurityHarness,
  HOSTILE_SENDERS,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from '../security/harness';

const NONE = { operation: 'delete', includeReconciled: false, includeLinked: false } as const;
const production = (realmId: string) => ({ realmId, environment: 'production' as const });

const choose = (h: SecurityHarness, choice: Record<string, unknown>) =>
  h.click({ type: 'selection/choose', choice }, SENDERS.popup);

describe('the choice of operation and opt-ins', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is stored with each company’s selection, the same in every view and after a restart', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1, Payment: 1 }, seed: 2 });
    expect((await popupStateOf(h)).choice).toEqual(NONE);

    const chosen = await choose(h, { operation: 'void' });
    expect(chosen.ok && (chosen.data as PopupState).choice).toEqual({ ...NONE, operation: 'void' });
    expect((await choose(h, { includeReconciled: true })).ok).toBe(true);
    const both = { operation: 'void', includeReconciled: true, includeLinked: false };
    // Every view asks the background: the popup and the full view (in a tab) read the one choice.
    for (const sender of [SENDERS.popup, SENDERS.popupInTab]) {
      const view = await h.send({ type: 'state/get' }, sender);
      expect(view.ok && (view.data as PopupState).choice).toEqual(both);
    }
    // Stored, not remembered: a background started afresh on the same storage reads it back.
    const restarted = createBackground(h.background.deps);
    expect((await restarted.core.state()).choice).toEqual(both);
    expect(await h.local.get(storageKey.choice(production(a.realmId)))).toEqual({
      [storageKey.choice(production(a.realmId))]: both,
    });

    // Another client in view: its own choice (none made), A's untouched.
    const b = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 3 });
    expect((await popupStateOf(h)).scope?.realmId).toBe(b.realmId);
    expect((await popupStateOf(h)).choice).toEqual(NONE);
    expect((await choose(h, { includeLinked: true })).ok).toBe(true);
    h.setPageCompany(a.realmId);
    await h.send(selectionReport([a.keys.all[0] ?? ''], h.clock.now(), a.realmId), SENDERS.contentScript);
    expect((await popupStateOf(h)).scope?.realmId).toBe(a.realmId);
    expect((await popupStateOf(h)).choice).toEqual(both);
  });

  it('is changed only by an extension page: a content script, a web page or another extension cannot', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 4 });
    const message = { type: 'selection/choose', choice: { operation: 'void' }, scope: production(a.realmId) };
    expect(await h.send(message, SENDERS.contentScript)).toEqual({
      ok: false,
      error: 'Refused: a page may only say hello and report its selection.',
    });
    for (const [who, sender] of Object.entries(HOSTILE_SENDERS)) {
      expect((await h.send(message, sender)).ok, who).toBe(false);
    }
    // A malformed choice, or one with nothing in it, from the popup itself.
    for (const choice of [{ operation: 'destroy' }, { includeLinked: 'yes' }, {}, { voidInstead: true }]) {
      const reply = await h.send({ ...message, choice }, SENDERS.popup);
      expect(reply.ok, JSON.stringify(choice)).toBe(false);
    }
    // A view that still shows another company: refused, nothing changed.
    const stale = await h.send({ ...message, scope: production('9999999999') }, SENDERS.popup);
    expect(stale).toEqual({ ok: false, error: expect.stringMatching(/^This window shows/) });
    expect((await popupStateOf(h)).choice).toEqual(NONE);
    expect(await h.local.get(storageKey.choice(production(a.realmId)))).toEqual({});
    // The refusals were not vacuous: the same message from the popup changes it.
    expect((await h.send(message, SENDERS.popup)).ok).toBe(true);
    expect((await popupStateOf(h)).choice).toEqual({ ...NONE, operation: 'void' });
  });

  it('is cleared with the selection: "Clear selection", erase, a finished run that empties it', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 5 });
    const key = storageKey.choice(production(a.realmId));
    const tickAgain = async (seed: number) => {
      h?.clock.advance(1_000);
      const more = h?.sim.seedCompany({ realmId: a.realmId, count: 3, entities: { Invoice: 1 }, seed });
      await h?.send(selectionReport(more?.keys.all ?? [], h.clock.now(), a.realmId), SENDERS.contentScript);
      await h?.background.core.preflight.start(production(a.realmId));
    };

    await choose(h, { operation: 'void', includeLinked: true });
    expect((await h.click({ type: 'selection/clear' })).ok).toBe(true);
    expect((await popupStateOf(h)).choice).toEqual(NONE);
    expect(await h.local.get(key)).toEqual({});

    await tickAgain(6);
    expect((await popupStateOf(h)).choice).toEqual(NONE); // a new selection starts at the default
    await choose(h, { includeReconciled: true });
    expect((await h.send({ type: 'company/erase', ...production(a.realmId) }, SENDERS.popup)).ok).toBe(true);
    expect(await h.local.get(key)).toEqual({});

    await tickAgain(7);
    await choose(h, { operation: 'void' });
    const started = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' });
    if (!started.ok) throw new Error(started.error);
    const job = await h.settle((started.data as PopupState).job?.id ?? '');
    expect(job.counts.voided).toBe(3);
    expect((await popupStateOf(h)).choice).toEqual({ ...NONE, operation: 'void' }); // the result is still open
    expect((await h.send({ type: 'job/dismiss', jobId: job.id }, SENDERS.popup)).ok).toBe(true);
    expect((await popupStateOf(h)).selection).toEqual([]);
    expect((await popupStateOf(h)).choice).toEqual(NONE);
    expect(await h.local.get(key)).toEqual({});
  });

  it('the job starts with the stored choice; a click that showed another is refused', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, {
      count: 8,
      entities: { Invoice: 1, Payment: 1 },
      reconciledShare: 0.25,
      seed: 7,
    });
    expect(a.keys.reconciled.length).toBeGreaterThan(0);
    await choose(h, { operation: 'void' });

    // A view that still showed "Verify and delete selected" (chosen in another window since).
    const stale = await h.click({ type: 'job/start', includeReconciled: false, operation: 'delete' });
    expect(stale).toEqual({ ok: false, error: expect.stringMatching(/now set to void/) });
    // The opt-ins too: the click showed reconciled included, the stored choice leaves them alone.
    const optIn = await h.click({ type: 'job/start', includeReconciled: true, operation: 'void' });
    expect(optIn).toEqual({ ok: false, error: expect.stringMatching(/reconciled/) });
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(a.realmId, 'batch')).toBe(0);

    const started = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' });
    if (!started.ok) throw new Error(started.error);
    const job = await h.settle((started.data as PopupState).job?.id ?? '');
    expect(job.operation).toBe('void');
    expect(job.includeReconciled).toBe(false);
    expect(h.sim.truth(a.realmId).deletedKeys()).toEqual([]);
    for (const k of a.keys.reconciled) expect(h.sim.truth(a.realmId).appliedVoids(k)).toBe(0);
  });
});
