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
        kind: 'blocker',
        check: 'changed-since-viewed',
        status: 'unverifiable',
        reason: 'the service gave no readable LastUpdatedTime: cannot prove the record unchanged',
      };
    }
    if (updated <= item.shownAt) return undefined;
    return {
      kind: 'blocker',
      check: 'changed-since-viewed',
      status: 'changed',
      reason: `changed at ${record.lastUpdatedTime}, after the page showed it`,
    };
  },
};
