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
      new Set(['chunk', 'records', 'page-ticked', 'preflight', 'removed', 'rows', 'runs', 'selection', 'throttle']),
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
    // What stays under A's name: the erase's own tombstone (no record in it), the open page's
    // company and the rate-limit pacing (call times only).
    expect(keysOf(after, a, aJobs).sort()).toEqual([`sd:removed:production:${a.realmId}`, `sd:throttle:${a.realmId}`]);
    expect(after[`sd:removed:production:${a.realmId}`]).toEqual({ [ERASED_TOMBSTONE]: h.clock.now() });
    expect(JSON.stringify(after['sd:jobs'])).not.toContain(a.realmId);
    expect(JSON.stringify(after['sd:company-names'] ?? {})).not.toContain(a.realmId);
    for (const [key, value] of Object.entries(bKeys)) expect(after[key]).toEqual(value);
    expect((await h.background.core.runner.listJobs()).map((j) => j.id)).toEqual([bJob]);

    const view = erased.ok ? (erased.data as PopupState) : undefined;
    expect(view?.localData?.map((c) => c.realmId)).toEqual([b.realmId]);
    expect(view?.selection).toEqual([]);
    expect(view?.pageTicked).toEqual([]);
    expect(view?.recentRuns).toEqual([]);
    expect(view?.job).toBeUndefined();
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
