/**
 * changed: someone edited the record after the page showed it, so what the user ticked is not what
 * would be deleted. LastUpdatedTime has whole seconds; a change within the second the page was
 * shown is not caught here, but the runner still deletes only the reviewed SyncToken (R1).
 */
import type { RecordCheck } from '../types';

export const changedSinceViewed: RecordCheck = {
  id: 'changed-since-viewed',
  run: ({ item, record }) => {
    if (!record) return undefined;
    const updated = record.lastUpdatedTime ? Date.parse(record.lastUpdatedTime) : Number.NaN;
    if (!Number.isFinite(updated) || !Number.isFinite(item.shownAt)) {
      return {
        check: 'changed-since-viewed',
        status: 'unverifiable',
        missing: Number.isFinite(updated) ? 'shownAt' : 'LastUpdatedTime',
        undecided: 'changed',
      };
    }
    if (updated <= item.shownAt) return undefined;
    return { check: 'changed-since-viewed', status: 'changed', changedAt: record.lastUpdatedTime ?? '' };
  },
};
