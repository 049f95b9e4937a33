/**
 * A company's kept runs 1 → 2 (lib/storage/migrations/runs-v2-outcome-codes.ts): each record's
 * outcome, kept in words, becomes its code, with the service's fault as data, our own refusal coded
 * and a restored record's notes; the popup then words them as the run showed them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORED_ITEMS } from '../../../lib/background/stored-items';
import { createRunHistory, RUNS_ITEM } from '../../../lib/jobs/run-history';
import { outcomeReason, outcomeWord } from '../../../lib/popup/words';
import { storageKey } from '../../../lib/storage/keys';
import { migrateStorage } from '../../../lib/storage/migrate';
import {
  runsKeysIn,
  runsV2OutcomeCodes,
  toCodedRecord,
  withCodedOutcomes,
} from '../../../lib/storage/migrations/runs-v2-outcome-codes';

const local = () => fakeBrowser.storage.local;
const areas = () => ({ local: local(), session: fakeBrowser.storage.session });
const scope = { environment: 'production' as const, realmId: '4620816365' };
const rec = (id: string, over: Record<string, unknown>) => ({ key: `Invoice:${id}`, entity: 'Invoice', id, ...over });

/** A kept run as shape 1 wrote it: its records' outcomes in words. */
const shape1 = {
  id: 'job-a',
  realmId: scope.realmId,
  environment: 'production',
  state: 'done',
  done: 7,
  total: 7,
  operation: 'delete',
  counts: { deleted: 1, skipped: 1, refused: 3, needsAttention: 2 },
  records: [
    rec('1', { group: 'deleted', outcome: 'Deleted (verified)' }),
    rec('2', {
      group: 'skipped',
      outcome: 'Skipped: changed since review',
      faultCode: '5010',
      reason: 'Stale Object Error',
    }),
    rec('3', {
      group: 'refused',
      outcome: 'Refused (6540: Deposited Transaction cannot be changed)',
      faultCode: '6540',
      reason: 'Deposited Transaction cannot be changed',
    }),
    rec('4', { group: 'refused', outcome: 'Refused (cannotVoid: Cannot be voided)', reason: 'Cannot be voided' }),
    rec('5', { group: 'restored', outcome: 'Restored', newId: '9', reason: 'Apply the payment to it again.' }),
    rec('6', {
      group: 'needsAttention',
      outcome: 'Unverified: outcome unknown, verification pending',
      reason: 'Journal of chunk 2 is unreadable',
    }),
    rec('7', {
      group: 'refused',
      outcome: 'Refused (linkedNotRestored: Not restored: it was linked to Invoice (Id 5), which was not restored.)',
    }),
  ],
  startedAt: 1,
  finishedAt: 2,
};

beforeEach(() => fakeBrowser.reset());

describe('runs 1 → 2: a kept run’s records say how they ended as codes', () => {
  it('is the item’s one migration, to its declared version', () => {
    expect(RUNS_ITEM.version).toBe(2);
    expect(RUNS_ITEM.migrations).toEqual([runsV2OutcomeCodes]);
  });

  it('each label becomes its code, the fault its data, our refusal and the notes their codes', () => {
    expect((withCodedOutcomes([shape1]) as (typeof shape1)[])[0]?.records).toEqual([
      rec('1', { group: 'deleted', outcome: 'deletedVerified' }),
      rec('2', { group: 'skipped', outcome: 'skippedChanged', fault: { code: '5010', message: 'Stale Object Error' } }),
      rec('3', {
        group: 'refused',
        outcome: 'refused',
        fault: { code: '6540', message: 'Deposited Transaction cannot be changed' },
      }),
      rec('4', { group: 'refused', outcome: 'declined', refusal: { code: 'cannotVoid' } }),
      rec('5', {
        group: 'restored',
        outcome: 'restored',
        newId: '9',
        notes: [{ code: 'worded', text: 'Apply the payment to it again.' }],
      }),
      rec('6', { group: 'needsAttention', outcome: 'unverified' }),
      rec('7', {
        group: 'refused',
        outcome: 'declined',
        refusal: {
          code: 'worded',
          text: 'Not restored: it was linked to Invoice (Id 5), which was not restored.',
          was: 'linkedNotRestored',
        },
      }),
    ]);
    // A label shape 1 never wrote (or a record already coded) stays as it is.
    const unknown = rec('8', { group: 'deleted', outcome: 'Gone somewhere' });
    expect(toCodedRecord(unknown)).toBe(unknown);
  });

  it('finds the kept runs of every company, no other key', () => {
    const keys = [
      storageKey.runs(scope),
      storageKey.runs({ ...scope, environment: 'sandbox' }),
      storageKey.preflight(scope),
    ];
    expect(runsKeysIn(keys)).toEqual(keys.slice(0, 2));
  });

  it('runs kept before are read after, and the popup says what the run said', async () => {
    const key = storageKey.runs(scope);
    const itemVersions = Object.fromEntries(STORED_ITEMS.map((i) => [i.name, i.name === 'runs' ? 1 : i.version]));
    await local().set({ [key]: [shape1], [storageKey.version()]: 4, [storageKey.itemVersions()]: itemVersions });
    const history = createRunHistory(local());
    expect(await history.read(scope)).toEqual([]);
    expect((await migrateStorage(areas(), STORED_ITEMS)).items).toEqual(['runs 1→2']);
    const [run] = await history.read(scope);
    expect(run?.records.map((r) => outcomeWord(r))).toEqual([
      'Deleted (verified)',
      'Skipped: changed since review',
      'Refused',
      'Refused',
      'Restored',
      'Unverified: outcome unknown, verification pending',
      'Refused',
    ]);
    expect(run?.records.map((r) => outcomeReason(r))).toEqual([
      undefined,
      'someone changed it in QuickBooks',
      'it is on a bank deposit',
      'Cannot be voided',
      'Apply the payment to it again.',
      'QuickBooks did not confirm the deletion; read again, it is still there, unchanged. Run again to delete it.',
      'Not restored: it was linked to Invoice (Id 5), which was not restored.',
    ]);
    await runsV2OutcomeCodes.run(areas());
    expect((await local().get(key))[key]).toEqual(withCodedOutcomes([shape1]));
  });
});
