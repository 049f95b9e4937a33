/**
 * Issue 11 §2 "Void instead of delete", the background's half of the click (lib/background/start-job.ts):
 * "Void instead of delete" chosen (`selection/choose`, stored with the selection), then `job/start`
 * naming operation 'void' builds a void job of the ready records the service can void,
 * leaving every other type out of the job; with none voidable it refuses in words and sends nothing.
 * The whole background in Node, the real client against the real simulator (security harness).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { canVoid, type Entity } from '../../lib/domain/entities';
import type { PopupState } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

const entityOf = (key: string) => key.split(':')[0] as Entity;
/** The person ticks "Void instead of delete": the choice is the selection's, stored by the background. */
async function chooseVoid(h: SecurityHarness): Promise<void> {
  expect((await h.click({ type: 'selection/choose', choice: { operation: 'void' } })).ok).toBe(true);
}

describe('job/start with operation "void"', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('voids only the ready records the service can void; the other types stay out of the job', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, {
      count: 24,
      entities: { Invoice: 1, Payment: 1, SalesReceipt: 1, Bill: 1, JournalEntry: 1, Purchase: 1 },
      seed: 5,
    });
    const before = await popupStateOf(h);
    expect(before.selection).toHaveLength(24);
    const ready = before.selection.filter((r) => r.status === 'ready').map((r) => r.key);
    const voidable = ready.filter((k) => canVoid(entityOf(k)));
    const others = company.keys.all.filter((k) => !canVoid(entityOf(k)));
    expect(voidable.length).toBeGreaterThan(0);
    expect(ready.filter((k) => !canVoid(entityOf(k))).length).toBeGreaterThan(0); // ready, but cannot be voided

    await chooseVoid(h);
    const started = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' }, SENDERS.popup);
    expect(started).toMatchObject({ ok: true });
    const jobId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const runner = h.background.core.runner;
    const created = await runner.getJob(jobId);
    expect(created?.operation).toBe('void');
    expect(created?.total).toBe(voidable.length);
    expect((await runner.getRecords(jobId)).map((r) => r.key).sort()).toEqual([...voidable].sort());

    const end = await h.settle(jobId);
    expect(end.status).toBe('done');
    expect(end.counts.voided).toBe(voidable.length);
    expect(end.counts.refused).toBe(0); // nothing that cannot be voided reached the job
    const truth = h.sim.truth(company.realmId);
    expect(truth.voidedKeys().sort()).toEqual([...voidable].sort());
    expect(truth.deletedKeys()).toEqual([]);
    for (const key of others) {
      expect(truth.appliedVoids(key)).toBe(0);
      expect(truth.exists(key)).toBe(true);
    }
    // The popup's view: a void job, its records in "Voided", the rest counted as left alone.
    const view = (await popupStateOf(h)).job;
    expect(view?.operation).toBe('void');
    expect(view?.counts).toMatchObject({ voided: voidable.length, deleted: 0 });
    expect(view?.records.every((r) => r.group === 'voided')).toBe(true);
    expect(view?.leftAlone).toBe(24 - voidable.length);
  });

  // A real bug (lib/background/app.ts, the end-of-job notification): it counts only deleted
  // records, so a void job that voided everything notifies "0 deleted of N".
  it('the end-of-job notification of a void job counts the voided records', async () => {
    const notes: string[] = [];
    h = await createSecurityHarness({ notify: async (title, message) => void notes.push(`${title}: ${message}`) });
    await connectedWithSelection(h, { count: 6, entities: { Invoice: 1, Payment: 1 }, seed: 8 });
    h.clock.advance(10_000); // the popup's last poll was 10 s ago: it is closed when the job ends
    await chooseVoid(h);
    const started = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' }, SENDERS.popup);
    const jobId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const end = await h.settle(jobId);
    expect(end.counts.voided).toBe(6);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.at(-1)).toMatch(/6 voided of 6/);
    expect(notes.at(-1)).not.toMatch(/deleted/);
  });

  it('refuses with "Nothing is ready to void." when no ready record can be voided, and sends nothing', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, {
      count: 6,
      entities: { Bill: 1, JournalEntry: 1, Purchase: 1 },
      seed: 6,
    });
    const ready = (await popupStateOf(h)).selection.filter((r) => r.status === 'ready');
    expect(ready.length).toBeGreaterThan(0);
    await chooseVoid(h);
    const refused = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' }, SENDERS.popup);
    expect(refused).toEqual({ ok: false, error: 'Nothing is ready to void.' });
    expect((await popupStateOf(h)).notice).toEqual({ level: 'error', text: 'Nothing is ready to void.' });
    expect(await h.background.core.runner.listJobs()).toEqual([]);
    expect(h.callsTo(company.realmId, 'batch', 'void', 'delete')).toBe(0);

    // The same selection deletes: the refusal was the void's alone.
    expect((await h.click({ type: 'selection/choose', choice: { operation: 'delete' } })).ok).toBe(true);
    const deleting = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(deleting).toMatchObject({ ok: true });
    const job = (deleting.ok ? (deleting.data as PopupState).job : undefined) ?? undefined;
    expect(job?.operation).toBe('delete');
    expect(job?.total).toBe(ready.length);
  });

  it('reconciled voidable records still need their own opt-in', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, {
      count: 16,
      entities: { Invoice: 1, Payment: 1 },
      reconciledShare: 0.25,
      seed: 7,
    });
    const reconciled = company.keys.reconciled;
    expect(reconciled.length).toBeGreaterThan(0);
    await chooseVoid(h);
    const started = await h.click({ type: 'job/start', includeReconciled: false, operation: 'void' }, SENDERS.popup);
    expect(started).toMatchObject({ ok: true });
    const jobId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const keys = (await h.background.core.runner.getRecords(jobId)).map((r) => r.key);
    expect(keys.some((k) => reconciled.includes(k))).toBe(false);
    await h.settle(jobId);
    for (const key of reconciled) expect(h.sim.truth(company.realmId).appliedVoids(key)).toBe(0);
  });
});
