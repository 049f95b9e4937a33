/**
 * The background as a whole, in Node: content-script report → connection → preflight → job → result,
 * as the popup sees it (views only), with the badge, the end-of-job notification, dismissal, and a
 * restart of the background on the same storage. Real client, real simulator, manual clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/index';
import type { PopupState } from '../../lib/messaging/views';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from '../security/harness';

describe('the background end to end (Node)', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  const state = () => popupStateOf(h);

  it('shows statuses, runs the job on Ready records only, badges progress, notifies when the popup is closed', async () => {
    const notes: string[] = [];
    const badges: string[] = [];
    h = await createSecurityHarness({
      notify: async (title, message) => void notes.push(`${title}: ${message}`),
      badge: {
        setBadgeText: async ({ text }) => void badges.push(text),
        setBadgeBackgroundColor: async () => undefined,
      },
    });
    const company = await connectedWithSelection(h, {
      count: 70,
      entities: { Invoice: 1 },
      reconciledShare: 0.2,
      closedShare: 0.1,
    });
    const before = await state();
    expect(before.selection).toHaveLength(70);
    const statuses = new Map(before.selection.map((r) => [r.key, r.status]));
    for (const key of company.keys.reconciled.filter((k) => !company.keys.closed.includes(k)))
      expect(statuses.get(key)).toBe('reconciled');
    for (const key of company.keys.closed) expect(statuses.get(key)).toBe('closedPeriod');
    const ready = before.selection.filter((r) => r.status === 'ready' || r.status === 'linked').map((r) => r.key);
    expect(ready.length).toBeGreaterThan(30);
    expect(badges.at(-1)).toBe('70');
    expect((await h.send({ type: 'state/get', sinceVersion: before.version }, SENDERS.popup)).ok).toBe(true);

    h.clock.advance(10_000); // the last poll was 10 s ago: the popup is closed when the job ends
    const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(started.ok).toBe(true);
    const job = await h.settle((started.ok ? (started.data as PopupState).job?.id : undefined) ?? '');
    expect(job.status).toBe('done');
    const after = await state();
    expect(after.job?.counts.deleted).toBe(ready.length);
    expect(h.sim.truth(company.realmId).deletedKeys().sort()).toEqual([...ready].sort());
    expect(badges.some((b) => /^\d+%$/.test(b))).toBe(true);
    expect(notes.at(-1)).toMatch(new RegExp(`${ready.length} deleted of ${ready.length}`));

    // Done: the deleted records leave the selection; the others stay for another look.
    const dismissed = await h.send({ type: 'job/dismiss', jobId: job.id }, SENDERS.popup);
    expect(dismissed.ok).toBe(true);
    const left = (await state()).selection.map((r) => r.key);
    expect(left).toHaveLength(70 - ready.length);
    expect(left.some((k) => ready.includes(k))).toBe(false);
    // The run stays readable after "Done", with its records.
    const kept = (await state()).recentRuns;
    expect(kept.map((r) => r.id)).toEqual([job.id]);
    expect(
      kept[0]?.records
        .filter((r) => r.group === 'deleted')
        .map((r) => r.key)
        .sort(),
    ).toEqual([...ready].sort());
  });

  it('refuses to start when the selection changed since it was checked, and checks it again', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 10, entities: { Invoice: 1 } });
    const extra = h.sim.seedCompany({ realmId: company.realmId, count: 12, entities: { Invoice: 1 }, seed: 3 });
    await h.send(selectionReport(extra.keys.all.slice(10), h.clock.now(), company.realmId), SENDERS.contentScript);
    const refused = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/changed since it was checked/) });
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);
  });

  it('nothing is lost when the background restarts: selection, statuses and connection are read back', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, { count: 12, entities: { Invoice: 1 } });
    const first = await state();
    const again = createBackground(h.background.deps);
    const reply = await again.handleMessage({ type: 'state/get' }, SENDERS.popup);
    const second = reply.ok ? (reply.data as PopupState) : undefined;
    expect(second?.selection.map((r) => [r.key, r.status])).toEqual(first.selection.map((r) => [r.key, r.status]));
    expect(second?.connection).toMatchObject({ realmId: first.connection.realmId, hasToken: true });
    expect(second?.version).not.toBe(first.version);
  });
});
