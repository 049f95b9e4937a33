/** notFound: the complete read (R4) did not return the record: it was deleted already. */
import type { RecordCheck } from '../types';

export const notFound: RecordCheck = {
  id: 'not-found',
  run: ({ item, record }) =>
    record
      ? undefined
      : {
          kind: 'blocker',
          check: 'not-found',
          status: 'notFound',
          reason: `${item.entity} ${item.id} no longer exists (deleted already?)`,
        },
};
