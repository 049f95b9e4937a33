/**
 * Issue 11 §1 "Restore deleted records", the background's half (lib/background/restore.ts): the
 * whole background in Node, the real client against the real simulator. Delete through `job/start`,
 * then `restore/preview` says what would happen, `restore/start` runs it as a restore job, and a
 * second restore never brings a record back twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState, RestorePreview } from '../../lib/messaging/views';
import { restoreRefusalText } from '../../lib/popup/words/restore';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
} from '../security/harness';

const SEED = { count: 12, entities: { Invoice: 1, Bill: 1, JournalEntry: 1 }, seed: 9 };

async function deleteReady(h: SecurityHarness) {
  const started = await h.click({ type: 'job/start', includeReconciled: false }, SENDERS.popup);
  const jobId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
  const end = await h.settle(jobId);
  expect(end.status).toBe('done');
  await h.send({ type: 'job/dismiss', jobId }, SENDERS.popup);
  return { jobId, deleted: end.counts.deleted + end.counts.deletedVerified };
}

describe('restore/preview and restore/start', () => {
  let h: SecurityHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('previews, restores each deleted record once, and offers nothing twice', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const { jobId, deleted } = await deleteReady(h);
    expect(deleted).toBeGreaterThan(0);

    const preview = await h.click({ type: 'restore/preview', filter: { jobId } }, SENDERS.popup);
    expect(preview.ok).toBe(true);
    const p = (preview.ok ? preview.data : undefined) as RestorePreview;
    expect(p.willRestore).toBe(deleted);
    expect(p.refused).toEqual([]);
    expect(p.cannotComeBack.join(' ')).toMatch(/reconcil/i);
    expect(Object.values(p.byEntity).reduce((a, b) => a + (b ?? 0), 0)).toBe(deleted);
    // The total of what comes back, per currency: the deleted records' amounts as the audit log kept them.
    const entries = JSON.parse((await h.background.core.audit.exportPage('json')).text) as {
      outcome: string;
      amount?: number;
      currency?: string;
    }[];
    const expected: Record<string, number> = {};
    for (const e of entries.filter((x) => /^deleted/.test(x.outcome) && x.amount !== undefined)) {
      const c = e.currency ?? 'USD';
      expected[c] = Math.round(((expected[c] ?? 0) + (e.amount ?? 0)) * 100) / 100;
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(p.amounts).toEqual(expected);
    // A preview creates nothing.
    expect(h.sim.truth(company.realmId).createdKeys()).toEqual([]);

    const started = await h.click({ type: 'restore/start', filter: { jobId } }, SENDERS.popup);
    expect(started).toMatchObject({ ok: true });
    const restoreId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const end = await h.settle(restoreId);
    expect(end.operation).toBe('restore');
    expect(end.counts.restored).toBe(deleted);
    const truth = h.sim.truth(company.realmId);
    expect(truth.createdKeys()).toHaveLength(deleted);
    for (const key of truth.createdKeys()) expect(truth.appliedCreates(key)).toBe(1);
    const view = (await popupStateOf(h)).job;
    expect(view?.records.every((r) => r.group === 'restored' && r.newId && r.newId !== r.id)).toBe(true);

    // The log says they are back: a second restore finds nothing to bring back.
    await h.send({ type: 'job/dismiss', jobId: restoreId }, SENDERS.popup);
    const again = await h.click({ type: 'restore/preview', filter: { jobId } }, SENDERS.popup);
    expect(again).toEqual({ ok: false, error: 'No deleted record matches: nothing to restore.' });
    const refused = await h.click({ type: 'restore/start', filter: {} }, SENDERS.popup);
    expect(refused.ok).toBe(false);
    expect(truth.createdKeys()).toHaveLength(deleted);
  });

  it('says before the click what the closed period refuses, and the job lists it under Refused', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const { jobId, deleted } = await deleteReady(h);
    h.sim.setBookCloseDate(company.realmId, '2099-12-31'); // every deleted record is now in a closed period
    const preview = await h.click({ type: 'restore/preview', filter: { jobId } }, SENDERS.popup);
    const p = (preview.ok ? preview.data : undefined) as RestorePreview;
    expect(p.willRestore).toBe(0);
    expect(p.refused).toHaveLength(deleted);
    for (const r of p.refused) expect(r.why.code).toBe('closedPeriod');
    const started = await h.click({ type: 'restore/start', filter: { jobId } }, SENDERS.popup);
    const restoreId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const end = await h.settle(restoreId);
    expect(end.counts.declined).toBe(deleted);
    expect(h.sim.truth(company.realmId).createdKeys()).toEqual([]);
    expect(h.sim.requestLog(company.realmId).filter((e) => /requestid=/.test(e.path))).toEqual([]);
  });

  it('says before the click which records name a customer made inactive or a vendor deleted since, and never sends them', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, SEED);
    const refOf = (entity: string, field: string) => {
      const key = company.keys.all.find((k) => k.startsWith(`${entity}:`)) ?? '';
      const json = h?.sim.record(company.realmId, key);
      return { key, id: (json?.[field] as { value?: string } | undefined)?.value ?? '' };
    };
    const invoice = refOf('Invoice', 'CustomerRef');
    const bill = refOf('Bill', 'VendorRef');
    expect(invoice.id).toMatch(/^\d+$/);
    expect(bill.id).toMatch(/^\d+$/);
    const { jobId, deleted } = await deleteReady(h);
    h.sim.setReferenceActive(company.realmId, 'Customer', invoice.id, false);
    h.sim.deleteReference(company.realmId, 'Vendor', bill.id);

    const preview = await h.click({ type: 'restore/preview', filter: { jobId } }, SENDERS.popup);
    const p = (preview.ok ? preview.data : undefined) as RestorePreview;
    const reasons = Object.fromEntries(p.refused.map((r) => [r.key, restoreRefusalText(r.why)]));
    expect(reasons[invoice.key]).toMatch(/customer .* is inactive in QuickBooks: make it active again/);
    expect(reasons[bill.key]).toMatch(/vendor .* was deleted in QuickBooks since/);
    // Every refused record names that customer or that vendor; the others will be restored.
    const truthBefore = h.sim.truth(company.realmId);
    expect(p.willRestore + p.refused.length).toBe(deleted);
    expect(p.refused.length).toBeGreaterThanOrEqual(2);
    // The preview asked for inactive names too, and created nothing.
    const nameQueries = h.sim
      .requestLog(company.realmId)
      .map((e) => decodeURIComponent(e.path.replace(/\+/g, ' ')))
      .filter((path) => /from (Customer|Vendor)/i.test(path));
    expect(nameQueries.every((q) => /Active in \(true, false\)/.test(q))).toBe(true);
    expect(nameQueries.length).toBeGreaterThan(0);
    expect(truthBefore.createdKeys()).toEqual([]);

    const started = await h.click({ type: 'restore/start', filter: { jobId } }, SENDERS.popup);
    const restoreId = (started.ok ? (started.data as PopupState).job?.id : undefined) ?? '';
    const end = await h.settle(restoreId);
    expect(end.counts.declined).toBe(p.refused.length);
    expect(end.counts.restored).toBe(p.willRestore);
    const created = h.sim.truth(company.realmId).createdKeys();
    expect(created).toHaveLength(p.willRestore);
    // No create naming the inactive customer or the deleted vendor was ever sent.
    const bodies = h.sim
      .requestLog(company.realmId)
      .filter((e) => /requestid=/.test(e.path))
      .map((e) => e.body ?? '');
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((b) => b.includes('"BatchItemRequest"'))).toBe(true);
    expect(bodies.some((b) => b.includes(`"CustomerRef":{"value":"${invoice.id}"`))).toBe(false);
    expect(bodies.some((b) => b.includes(`"VendorRef":{"value":"${bill.id}"`))).toBe(false);
  });

  it('filters by type and TxnDate, and refuses a message from a content script', async () => {
    h = await createSecurityHarness();
    await connectedWithSelection(h, SEED);
    const { jobId } = await deleteReady(h);
    const bills = await h.click({ type: 'restore/preview', filter: { jobId, entities: ['Bill'] } }, SENDERS.popup);
    const p = (bills.ok ? bills.data : undefined) as RestorePreview;
    expect(Object.keys(p.byEntity)).toEqual(['Bill']);
    const none = await h.click({ type: 'restore/preview', filter: { jobId, to: '1990-01-01' } }, SENDERS.popup);
    expect(none.ok).toBe(false);
    const forged = await h.click({ type: 'restore/start', filter: {} }, SENDERS.contentScript);
    expect(forged.ok).toBe(false);
  });
});
