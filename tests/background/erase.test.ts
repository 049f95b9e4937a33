/**
 * "Erase this company's local data" (issue 18 §7) through the whole background: after Disconnect,
 * every snapshot of a client's records stayed on disk with no way to erase it. `company/erase`
 * removes that company's audit entries, runs, selection (page-ticked rows and tombstones too),
 * check and finished jobs' journals, and nothing of another company; it is refused while a job of
 * the company is active, and to anyone but the extension's own pages.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { ERASE_REFUSED } from '../../lib/background/erase';
import type { SenderLike } from '../../lib/messaging/sender';
import type { PopupState } from '../../lib/messaging/views';
import { ERASED_TOMBSTONE } from '../../lib/selection/store';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from '../security/harness';

type Company = Awaited<ReturnType<typeof connectedWithSelection>>;

/** Everything the background keeps in its local area (storage.local, or its IndexedDB stand-in). */
function local(h: SecurityHarness): Promise<Record<string, unknown>> {
  return h.background.deps.storage.local.get(null);
}

/** A finished delete job of the page's company (not dismissed: its journal stays). */
async function runJob(h: SecurityHarness, includeReconciled = false): Promise<string> {
  // The person's "Include reconciled transactions" is the selection's choice, stored before the click.
  if (includeReconciled) await h.click({ type: 'selection/choose', choice: { includeReconciled } }, SENDERS.popup);
  const started = await h.click({ type: 'job/start', includeReconciled }, SENDERS.popup);
  if (!started.ok) throw new Error(started.error);
  const id = (started.data as PopupState).job?.id ?? '';
  expect((await h.settle(id)).status).toBe('done');
  return id;
}

/** Every storage.local key naming the company (scoped keys end with its realm; job keys carry ids). */
function keysOf(all: Record<string, unknown>, company: Company, jobIds: readonly string[]): string[] {
  return Object.keys(all).filter((k) => k.endsWith(`:${company.realmId}`) || jobIds.some((id) => k.includes(id)));
}

const erase = (h: SecurityHarness, c: Company, sender: SenderLike = SENDERS.popup) =>
  h.send({ type: 'company/erase', realmId: c.realmId, environment: 'production' }, sender);

