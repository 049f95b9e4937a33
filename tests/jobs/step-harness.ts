/**
 * One step on the real journal (fakeBrowser storage) with a scripted operation: the hand-made StepEnv
 * the lib/jobs/step.ts tests share (./step.test.ts, ./step-context.test.ts).
 * The bindings are live: `resetStep()` in a beforeEach gives every test a fresh journal and job.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuditEntry } from '../../lib/audit/entry';
import { auditLineOf } from '../../lib/audit/from-jobs';
import { isReviewedRecord } from '../../lib/domain/job-records';
import { newJobMeta } from '../../lib/jobs/create';
import type { StepName } from '../../lib/jobs/hooks';
import type { JobOperation } from '../../lib/jobs/operation';
import type { StepEnv } from '../../lib/jobs/step-env';
import type { JobMeta, ReviewedRecord } from '../../lib/jobs/types';
import { createJournal, type Journal } from '../../lib/journal/journal';
import type { ChunkJournal, ReviewedSentItem } from '../../lib/journal/schema';
import { writeQueueFor } from '../../lib/storage/queue';
import { fakeClient } from '../../tools/support/fake-client';
import { createManualClock } from '../support/clock';

export const T0 = 5_000_000;
/** How long a write whose answer was lost may still land, in these tests. */
export const LANDING_MS = 150_000;
export const records: ReviewedRecord[] = ['1', '2'].map((id) => ({
  record: { entity: 'Invoice', id, syncToken: '0', txnDate: '2025-01-01', linkedTxn: [], raw: { Id: id } },
  reconciled: false,
}));
/** An item sent long enough ago that its write, if any, has landed (its deadline is T0). */
export const item = (id: string, bId = id, sentAt = T0 - LANDING_MS): ReviewedSentItem => ({
  bId,
  key: `Invoice:${id}`,
  entity: 'Invoice',
  id,
  syncToken: '0',
  sentAt,
});
export const chunk = (over: Partial<ChunkJournal>): ChunkJournal => ({
  index: 0,
  outcomes: {},
  inFlight: [],
  queue: [],
  verify: [],
  batchCalls: 1,
  ...over,
});

export let journal: Journal;
export let steps: StepName[];
export let calls: string[];
export let audit: AuditEntry[];
export let operation: JobOperation;
export let env: StepEnv;
export let jobId: string;

/** A fresh journal, job and env: each test file's beforeEach. */
export async function resetStep(): Promise<void> {
  fakeBrowser.reset();
  const storage = fakeBrowser.storage.local;
  journal = createJournal({ storage, queue: writeQueueFor(storage) });
  steps = [];
  calls = [];
  audit = [];
  const refuse = (what: string) => async () => {
    calls.push(what);
    throw new Error(`${what} must not be called`);
  };
  operation = {
    kind: 'delete',
    accepts: isReviewedRecord,
    prepare: refuse('prepare'),
    sendBatch: refuse('sendBatch'),
    sendOne: refuse('sendOne'),
    verify: refuse('verify'),
  };
  const meta = newJobMeta('job-1', { realmId: '1', environment: 'sandbox', records }, 2, T0);
  jobId = meta.id;
  await journal.createJob(meta, records);
  env = {
    journal,
    outcomes: {
      outcomesFinal: async (finals) => {
        audit.push(...finals.map(auditLineOf));
      },
      keptFor: async () => audit.length,
    },
    clock: createManualClock(T0),
    // The hand-made operation never calls the service: any call fails by name.
    client: fakeClient(),
    get operation() {
      return operation;
    },
    records,
    byKey: new Map(records.map((r) => [`Invoice:${r.record.id}`, r])),
    throttle: { batchLimit: 40, windowMs: 60_000 },
    maxInWorkerSleepMs: 5_000,
    retryDelayMs: 1_000,
    landingWindowMs: LANDING_MS,
    singleDeleteGapMs: 0,
    readLead: { ms: 0 },
    checkpoint: async (step) => {
      steps.push(step);
    },
    showWait: () => undefined,
    newAttemptId: (() => {
      let n = 0;
      return () => `attempt-${++n}`;
    })(),
  };
}

/** Store `c` as the job's open chunk and give the job `over`; returns the job as stored. */
export async function openWith(c: ChunkJournal, over: Partial<JobMeta>): Promise<JobMeta> {
  const job = await journal.commit({ jobId, chunk: c, update: (j) => ({ ...j, openChunk: true, ...over }) });
  if (!job) throw new Error('no job');
  return job;
}

export async function stored() {
  const job = (await journal.readJobs())[0];
  const read = await journal.readChunk(jobId, 0);
  return { job, chunk: read.kind === 'ok' ? read.chunk : undefined };
}
