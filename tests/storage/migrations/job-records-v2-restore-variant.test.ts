/**
 * A job's records 1 → 2 (lib/storage/migrations/job-records-v2-restore-variant.ts): a restore's
 * records, stored disguised as reviewed ones (SyncToken '0', the create body as `raw`, a `restore`
 * part), become the restore variant; a reviewed record stays as it is. A restore job that was running
 * during the upgrade, its chunk journaled in flight by the old build (items with SyncToken '0' and no
 * body), resumes on the migrated records: every record restored once, each payment on its invoice's
 * new Id.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import type { RestoreRecord } from '../../../lib/domain/job-records';
import { createJournal } from '../../../lib/journal/journal';
import { JOB_RECORDS_ITEM } from '../../../lib/journal/schema';
import { restoreNoteText, restoreRefusalText } from '../../../lib/popup/words/restore';
import { restoreChunks } from '../../../lib/restore/chunks';
import { isDeletedOutcome } from '../../../lib/restore/entry';
import { planRestore } from '../../../lib/restore/plan';
import { storageKey } from '../../../lib/storage/keys';
import { LAYOUT_VERSION, migrateStorage } from '../../../lib/storage/migrate';
import {
  jobRecordsKeysIn,
  jobRecordsV2RestoreVariant,
  toRestoreVariant,
} from '../../../lib/storage/migrations/job-records-v2-restore-variant';
import { writeQueueFor } from '../../../lib/storage/queue';
import { createHarness, type Harness, killAt } from '../../jobs/harness';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const journal = () => createJournal({ storage: local(), queue: writeQueueFor(local()) });

/**
 * A restore record as shape 1 stored it (disguised as a reviewed one), its refusal and notes in
 * words. `r` in shape 2's fields (sentences); a record of today (codes) is worded first.
 */
type Shape2 = Omit<RestoreRecord, 'notes' | 'create'> & {
  notes?: string[];
  create: Extract<RestoreRecord['create'], { kind: 'send' }> | { kind: 'refused'; reason: string };
};
const asShape2 = ({ notes, create, ...r }: RestoreRecord): Shape2 => ({
  ...r,
  ...(notes ? { notes: notes.map(restoreNoteText) } : {}),
  create: create.kind === 'refused' ? { kind: 'refused', reason: restoreRefusalText(create.why) } : create,
});
function shape1(r: Shape2): Record<string, unknown> {
  if (r.create.kind === 'refused') {
    return {
      record: { entity: r.entity, id: r.id, syncToken: '0', linkedTxn: [], raw: {} },
      reconciled: false,
      restore: { dependsOn: [], refusal: r.create.reason },
    };
  }
  return {
    record: {
      entity: r.entity,
      id: r.id,
      syncToken: '0',
      txnDate: r.txnDate,
      docNumber: r.docNumber,
      totalAmt: r.amount,
      linkedTxn: [],
      raw: r.create.body,
    },
    reconciled: false,
    restore: { dependsOn: r.create.dependsOn, ...(r.notes ? { notes: r.notes } : {}) },
  };
}

const reviewed = {
  record: { entity: 'Invoice', id: '1', syncToken: '4', linkedTxn: [], raw: { Id: '1' } },
  reconciled: true,
};
const body = { TxnDate: '2025-02-03', Line: [{ LinkedTxn: [{ TxnId: '5', TxnType: 'Invoice' }] }] };
const planned: Shape2 = {
  kind: 'restore',
  entity: 'Payment',
  id: '9',
  docNumber: '77',
  txnDate: '2025-02-03',
  amount: 12.5,
  notes: ['Re-apply it.'],
  create: { kind: 'send', body, dependsOn: [{ key: 'Invoice:5', chunk: 1 }] },
};
const refused: Shape2 = {
  kind: 'restore',
  entity: 'Bill',
  id: '3',
  create: { kind: 'refused', reason: 'Closed period.' },
};
/** The same two as shape 3 reads them: their sentences kept, as the code `worded`. */
const planned3: RestoreRecord = {
  kind: 'restore',
  entity: 'Payment',
  id: '9',
  docNumber: '77',
  txnDate: '2025-02-03',
  amount: 12.5,
  notes: [{ code: 'worded', text: 'Re-apply it.' }],
  create: { kind: 'send', body, dependsOn: [{ key: 'Invoice:5', chunk: 1 }] },
};
const refused3: RestoreRecord = {
  kind: 'restore',
  entity: 'Bill',
  id: '3',
  create: { kind: 'refused', why: { code: 'worded', text: 'Closed period.' } },
};

