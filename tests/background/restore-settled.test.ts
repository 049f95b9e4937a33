/**
 * A record is restored once, whatever else is going on. The whole background in Node, the real
 * client against the real simulator:
 * - a restore cancelled while its create batch is in flight still sends and verifies that batch, so
 *   until it has settled its records are being restored: a second restore of them is refused by the
 *   background (a stale view's click, a fresh preview, the runner's own creation check), and once it
 *   has settled each record exists once;
 * - a record whose restore was not confirmed (it may already be back in QuickBooks) is never offered
 *   as plainly restorable: the preview lists it apart, and only the person's explicit choice sends it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/entry';
import type { PopupState, RestorePreview } from '../../lib/messaging/views';
import { connectedWithSelection, createSecurityHarness, SENDERS, type SecurityHarness } from '../security/harness';

const TRANSFERS_AND_DEPOSITS = { count: 8, entities: { Transfer: 1, Deposit: 1 }, seed: 30 };

let h: SecurityHarness | undefined;
afterEach(async () => {
  h?.sim.releaseHeld();
  await h?.close();
  h = undefined;
});

async function deleteAll(harness: SecurityHarness) {
  const started = await harness.click({ type: 'job/start', includeReconciled: false });
  if (!started.ok) throw new Error(started.error);
  const jobId = (started.data as PopupState).job?.id ?? '';
  const end = await harness.settle(jobId);
  expect(end.status).toBe('done');
  await harness.send({ type: 'job/dismiss', jobId }, SENDERS.popup);
  return { jobId, deleted: end.counts.deleted + end.counts.deletedVerified };
}

const previewOf = (reply: { ok: boolean; data?: unknown }) =>
  (reply.ok ? reply.data : undefined) as RestorePreview | undefined;

/** Real time passes (the simulator answers over loopback) until `ready` holds. */
async function until(ready: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** Fires the runner's alarm until the job has closed its open chunk (a cancelled job, too). */
async function settled(harness: SecurityHarness, jobId: string) {
  const runner = harness.background.core.runner;
  for (let i = 0; i < 50; i++) {
    await runner.whenIdle();
    const job = await runner.getJob(jobId);
    if (!job || (!job.openChunk && (job.status === 'done' || job.status === 'cancelled'))) return job;
    await harness.settle(jobId);
    await harness.background.onAlarm({ name: 'safe-delete:jobs', scheduledTime: harness.clock.now() });
  }
  return runner.getJob(jobId);
}

describe('a restore cancelled while its batch is in flight', () => {
  for (const allowDuplicateDocNumbers of [false, true]) {
    it(`refuses a second restore of its records until it has settled; each record is created once${allowDuplicateDocNumbers ? ' (duplicate numbers allowed)' : ''}`, async () => {
      h = await createSecurityHarness();
      const company = await connectedWithSelection(h, TRANSFERS_AND_DEPOSITS);
      const { deleted } = await deleteAll(h);
      expect(deleted).toBe(8);
      const scope = { realmId: company.realmId, environment: 'production' as const };

      // A second view previewed the same restore before anything started.
      const stale = previewOf(await h.click({ type: 'restore/preview', filter: {} }));
      expect(stale?.willRestore).toBe(8);

      // The first view restores; its create batch is on its way when the person cancels.
      h.sim.injectFault({ endpoint: 'batch', kind: 'hold-before', realmId: company.realmId });
      const started = await h.click({ type: 'restore/start', filter: {}, allowDuplicateDocNumbers });
      expect(started.ok).toBe(true);
      const restoreId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
      await until(() => h?.sim.heldCount() === 1, 'the create batch is in flight');
      const cancelled = await h.send({ type: 'job/cancel', jobId: restoreId }, SENDERS.popup);
      expect(cancelled.ok).toBe(true);
      const first = await h.background.core.runner.getJob(restoreId);
      expect(first?.status).toBe('cancelled');
      expect(first?.openChunk).toBe(true);

      // The second view's click, with what it was shown: refused.
      const second = await h.send(
        { type: 'restore/start', filter: {}, scope: stale?.scope, allowDuplicateDocNumbers },
        SENDERS.popup,
      );
      expect(second.ok).toBe(false);
      // A fresh look offers none of the records still being restored, and a fresh click is refused.
      const fresh = await h.click({ type: 'restore/preview', filter: {} });
      expect(fresh).toEqual({ ok: false, error: 'No deleted record matches: nothing to restore.' });
      const freshClick = await h.click({ type: 'restore/start', filter: {}, allowDuplicateDocNumbers });
      expect(freshClick.ok).toBe(false);
      // The runner's own creation check counts the cancelled job that still has a batch to verify.
      const direct = await h.background.core.runner.tryCreateJob({
        ...scope,
        operation: 'restore',
        records: [],
        chunks: [],
      });
      expect(direct.kind).toBe('busy');
      const restores = (await h.background.core.runner.listJobs()).filter((j) => j.operation === 'restore');
      expect(restores.map((j) => j.id)).toEqual([restoreId]);

      // The batch lands; the cancelled restore verifies it and settles, sending nothing more.
      expect(h.sim.releaseHeld()).toBe(1);
      const end = await settled(h, restoreId);
      expect(end?.openChunk).toBe(false);
      const inFlight = end?.counts.restored ?? 0;
      expect(inFlight).toBeGreaterThan(0);
      const truth = h.sim.truth(company.realmId);
      expect(truth.createdKeys()).toHaveLength(inFlight);

      // Settled: what it brought back is offered no more; the rest (never sent) is, once.
      await h.send({ type: 'job/dismiss', jobId: restoreId }, SENDERS.popup);
      const late = await h.send(
        { type: 'restore/start', filter: {}, scope: stale?.scope, allowDuplicateDocNumbers },
        SENDERS.popup,
      );
      expect(late.ok).toBe(false);
      const rest = previewOf(await h.click({ type: 'restore/preview', filter: {} }));
      expect(rest?.willRestore).toBe(8 - inFlight);
      const again = await h.click({ type: 'restore/start', filter: {}, allowDuplicateDocNumbers });
      expect(again.ok).toBe(true);
      const againId = (again.ok ? (again.data as PopupState).job?.id : undefined) ?? '';
      expect((await h.settle(againId)).counts.restored).toBe(8 - inFlight);
      await h.send({ type: 'job/dismiss', jobId: againId }, SENDERS.popup);

      // 8 deleted, 8 created: each once.
      expect(truth.createdKeys()).toHaveLength(8);
      for (const key of truth.createdKeys()) expect(truth.appliedCreates(key)).toBe(1);
      const after = await h.click({ type: 'restore/preview', filter: {} });
      expect(after).toEqual({ ok: false, error: 'No deleted record matches: nothing to restore.' });
    });
  }
});

describe('a record whose restore was not confirmed', () => {
  it('is listed apart as maybe back already, and restored only by the explicit choice', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, TRANSFERS_AND_DEPOSITS);
    const { jobId } = await deleteAll(h);
    const scope = { realmId: company.realmId, environment: 'production' as const };
    const audit = h.background.core.audit;
    const deletions = (await audit.readCompany(scope, {})).filter((e) => e.jobId === jobId);
    expect(deletions).toHaveLength(8);
    // An earlier restore could not confirm two of them (as the runner writes it: the old Id, its body).
    const unsure = deletions.slice(0, 2);
    const at = h.clock.now() + 1;
    await audit.append(
      unsure.map(
        (e): AuditEntry => ({
          ...e,
          at,
          jobId: 'an-earlier-restore',
          syncToken: '',
          outcome: 'restoreUnconfirmed',
          outcomeLabel: 'Not confirmed: look for it in QuickBooks',
        }),
      ),
    );
    const unsureKeys = unsure.map((e) => `${e.entity}:${e.id}`).sort();

    const reply = await h.click({ type: 'restore/preview', filter: { jobId } });
    const preview = previewOf(reply);
    expect(preview?.willRestore).toBe(6);
    expect(preview?.unconfirmed?.records.map((r) => r.key).sort()).toEqual(unsureKeys);
    expect(preview?.unconfirmed?.ifRestored.willRestore).toBe(8);

    // Without the choice: the six others come back, the two are not sent.
    const plain = await h.click({ type: 'restore/start', filter: { jobId } });
    expect(plain.ok).toBe(true);
    const firstId = (plain.ok ? (plain.data as PopupState).job?.id : undefined) ?? '';
    const first = await h.settle(firstId);
    expect(first.counts.restored).toBe(6);
    const truth = h.sim.truth(company.realmId);
    expect(truth.createdKeys()).toHaveLength(6);
    await h.send({ type: 'job/dismiss', jobId: firstId }, SENDERS.popup);

    // Still only offered apart: a plain start has nothing to restore.
    const left = previewOf(await h.click({ type: 'restore/preview', filter: { jobId } }));
    expect(left?.willRestore).toBe(0);
    expect(left?.unconfirmed?.records.map((r) => r.key).sort()).toEqual(unsureKeys);
    const nothing = await h.click({ type: 'restore/start', filter: { jobId } });
    expect(nothing.ok).toBe(false);
    // A click that says it chose them, with the plain preview's stamp: refused (not what was shown).
    const mixed = await h.send(
      { type: 'restore/start', filter: { jobId }, scope: left?.scope, includeUnconfirmed: true },
      SENDERS.popup,
    );
    expect(mixed.ok).toBe(false);
    expect(truth.createdKeys()).toHaveLength(6);

    // The person looked in QuickBooks and chose to restore them again.
    const chosen = await h.send(
      {
        type: 'restore/start',
        filter: { jobId },
        scope: { ...scope, stamp: left?.unconfirmed?.ifRestored.stamp },
        includeUnconfirmed: true,
      },
      SENDERS.popup,
    );
    expect(chosen.ok).toBe(true);
    const secondId = (chosen.ok ? (chosen.data as PopupState).job?.id : undefined) ?? '';
    const second = await h.settle(secondId);
    expect(second.counts.restored).toBe(2);
    expect(truth.createdKeys()).toHaveLength(8);
    await h.send({ type: 'job/dismiss', jobId: secondId }, SENDERS.popup);
    // Restored now: offered in no way at all.
    const none = await h.click({ type: 'restore/preview', filter: { jobId } });
    expect(none).toEqual({ ok: false, error: 'No deleted record matches: nothing to restore.' });
  });
});