describe('company/erase', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => h?.close());

  it('erases every kind of data of one company and nothing of another', async () => {
    h = await createSecurityHarness();
    // Company B: a finished job whose result is still open (journal, audit entries, selection, check).
    const b = await connectedWithSelection(h, { count: 12, entities: { Invoice: 1 } });
    const bJob = await runJob(h);
    // Company A (the page's now): a run kept after "Done", then a finished job still open, a
    // page-ticked row, a removed row (tombstone), a check — then Disconnect.
    const a = await connectedWithSelection(h, { count: 40, entities: { Invoice: 1 }, reconciledShare: 0.25 });
    const aDone = await runJob(h);
    expect((await h.send({ type: 'job/dismiss', jobId: aDone }, SENDERS.popup)).ok).toBe(true);
    const left = (await popupStateOf(h)).selection.map((r) => r.key);
    expect(left.length).toBeGreaterThan(1); // the reconciled ones
    const removed = left[0] ?? '';
    expect((await h.click({ type: 'selection/remove', key: removed }, SENDERS.popup)).ok).toBe(true);
    await h.send(
      selectionReport([], h.clock.now(), a.realmId, { pageTicked: ['Invoice:999999'] }),
      SENDERS.contentScript,
    );
    const aOpen = await runJob(h, true);
    expect(
      (await h.send({ type: 'connection/disconnect', realmId: a.realmId, environment: 'production' }, SENDERS.popup))
        .ok,
    ).toBe(true);

    const before = await popupStateOf(h);
    const offered = before.localData?.find((c) => c.realmId === a.realmId);
    expect(offered).toMatchObject({ connected: false, jobs: 1, jobActive: false });
    const aAudit = (await h.background.core.audit.read()).entries.filter((e) => e.realmId === a.realmId);
    expect(aAudit.length).toBeGreaterThan(30);
    expect(offered?.auditEntries).toBe(aAudit.length);
    expect(offered?.notExported).toBe(aAudit.length);
    expect(before.pageTicked.map((r) => r.key)).toEqual(['Invoice:999999']);
    const stored = await local(h);
    const aJobs = [aDone, aOpen];
    const kinds = keysOf(stored, a, aJobs).map((k) => k.split(':')[k.startsWith('sd:job:') ? 3 : 1]);
    expect(new Set(kinds)).toEqual(
      new Set([
        'choice',
        'chunk',
        'records',
        'seal',
        'page-ticked',
        'preflight',
        'removed',
        'rows',
        'runs',
        'selection',
        'throttle',
      ]),
    );
    const bKeys = Object.fromEntries(Object.entries(stored).filter(([k]) => keysOf(stored, b, [bJob]).includes(k)));
    const bAudit = (await h.background.core.audit.read()).entries.filter((e) => e.realmId === b.realmId);
    expect(bAudit).toHaveLength(12);

    const erased = await erase(h, a);
    expect(erased.ok).toBe(true);

    const audit = await h.background.core.audit.read();
    expect(audit.entries.filter((e) => e.realmId === a.realmId)).toEqual([]);
    expect(audit.entries.filter((e) => e.realmId === b.realmId)).toEqual(bAudit);
    const after = await local(h);
    // What stays under A's name: the erase's own tombstone (no record in it) and the rate-limit
    // pacing (call times only). The last page was A's: it is gone too.
    expect(keysOf(after, a, aJobs).sort()).toEqual([`sd:removed:production:${a.realmId}`, `sd:throttle:${a.realmId}`]);
    expect(after[`sd:removed:production:${a.realmId}`]).toEqual({ [ERASED_TOMBSTONE]: h.clock.now() });
    expect(JSON.stringify(after['sd:jobs'])).not.toContain(a.realmId);
    expect(JSON.stringify(after['sd:company-names'] ?? {})).not.toContain(a.realmId);
    for (const [key, value] of Object.entries(bKeys)) expect(after[key]).toEqual(value);
    expect((await h.background.core.runner.listJobs()).map((j) => j.id)).toEqual([bJob]);

    const view = erased.ok ? (erased.data as PopupState) : undefined;
    expect(view?.localData?.map((c) => c.realmId)).toEqual([b.realmId]);
    expect(after['sd:last-page']).toBeUndefined();
    expect(view?.scope?.realmId).toBe(b.realmId); // no page of A's left: the connected company is in view
    const aScope = { realmId: a.realmId, environment: 'production' as const };
    const core = h.background.core;
    expect(await core.selection.read(aScope)).toEqual({});
    expect(await core.selection.readPageTicked(aScope)).toEqual({});
    expect(await core.runHistory.read(aScope)).toEqual([]);
    expect(await core.latestJob(aScope)).toBeUndefined();
    expect(view?.notice?.text).toMatch(/^Erased the local data of /);

    // A tick still showing on the open page does not bring its row back; a new tick does.
    const stale = await h.send(
      selectionReport([removed, left[1] ?? ''], h.clock.now() - 1, a.realmId),
      SENDERS.contentScript,
    );
    expect(stale.ok).toBe(true);
    expect((await popupStateOf(h)).selection).toEqual([]);
    h.clock.advance(1_000);
    await h.send(selectionReport([left[1] ?? ''], h.clock.now(), a.realmId), SENDERS.contentScript);
    expect((await popupStateOf(h)).selection.map((r) => r.key)).toEqual([left[1]]);
  });

  it('is refused while a job of the company is active, and erases nothing', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 40, entities: { Invoice: 1 } });
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    if (!started.ok) throw new Error(started.error);
    const jobId = (started.data as PopupState).job?.id ?? '';
    expect((await h.send({ type: 'job/pause', jobId }, SENDERS.popup)).ok).toBe(true);
    await h.background.core.runner.whenIdle();
    const stored = await local(h);
    const entries = (await h.background.core.audit.read()).entries.length;

    const refused = await erase(h, a);
    expect(refused).toEqual({ ok: false, error: ERASE_REFUSED.jobActive });
    expect(await local(h)).toEqual(stored);
    expect((await h.background.core.audit.read()).entries).toHaveLength(entries);
    expect((await popupStateOf(h)).localData?.find((c) => c.realmId === a.realmId)?.jobActive).toBe(true);

    // Once the job is over, the same click erases.
    expect((await h.send({ type: 'job/resume', jobId }, SENDERS.popup)).ok).toBe(true);
    await h.settle(jobId);
    expect((await erase(h, a)).ok).toBe(true);
    expect(await h.background.core.runner.listJobs()).toEqual([]);
  });

  it('erases the company’s set-aside copies (a customer name among them) and its last page, and keeps another’s', async () => {
    h = await createSecurityHarness();
    const b = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 61 });
    const a = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 62 });
    const area = h.background.deps.storage.local;
    // A's selection as a store cannot read it: the next write sets it aside, customer name and all.
    const selectionKey = `sd:selection:production:${a.realmId}`;
    await area.set({ [selectionKey]: { 'Invoice:1': { customer: 'Jane Customer Ltd', shownAt: 'yesterday' } } });
    expect(
      (await h.send(selectionReport(a.keys.all.slice(0, 1), h.clock.now(), a.realmId), SENDERS.contentScript)).ok,
    ).toBe(true);
    const asideOfA = `sd:unreadable:${selectionKey}`;
    // Set aside elsewhere: a damaged names list naming A, and B's own damaged selection.
    const asideNames = 'sd:unreadable:sd:company-names';
    const asideOfB = `sd:unreadable:sd:selection:production:${b.realmId}`;
    await area.set({
      [asideNames]: { [`production.${a.realmId}`]: 'Jane Customer Ltd books' },
      [asideOfB]: { 'Invoice:2': { customer: 'Bob Other' } },
    });
    const before = await local(h);
    expect(before[asideOfA]).toEqual({ 'Invoice:1': { customer: 'Jane Customer Ltd', shownAt: 'yesterday' } });
    expect(before['sd:last-page']).toMatchObject({ realmId: a.realmId });

    expect((await erase(h, a)).ok).toBe(true);

    const after = await local(h);
    expect(after[asideOfA]).toBeUndefined();
    expect(after[asideNames]).toBeUndefined();
    expect(after['sd:last-page']).toBeUndefined();
    expect(JSON.stringify(after)).not.toContain('Jane Customer Ltd');
    const setAside = Object.keys(after).filter((k) => k.startsWith('sd:unreadable:'));
    expect(setAside).toEqual([asideOfB]);
    expect(after[asideOfB]).toEqual({ 'Invoice:2': { customer: 'Bob Other' } });
  });

  it('keeps the last page when it is another company’s', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 63 });
    const b = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 64 });
    expect((await erase(h, a)).ok).toBe(true);
    expect((await local(h))['sd:last-page']).toMatchObject({ realmId: b.realmId });
    expect((await popupStateOf(h)).scope?.realmId).toBe(b.realmId);
  });

  it('a content script or another extension cannot erase', async () => {
    h = await createSecurityHarness();
    const a = await connectedWithSelection(h, { count: 5, entities: { Invoice: 1 } });
    for (const sender of [
      SENDERS.contentScript,
      { id: 'ponmlkjihgfedcbaponmlkjihgfedcba', url: 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/x.html' },
    ]) {
      expect((await erase(h, a, sender)).ok).toBe(false);
    }
    expect((await popupStateOf(h)).selection).toHaveLength(5);
  });
});
