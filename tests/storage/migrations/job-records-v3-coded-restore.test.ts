/**
 * A job's records 2 → 3 (lib/storage/migrations/job-records-v3-coded-restore.ts): a restore record's
 * refusal and notes, stored as sentences, are kept as the code `worded` with their text; a reviewed
 * record and a record already coded stay as they are.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { createJournal } from '../../../lib/journal/journal';
import { JOB_RECORDS_ITEM } from '../../../lib/journal/schema';
import { outcomeReason } from '../../../lib/popup/words';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage } from '../../../lib/storage/migrate';
import { jobRecordsV2RestoreVariant } from '../../../lib/storage/migrations/job-records-v2-restore-variant';
import { jobRecordsV3CodedRestore, toCodedRestore } from '../../../lib/storage/migrations/job-records-v3-coded-restore';
import { writeQueueFor } from '../../../lib/storage/queue';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });

const NOTE = 'The payment (Id 140) that paid it still exists in QuickBooks, now as unapplied credit.';
const planned2 = {
  kind: 'restore',
  entity: 'Invoice',
  id: '130',
  notes: [NOTE],
  create: { kind: 'send', body: { TxnDate: '2024-04-02' }, dependsOn: [] },
};
const refused2 = { kind: 'restore', entity: 'Bill', id: '3', create: { kind: 'refused', reason: 'Closed period.' } };
const reviewed = {
  kind: 'reviewed',
  record: { entity: 'Invoice', id: '1', syncToken: '4', linkedTxn: [], raw: { Id: '1' } },
  reconciled: false,
};

beforeEach(() => fakeBrowser.reset());

describe('jobRecords 2 → 3: a restore record’s refusal and notes are codes', () => {
  it('is the item’s second migration, to its declared version', () => {
    expect(JOB_RECORDS_ITEM.version).toBe(3);
    expect(JOB_RECORDS_ITEM.migrations).toEqual([jobRecordsV2RestoreVariant, jobRecordsV3CodedRestore]);
  });

  it('keeps each sentence as `worded`; leaves a reviewed record and a coded one as they are', () => {
    expect(toCodedRestore(planned2)).toEqual({ ...planned2, notes: [{ code: 'worded', text: NOTE }] });
    expect(toCodedRestore(refused2)).toEqual({
      ...refused2,
      create: { kind: 'refused', why: { code: 'worded', text: 'Closed period.' } },
    });
    const coded = toCodedRestore(refused2);
    expect(toCodedRestore(coded)).toEqual(coded);
    for (const same of [reviewed, 7, null]) expect(toCodedRestore(same)).toBe(same);
  });

  it('records stored before read after, and a restored record’s note is shown as it was written', async () => {
    const key = storageKey.jobRecords('job-r', 0);
    const itemVersions = Object.fromEntries(STORED_ITEMS.map((i) => [i.name, i.name === 'jobRecords' ? 2 : i.version]));
    await local().set({
      [key]: [refused2, planned2, reviewed],
      [storageKey.version()]: 4,
      [storageKey.itemVersions()]: itemVersions,
    });
    const journal = createJournal({ storage: local(), queue: writeQueueFor(local()) });
    expect(await journal.readChunkRecords('job-r', 0)).toBeUndefined();
    expect((await migrateStorage(areas(), STORED_ITEMS)).items).toEqual(['jobRecords 2→3']);
    const records = await journal.readChunkRecords('job-r', 0);
    expect(records).toHaveLength(3);
    const notes = records?.[1]?.kind === 'restore' ? records[1].notes : undefined;
    expect(outcomeReason({ group: 'restored', notes })).toBe(NOTE);
    await jobRecordsV3CodedRestore.run(areas());
    expect((await local().get(key))[key]).toEqual([toCodedRestore(refused2), toCodedRestore(planned2), reviewed]);
  });
});
