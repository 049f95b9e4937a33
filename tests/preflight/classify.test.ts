/** Edge cases of lib/preflight/classify.ts (issue 13): asymmetric data for the summary. */
import { describe, expect, it } from 'vitest';
import { recordReason } from '../../lib/audit/words';
import { STATUS_ORDER } from '../../lib/domain/statuses';
import { linked } from '../../lib/preflight/checks/linked';
import { summarize, toPreflightRecord } from '../../lib/preflight/classify';
import { input, SHOWN_AT, txn } from './helpers';

const item = { entity: 'Invoice', id: '33', shownAt: SHOWN_AT };
const warning = () => linked.run(input({ record: txn({ linkedTxn: [{ txnId: '1', txnType: 'Payment' }] }) }))!;

describe('summarize', () => {
  it('counts records with warnings, not those without (2 of 3)', () => {
    const a = toPreflightRecord(item, [warning()], txn());
    const b = toPreflightRecord({ ...item, id: '34' }, [warning()], txn({ id: '34' }));
    const c = toPreflightRecord({ ...item, id: '35' }, [], txn({ id: '35' }));
    expect(summarize([a, b, c])).toMatchObject({ ready: 3, total: 3, withWarnings: 2 });
  });

  it('counts no warnings when none has any, and each status once per record', () => {
    const ready = toPreflightRecord(item, [], txn());
    const changed = toPreflightRecord(
      item,
      [{ check: 'changed-since-viewed', status: 'changed', changedAt: '2025-04-15T10:00:00Z' }],
      txn(),
    );
    // Every blocking status is counted, 0 when no record has it (read from the declarations, so a
    // status added later is counted too without editing this test).
    const none = Object.fromEntries(STATUS_ORDER.map((s) => [s, 0]));
    expect(summarize([ready, changed, changed])).toEqual({ ...none, ready: 1, changed: 2, total: 3, withWarnings: 0 });
    expect(Object.keys(none)).toEqual(expect.arrayContaining(['duplicate', 'notFound', 'reconciled', 'unverifiable']));
  });

  it('a blocked record with a warning: the blocker decides and the warning is still counted', () => {
    const both = toPreflightRecord(item, [warning(), { check: 'reconciled', status: 'reconciled' }], txn());
    expect(both).toMatchObject({ status: 'reconciled' });
    expect(recordReason(both, both.blockers, both.warnings)).toMatch(/^R2: reconciled;/);
    expect(both.warnings).toHaveLength(1);
    expect(summarize([both, toPreflightRecord(item, [], txn())])).toMatchObject({
      reconciled: 1,
      ready: 1,
      withWarnings: 1,
    });
  });
});
