/**
 * Issue 18 §1–§3, the review's cases: every click names what it acts on, and only the extension can
 * change what it deletes. The whole background in Node against the simulator; each case failed on
 * the code before the fix (two restores created 15 records of 8; the click deleted B's records; a
 * rewritten reviewed Id deleted a record never ticked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState, RestorePreview } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from './harness';

const SEED = { count: 8, entities: { Invoice: 1, Bill: 1, JournalEntry: 1 }, seed: 18 };

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function deleteAllReady(harness: SecurityHarness) {
  const started = await harness.click({ type: 'job/start', includeReconciled: false });
  if (!started.ok) throw new Error(started.error);
  const jobId = (started.data as PopupState).job?.id ?? '';
  const end = await harness.settle(jobId);
  await harness.send({ type: 'job/dismiss', jobId }, SENDERS.popup);
  return { jobId, deleted: end.counts.deleted + end.counts.deletedVerified };
}

describe('two views press the same button together', () => {
  it('two restore/start from the popup and the full view: one restore, each record created once', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const { jobId, deleted } = await deleteAllReady(h);
    expect(deleted).toBeGreaterThan(0);
    // Both views previewed the same plan, then both pressed "Restore" in the same tick.
    const preview = await h.click({ type: 'restore/preview', filter: { jobId } });
    const scope = (preview.ok ? (preview.data as RestorePreview) : undefined)?.scope;
    expect(scope?.realmId).toBe(company.realmId);
    const start = { type: 'restore/start', filter: { jobId }, scope };
    const [popup, fullView] = await Promise.all([h.send(start, SENDERS.popup), h.send(start, SENDERS.popup)]);
    expect([popup.ok, fullView.ok].sort()).toEqual([false, true]);
    const refused = popup.ok ? fullView : popup;
    // Already running, or (when the first finished first) nothing left to restore: never a second run.
    expect(refused.ok ? '' : refused.error).toMatch(/already running|nothing to restore/);

    const restores = (await h.background.core.runner.listJobs()).filter((j) => j.operation === 'restore');
    expect(restores).toHaveLength(1);
    await h.settle(restores[0]?.id ?? '');
    const truth = h.sim.truth(company.realmId);
    expect(truth.createdKeys()).toHaveLength(deleted);
    for (const key of truth.createdKeys()) expect(truth.appliedCreates(key)).toBe(1);
  });

  it('two job/start together: one job', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const scope = (await popupStateOf(h)).scope;
    const start = { type: 'job/start', includeReconciled: false, scope };
    const replies = await Promise.all([h.send(start, SENDERS.popup), h.send(start, SENDERS.popup)]);
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    const jobs = await h.background.core.runner.listJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.realmId).toBe(company.realmId);
  });

  it('the runner itself refuses a second active job of a company (the re-check in the write queue)', async () => {
    h = await createSecurityHarness();
    const runner = h.background.core.runner;
    const input = { realmId: '4620816365', environment: 'production' as const, records: [] };
    const [first, second] = await Promise.all([runner.tryCreateJob(input), runner.tryCreateJob(input)]);
    expect([first.kind, second.kind].sort()).toEqual(['busy', 'created']);
    const other = await runner.tryCreateJob({ ...input, realmId: '4620816366' });
    expect(other.kind).toBe('created');
  });

  it('a restore in progress leaves its records out of any other restore plan', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, SEED);
    const { jobId } = await deleteAllReady(h);
    const started = await h.click({ type: 'restore/start', filter: { jobId } });
    expect(started.ok).toBe(true);
    // Before it ran a single step: a second look finds nothing left to offer.
    const again = await h.click({ type: 'restore/preview', filter: { jobId } });
    expect(again).toEqual({ ok: false, error: 'No deleted record matches: nothing to restore.' });
  });
});

describe('the click names its scope', () => {
  it('a report from company B between the view and the click: refused, naming both, nothing of B deleted', async () => {
    h = await createSecurityHarness();
    const b = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 2 });
    const a = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 }, seed: 3 });
    const shown = (await popupStateOf(h)).scope;
    expect(shown?.realmId).toBe(a.realmId);

    // B's tab reports (its page is B's now) after the popup's last poll.
    h.setPageCompany(b.realmId);
    const reported = await h.send(selectionReport(b.keys.all, h.clock.now(), b.realmId), SENDERS.contentScript);
    expect(reported.ok).toBe(true);
    const reply = await h.send({ type: 'job/start', includeReconciled: false, scope: shown }, SENDERS.popup);
    expect(reply.ok).toBe(false);
    const error = reply.ok ? '' : reply.error;
    expect(error).toMatch(/^This window shows .*; QuickBooks switched to .*\. Check the list again\.$/);
    // Both companies by the names QuickBooks gives them (CompanyInfo), A first: what the window showed.
    const names = h.background.core.companyNames;
    const nameA = await names.get({ realmId: a.realmId, environment: 'production' }, false);
    const nameB = await names.get({ realmId: b.realmId, environment: 'production' }, false);
    expect(error).toBe(
      `This window shows ${nameA ?? ''}; QuickBooks switched to ${nameB ?? ''}. Check the list again.`,
    );
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(b.realmId, 'batch', 'delete') + h.callsTo(a.realmId, 'batch', 'delete')).toBe(0);
  });

  it('selection changes name their company: "Clear selection" in A’s view never clears B’s', async () => {
    h = await createSecurityHarness();
    const b = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 4 });
    const a = await connectedWithSelection(h, { count: 3, entities: { Invoice: 1 }, seed: 5 });
    const shown = (await popupStateOf(h)).scope;
    h.setPageCompany(b.realmId);
    await h.send(selectionReport(b.keys.all.slice(0, 1), h.clock.now(), b.realmId), SENDERS.contentScript);
    const company = { realmId: a.realmId, environment: shown?.environment };
    const cleared = await h.send({ type: 'selection/clear', scope: company }, SENDERS.popup);
    expect(cleared.ok).toBe(false);
    const bScope = { realmId: b.realmId, environment: 'production' as const };
    expect(Object.keys(await h.background.core.selection.read(bScope))).toHaveLength(4);
  });

  it('a stamp from before the statuses moved: refused, nothing deleted; the fresh view’s click works', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const shown = (await popupStateOf(h)).scope;
    // Someone edits a ticked record after the view's last poll; the check re-runs and reads it anew.
    h.sim.editRecord(company.realmId, company.keys.all[0] ?? '');
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });
    const stale = await h.send({ type: 'job/start', includeReconciled: false, scope: shown }, SENDERS.popup);
    expect(stale).toMatchObject({ ok: false, error: expect.stringMatching(/changed since this window showed it/) });
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect((await h.click({ type: 'job/start', includeReconciled: false })).ok).toBe(true);
  });
});

describe('only the extension decides what a job deletes', () => {
  it('a preflight row whose reviewed Id was rewritten: the job is refused, the ticked record stays', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 4, entities: { Invoice: 1 }, seed: 6 });
    const scope = { realmId: company.realmId, environment: 'production' as const };
    // The person takes one record out of the selection: it must never be deleted.
    const [removed, ticked] = company.keys.all;
    expect((await h.click({ type: 'selection/remove', key: removed })).ok).toBe(true);
    const store = h.background.core.preflightStore;
    const stored = await store.read(scope);
    const row = stored?.rows[ticked ?? ''];
    expect(row?.reviewed).toBeDefined();
    // As a compromised renderer could: the row of `ticked` now reviews the removed record.
    const removedId = removed?.split(':')[1] ?? '';
    const forged = {
      ...stored,
      rows: { ...stored?.rows, [ticked ?? '']: { ...row, reviewed: { ...row?.reviewed, id: removedId } } },
    };
    await store.save(scope, forged as NonNullable<typeof stored>);

    const reply = await h.click({ type: 'job/start', includeReconciled: false });
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/names another record/) });
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
    expect(h.sim.truth(company.realmId).deletedKeys()).toEqual([]);
  });
});
