/** notFound: the complete read (R4) did not return the record: it was deleted already. */
import type { RecordCheck } from '../types';

export const notFound: RecordCheck = {
  id: 'not-found',
  run: ({ record }) => (record ? undefined : { check: 'not-found', status: 'notFound' }),
};