let h: Harness | undefined;
beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('jobRecords 1 → 2: a restore’s records get their own variant', () => {
  it('is the item’s first migration (the item is at 3 since: ./job-records-v3-coded-restore.test.ts)', () => {
    expect(JOB_RECORDS_ITEM.version).toBe(3);
    expect(JOB_RECORDS_ITEM.migrations[0]).toBe(jobRecordsV2RestoreVariant);
  });

  it('turns a disguised restore record (planned or refused) into the variant; keeps the rest as they are', () => {
    expect(toRestoreVariant(shape1(planned))).toEqual(planned);
    expect(toRestoreVariant(shape1(refused))).toEqual(refused);
    // A planned one without number, date, amount or notes: no such keys (undefined would not be kept).
    const bare = { ...shape1(planned), record: { entity: 'Invoice', id: '4', syncToken: '0', linkedTxn: [], raw: {} } };
    expect(toRestoreVariant({ ...bare, restore: { dependsOn: [] } })).toEqual({
      kind: 'restore',
      entity: 'Invoice',
      id: '4',
      create: { kind: 'send', body: {}, dependsOn: [] },
    });
    for (const same of [reviewed, planned, 7, null, [1], { restore: 'x', record: {} }])
      expect(toRestoreVariant(same)).toBe(same);
  });

  it('finds every chunk’s records key, of every job, and no other key', () => {
    const keys = [
      storageKey.jobRecords('a', 0),
      storageKey.jobRecords('b-1', 12),
      storageKey.jobChunk('a', 0),
      storageKey.jobs(),
      `${storageKey.jobRecords('a', 0)}x`,
    ];
    expect(jobRecordsKeysIn(keys)).toEqual([storageKey.jobRecords('a', 0), storageKey.jobRecords('b-1', 12)]);
  });

  it('a shape-1 restore record is unreadable before the migration (never read as a reviewed one), the variant after', async () => {
    const key = storageKey.jobRecords('job-r', 0);
    await local().set({ [key]: [shape1(refused), shape1(planned)], [storageKey.version()]: 3 });
    expect(await journal().readChunkRecords('job-r', 0)).toBeUndefined();
    const result = await migrateStorage(areas(), STORED_ITEMS);
    expect(result.items).toEqual(['jobs 2→3', 'jobRecords 1→3', 'jobChunk 1→2', 'runs 1→2']);
    expect(await journal().readChunkRecords('job-r', 0)).toEqual([refused3, planned3]);
    // Again (a migration interrupted before its version was saved): nothing changes.
    await jobRecordsV2RestoreVariant.run(areas());
    expect((await local().get(key))[key]).toEqual([refused3, planned3]);
  });

  it('a delete job’s records are left as they are, and read as reviewed', async () => {
    const key = storageKey.jobRecords('job-d', 0);
    await local().set({ [key]: [reviewed] });
    await jobRecordsV2RestoreVariant.run(areas());
    expect((await local().get(key))[key]).toEqual([reviewed]);
    expect(await journal().readChunkRecords('job-d', 0)).toEqual([{ kind: 'reviewed', ...reviewed }]);
  });

  it('a restore job running during the upgrade (a chunk in flight, journaled by the old build) resumes: each record restored once', async () => {
    h = await createHarness({
      count: 12,
      seed: 11,
      entities: { Invoice: 2, Payment: 1 },
      linkedShare: 0.6,
    });
    const deleter = h.runner();
    const records = await h.review(h.company.keys.all);
    const deletion = await deleter.createJob({ realmId: h.realmId, environment: 'sandbox', records });
    await deleter.start(deletion.id);
    await h.settle(deleter, deletion.id);
    const deleted = (await h.audit.read()).entries.filter((e) => isDeletedOutcome(e.outcome));
    const plan = planRestore(deleted);
    const chunks = restoreChunks(plan);
    expect(chunks.length).toBeGreaterThan(1);

    // The old build: stopped with chunk 1's creates journaled in flight, nothing answered.
    const first = h.runner({ hooks: killAt('after-attempt-journaled', 1) });
    const job = await first.createJob({
      realmId: h.realmId,
      environment: 'sandbox',
      operation: 'restore',
      records: [],
      chunks,
    });
    await first.start(job.id);
    await first.whenIdle();
    expect(first.isKilled()).toBe(true);
    const before = h.sim.truth(h.realmId).createdKeys().length;
    // …as the old build wrote it: its records disguised, its in-flight items with SyncToken '0', no body.
    const set: Record<string, unknown> = {};
    chunks.forEach((chunk, i) => {
      set[storageKey.jobRecords(job.id, i)] = chunk.map((r) => shape1(asShape2(r)));
    });
    const chunkKey = storageKey.jobChunk(job.id, 1);
    const journaled = (await local().get(chunkKey))[chunkKey] as { inFlight: Record<string, unknown>[] };
    expect(journaled.inFlight.length).toBeGreaterThan(0);
    const oldItems = journaled.inFlight.map(({ body: _, ...item }) => ({ ...item, syncToken: '0' }));
    set[chunkKey] = { ...journaled, inFlight: oldItems };
    set[storageKey.version()] = LAYOUT_VERSION;
    set[storageKey.itemVersions()] = Object.fromEntries(
      STORED_ITEMS.map((item) => [item.name, item.name === 'jobRecords' ? 1 : item.version]),
    );
    await local().set(set);

    expect((await migrateStorage(areas(), STORED_ITEMS)).items).toEqual(['jobRecords 1→3']);
    const second = h.runner();
    await second.wake();
    const { job: end } = await h.settle(second, job.id);
    expect(end.status).toBe('done');
    const rows = await second.getRecords(job.id);
    expect(rows.map((r) => r.key).sort()).toEqual(plan.records.map((r) => r.oldKey).sort());
    expect(rows.every((r) => r.state.kind === 'final' && r.state.outcome.kind === 'restored')).toBe(true);
    const truth = h.sim.truth(h.realmId);
    expect(truth.createdKeys()).toHaveLength(plan.records.length);
    for (const key of truth.createdKeys()) expect(truth.appliedCreates(key)).toBe(1);
    expect(before).toBeLessThan(plan.records.length);
  });
});
