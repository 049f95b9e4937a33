/** Edge cases of lib/preflight/checks/changed-since-viewed.ts (issue 13). */
import { describe, expect, it } from 'vitest';
import { changedSinceViewed } from '../../lib/preflight/checks/changed-since-viewed';
import { toPreflightRecord } from '../../lib/preflight/classify';
import { input, SHOWN_AT, txn } from './helpers';

const unverifiable = {
  check: 'changed-since-viewed',
  status: 'unverifiable',
  missing: 'LastUpdatedTime',
  undecided: 'changed',
};

describe('changed since viewed: an unreadable LastUpdatedTime blocks', () => {
  it('none at all is a blocker, not a warning', () => {
    const { lastUpdatedTime: _, ...bare } = txn();
    expect(changedSinceViewed.run(input({ record: bare }))).toEqual(unverifiable);
  });

  it('an unparseable one is a blocker', () => {
    expect(changedSinceViewed.run(input({ record: txn({ lastUpdatedTime: 'garbage' }) }))).toEqual(unverifiable);
  });

  it('an unreadable shownAt is a blocker', () => {
    const base = input();
    expect(changedSinceViewed.run({ ...base, item: { ...base.item, shownAt: Number.NaN } })).toEqual({
      ...unverifiable,
      missing: 'shownAt',
    });
  });

  it('a record changed after the page showed it is a blocker too', () => {
    const later = new Date(SHOWN_AT + 1000).toISOString();
    expect(changedSinceViewed.run(input({ record: txn({ lastUpdatedTime: later }) }))).toEqual({
      check: 'changed-since-viewed',
      status: 'changed',
      changedAt: later,
    });
  });

  it('so the record is not deletable', () => {
    const { lastUpdatedTime: _, ...bare } = txn();
    const finding = changedSinceViewed.run(input({ record: bare }))!;
    const record = toPreflightRecord({ entity: 'Invoice', id: '33', shownAt: SHOWN_AT }, [finding], bare);
    expect(record.status).toBe('unverifiable');
    expect(record.warnings).toEqual([]);
  });
});
