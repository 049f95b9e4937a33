/**
 * A chunk's journal 1 → 2 (lib/storage/migrations/job-chunk-v2-declined.ts): our own refusals, stored
 * dressed as the service's faults, become the outcome `declined` with a code; the service's refusals
 * and every other outcome stay as they are; a job stored before reads its outcomes after.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { createJournal } from '../../../lib/journal/journal';
import { JOB_CHUNK_ITEM } from '../../../lib/journal/schema';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage } from '../../../lib/storage/migrate';
import {
  jobChunkKeysIn,
  jobChunkV2Declined,
  toDeclined,
  withDeclined,
} from '../../../lib/storage/migrations/job-chunk-v2-declined';
import { writeQueueFor } from '../../../lib/storage/queue';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const refused = (code: string, message: string) => ({ kind: 'refused', fault: { code, message } });

/** A shape-1 chunk with one outcome of each kind of refusal, and a deletion. */
const shape1 = {
  index: 0,
  outcomes: {
    'Bill:1': { outcome: refused('cannotVoid', 'Cannot be voided'), at: 1 },
    'Bill:2': {
      outcome: refused('notRestorable', 'Closed period: dated 2024-01-01, the books are closed through 2024-12-31.'),
      at: 2,
    },
    'Payment:3': {
      outcome: refused('linkedNotRestored', 'Not restored: it was linked to Invoice (Id 5), which was not restored.'),
      at: 3,
    },
    'Bill:4': { outcome: refused('wrongRecordKind', 'This job cannot act on this kind of record.'), at: 4 },
    'Invoice:5': { outcome: refused('6540', 'Deposited Transaction cannot be changed'), at: 5, intuitTid: 't' },
    'Invoice:6': { outcome: { kind: 'deleted' }, at: 6 },
  },
  inFlight: [],
  queue: [],
  verify: [],
  batchCalls: 1,
};

beforeEach(() => fakeBrowser.reset());

describe('jobChunk 1 → 2: our own refusals are declined, with a code', () => {
  it('is the item’s one migration, to its declared version', () => {
    expect(JOB_CHUNK_ITEM.version).toBe(2);
    expect(JOB_CHUNK_ITEM.migrations).toEqual([jobChunkV2Declined]);
  });

  it('a code with no fields becomes itself; a sentence is kept as `worded`, with the code it had', () => {
    expect(withDeclined(shape1)).toEqual({
      ...shape1,
      outcomes: {
        'Bill:1': { outcome: { kind: 'declined', refusal: { code: 'cannotVoid' } }, at: 1 },
        'Bill:2': {
          outcome: {
            kind: 'declined',
            refusal: {
              code: 'notRestorable',
              why: {
                code: 'worded',
                text: 'Closed period: dated 2024-01-01, the books are closed through 2024-12-31.',
              },
            },
          },
          at: 2,
        },
        'Payment:3': {
          outcome: {
            kind: 'declined',
            refusal: {
              code: 'worded',
              text: 'Not restored: it was linked to Invoice (Id 5), which was not restored.',
              was: 'linkedNotRestored',
            },
          },
          at: 3,
        },
        'Bill:4': { outcome: { kind: 'declined', refusal: { code: 'wrongRecordKind' } }, at: 4 },
        'Invoice:5': shape1.outcomes['Invoice:5'],
        'Invoice:6': shape1.outcomes['Invoice:6'],
      },
    });
    for (const same of [refused('', 'no code'), { kind: 'declined', refusal: { code: 'cannotVoid' } }, 7, null])
      expect(toDeclined(same)).toBe(same);
  });

  it('finds every chunk journal key and no other key', () => {
    const keys = [storageKey.jobChunk('a', 0), storageKey.jobRecords('a', 0), storageKey.jobChunk('b-1', 3), 'x'];
    expect(jobChunkKeysIn(keys)).toEqual([storageKey.jobChunk('a', 0), storageKey.jobChunk('b-1', 3)]);
  });

  it('a chunk stored by the build before reads its own refusals as declined once migrated', async () => {
    const key = storageKey.jobChunk('job-v', 0);
    const itemVersions = Object.fromEntries(STORED_ITEMS.map((i) => [i.name, i.name === 'jobChunk' ? 1 : i.version]));
    await local().set({ [key]: shape1, [storageKey.version()]: 4, [storageKey.itemVersions()]: itemVersions });
    expect((await migrateStorage(areas(), STORED_ITEMS)).items).toEqual(['jobChunk 1→2']);
    const journal = createJournal({ storage: local(), queue: writeQueueFor(local()) });
    const read = await journal.readChunk('job-v', 0);
    expect(read.kind === 'ok' && read.chunk.outcomes['Bill:1']?.outcome).toEqual({
      kind: 'declined',
      refusal: { code: 'cannotVoid' },
    });
    // Again (a migration interrupted before its version was saved): nothing changes.
    await jobChunkV2Declined.run(areas());
    expect((await local().get(key))[key]).toEqual(withDeclined(shape1));
  });
});
