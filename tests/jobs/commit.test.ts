/**
 * Edge cases of lib/jobs/commit.ts: saveChunk on its own, with a journal that applies the
 * commit's update to the job as the real one would, for chunk states a delete job does not reach on
 * its own (a journal that disagrees with itself must never close a chunk or lose an audit line).
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/entry';
import { auditLineOf } from '../../lib/audit/from-jobs';
import { emptyChunk, type SaveArgs, saveChunk, storedAt } from '../../lib/jobs/commit';
import { newJobMeta } from '../../lib/jobs/create';
import type { JobMeta, ReviewedRecord } from '../../lib/jobs/types';
import type { Commit, Journal } from '../../lib/journal/journal';
import type { ChunkJournal, SentItem } from '../../lib/journal/schema';

const NOW = 7_000_000;
const reviewed = (id: string): ReviewedRecord => ({
  record: { entity: 'Invoice', id, syncToken: '0', txnDate: '2025-01-01', linkedTxn: [], raw: { Id: id } },
  reconciled: false,
});
const item = (id: string): SentItem => ({ bId: id, key: `Invoice:${id}`, entity: 'Invoice', id, syncToken: '0' });
const deleted = storedAt({ kind: 'deleted' }, NOW - 1, 'tid');

/** Saves `next` (chunk 0 of a one-chunk job of records 1 and 2, nothing stored before it). */
async function save(next: Partial<ChunkJournal>, records = [reviewed('1'), reviewed('2')]) {
  const job: JobMeta = {
    ...newJobMeta('job', { realmId: '9', environment: 'sandbox', records }, 2, 0),
    status: 'running',
  };
  const audit: AuditEntry[] = [];
  const commits: Commit[] = [];
  const journal = {
    commit: async (c: Commit) => {
      commits.push(c);
      return c.update?.(job, Object.keys(c.chunk?.outcomes ?? {}));
    },
  } as unknown as Journal;
  const args: SaveArgs = {
    journal,
    outcomesFinal: async (finals) => {
      audit.push(...finals.map(auditLineOf));
    },
    records,
    byKey: new Map(records.map((r) => [`Invoice:${r.record.id}`, r])),
    job,
    prev: emptyChunk(0),
    next: { ...emptyChunk(0), ...next },
    now: NOW,
  };
  const out = await saveChunk(args);
  return { out, audit, commits };
}

describe('saveChunk closes a chunk only when nothing of it is still under way', () => {
  const both = { 'Invoice:1': deleted, 'Invoice:2': deleted };

  it('every record has an outcome and nothing is in flight, queued or to verify: closed, the job done', async () => {
    const { out } = await save({ outcomes: both });
    expect(out).toMatchObject({ cursor: 1, openChunk: false, unverified: 0, status: 'done', finishedAt: NOW });
    expect(out?.counts.deleted).toBe(2);
  });

  it.each<[string, Partial<ChunkJournal>, number]>([
    ['to verify', { verify: [item('1')] }, 1],
    ['in flight and to verify', { inFlight: [item('1')], verify: [item('2')] }, 1],
    ['in flight and queued', { inFlight: [item('1')], queue: [item('2')] }, 0],
    ['queued', { queue: [item('2')] }, 0],
  ])(
    'something %s, even with every record showing an outcome: the chunk stays open',
    async (_what, under, unverified) => {
      const { out } = await save({ outcomes: both, ...under });
      expect(out).toMatchObject({ cursor: 0, openChunk: true, unverified, status: 'running' });
      expect(out?.finishedAt).toBeUndefined();
    },
  );
});

describe('the audit lines of a save', () => {
  it('an outcome for a key that is none of the chunk’s records gets no audit line (and breaks nothing)', async () => {
    const { out, audit } = await save({ outcomes: { 'Invoice:1': deleted, 'Invoice:99': deleted } });
    expect(audit.map((e) => [e.id, e.outcome, e.intuitTid])).toEqual([['1', 'deleted', 'tid']]);
    expect(out).toMatchObject({ cursor: 0, openChunk: true });
  });
});

describe('storedAt', () => {
  it('carries the transaction id when there is one, and no intuitTid key at all when there is none', () => {
    expect(storedAt({ kind: 'deleted' }, 5, 'tid-9')).toStrictEqual({
      outcome: { kind: 'deleted' },
      at: 5,
      intuitTid: 'tid-9',
    });
    const bare = storedAt({ kind: 'deleted' }, 5);
    expect(bare).toStrictEqual({ outcome: { kind: 'deleted' }, at: 5 });
    expect(Object.keys(bare)).toEqual(['outcome', 'at']);
  });
});
