/**
 * The job journal never writes over (or removes) a value it cannot read: the job list, a chunk's
 * journal, a chunk's reviewed records and a company's throttle window are each kept under
 * sd:unreadable:<key> first, where a later read through the item's declaration still reports them.
 * An unreadable chunk journal of a live job is never taken for "nothing sent yet": the job stops,
 * paused with the reason, and nothing is sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { newJobMeta } from '../../lib/jobs/create';
import { createJobRunner } from '../../lib/jobs/runner';
import { createJournal } from '../../lib/journal/journal';
import {
  type ChunkJournal,
  JOB_CHUNK_ITEM,
  JOB_RECORDS_ITEM,
  JOBS_ITEM,
  type ReviewedRecord,
  THROTTLE_ITEM,
} from '../../lib/journal/schema';
import { isUnreadableChunkError } from '../../lib/journal/unreadable-chunk-error';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { readItem } from '../../lib/storage/item';
import { storageKey } from '../../lib/storage/keys';
import { createWriteQueue } from '../../lib/storage/queue';
import { fakeClient } from '../../tools/support/fake-client';
import { createManualClock } from '../support/clock';

const local = () => fakeBrowser.storage.local;
const aside = (key: string) => storageKey.unreadable(key);
const stored = async (key: string) => (await local().get(key))[key];

const txn = (id: string): TxnRecord => ({ entity: 'Invoice', id, syncToken: '0', linkedTxn: [], raw: { Id: id } });
const reviewed = (n: number): ReviewedRecord[] =>
  Array.from({ length: n }, (_, i) => ({ record: txn(String(100 + i)), reconciled: false }));
const meta = (n: number) => newJobMeta('job1', { realmId: '123', environment: 'sandbox', records: [] }, n, 0);
const journal = () => createJournal({ storage: local(), queue: createWriteQueue() });
const chunk0: ChunkJournal = {
  index: 0,
  outcomes: { 'Invoice:100': { outcome: { kind: 'deleted' }, at: 1 } },
  inFlight: [],
  queue: [],
  verify: [],
  batchCalls: 1,
};

beforeEach(() => fakeBrowser.reset());

describe('the job journal sets unreadable values aside before writing over them', () => {
  it('a job list that is not a list is kept aside when a new job is written', async () => {
    const broken = { jobs: 'from a build that stored them otherwise' };
    await local().set({ [JOBS_ITEM.key()]: broken });
    await journal().createJob(meta(30), reviewed(30));
    expect(await stored(aside(JOBS_ITEM.key()))).toEqual(broken);
    expect(await readItem(JOBS_ITEM, local(), aside(JOBS_ITEM.key()))).toMatchObject({
      kind: 'unreadable',
      raw: broken,
    });
    expect((await journal().readJobs()).map((j) => j.id)).toEqual(['job1']);
  });

  it('a throttle window it cannot read is kept aside when a batch call is stamped', async () => {
    const j = journal();
    await j.createJob(meta(30), reviewed(30));
    await local().set({ [THROTTLE_ITEM.key('123')]: { at: 'garbled' } });
    await j.commit({ jobId: 'job1', throttleStamp: { realmId: '123', at: 5_000, windowMs: 60_000 } });
    expect(await stored(aside(THROTTLE_ITEM.key('123')))).toEqual({ at: 'garbled' });
    expect(await readItem(THROTTLE_ITEM, local(), aside(THROTTLE_ITEM.key('123')))).toMatchObject({
      kind: 'unreadable',
      raw: { at: 'garbled' },
    });
    expect(await j.readThrottle('123')).toEqual([5_000]);
  });

  it('a chunk’s unreadable records and journal are kept aside when the job is removed', async () => {
    const j = journal();
    await j.createJob(meta(60), reviewed(60));
    const records = JOB_RECORDS_ITEM.key('job1', 1);
    const chunk = JOB_CHUNK_ITEM.key('job1', 0);
    await local().set({ [records]: [{ not: 'a record' }], [chunk]: { index: 0, inFlight: 'garbled' } });
    await j.removeJob('job1');
    expect([await stored(records), await stored(chunk)]).toEqual([undefined, undefined]);
    expect(await readItem(JOB_RECORDS_ITEM, local(), aside(records))).toMatchObject({
      kind: 'unreadable',
      raw: [{ not: 'a record' }],
    });
    expect(await readItem(JOB_CHUNK_ITEM, local(), aside(chunk))).toMatchObject({
      kind: 'unreadable',
      raw: { index: 0, inFlight: 'garbled' },
    });
    // A readable chunk of the same job goes with it, not aside.
    expect(await stored(aside(JOB_RECORDS_ITEM.key('job1', 0)))).toBeUndefined();
  });

  it('a commit never writes a chunk over an unreadable one: kept aside and in place, the job paused, a throw', async () => {
    const j = journal();
    await j.createJob(meta(30), reviewed(30));
    const key = JOB_CHUNK_ITEM.key('job1', 0);
    const garbled = { index: 0, inFlight: 'garbled' };
    await local().set({ [key]: garbled });
    const committed = j.commit({ jobId: 'job1', chunk: chunk0, update: (job) => ({ ...job, status: 'running' }) });
    await expect(committed).rejects.toSatisfy(isUnreadableChunkError);
    expect(await stored(key)).toEqual(garbled);
    expect(await readItem(JOB_CHUNK_ITEM, local(), aside(key))).toMatchObject({ kind: 'unreadable', raw: garbled });
    expect(await j.readChunk('job1', 0)).toEqual({ kind: 'corrupt' });
    const [job] = await j.readJobs();
    expect(job).toMatchObject({
      status: 'paused',
      stop: { code: 'chunkUnreadable', chunk: 0, part: 'journal' },
      openChunk: true,
    });
    expect(job?.counts.deleted).toBe(0);
  });
});

describe('a job whose chunk journal is unreadable', () => {
  it('reads and sends nothing, and stops paused with the reason, the journal left in place; a resume stops again', async () => {
    const clock = createManualClock(1_000_000);
    const sent: string[][] = [];
    const reads: string[][] = [];
    const errors: unknown[] = [];
    const client = fakeClient({
      readByIds: async (_entity, ids) => {
        reads.push([...ids]);
        return { kind: 'ok', meta: { status: 200 }, records: ids.map(txn), calls: 1 };
      },
      readReconciled: async () => ({ kind: 'ok', meta: { status: 200 }, rows: [], calls: 1 }),
      batchDelete: async (items) => {
        sent.push(items.map((i) => i.id));
        return { kind: 'ok', meta: { status: 200 }, results: new Map(items.map((i) => [i.bId, { kind: 'deleted' }])) };
      },
    });
    const runner = createJobRunner({
      storage: local(),
      alarms: fakeBrowser.alarms,
      clock,
      clientFor: () => client,
      outcomes: { outcomesFinal: async () => undefined, keptFor: async () => 0 },
      onError: (e) => errors.push(e),
    });
    const job = await runner.createJob({ realmId: '1', environment: 'sandbox', records: reviewed(2) });
    // Not started yet (no open chunk), but a journal of its first chunk is there and unreadable.
    const key = JOB_CHUNK_ITEM.key(job.id, 0);
    await local().set({ [key]: { index: 0, outcomes: 'garbled' } });
    await runner.start(job.id);
    await runner.whenIdle();
    // The step reads the chunk at the cursor before anything else, open or not: it stops there.
    expect([sent, reads, errors]).toEqual([[], [], []]);
    expect(await runner.getJob(job.id)).toMatchObject({
      status: 'paused',
      stop: { code: 'chunkUnreadable', chunk: 0, part: 'journal' },
    });
    expect(await stored(key)).toEqual({ index: 0, outcomes: 'garbled' }); // never written over
    await runner.resume(job.id);
    await runner.whenIdle();
    expect([sent, reads]).toEqual([[], []]);
    expect(await runner.getJob(job.id)).toMatchObject({
      status: 'paused',
      stop: { code: 'chunkUnreadable', chunk: 0, part: 'journal' },
    });
  });
});
