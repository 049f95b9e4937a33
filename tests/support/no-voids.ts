/**
 * For hand-made QboClient fakes of tests that never void or create: those calls throw, so a test that
 * reaches one by mistake fails loudly instead of passing on a made-up answer.
 */
import type { QboClient } from '../../lib/qbo/client-api';

export const NO_VOIDS: Pick<QboClient, 'batchVoid' | 'voidOne' | 'batchCreate' | 'readNames' | 'readCreated'> = {
  readCreated: () => Promise.reject(new Error('this fake client does not look for created records')),
  batchVoid: () => Promise.reject(new Error('this fake client does not void')),
  voidOne: () => Promise.reject(new Error('this fake client does not void')),
  batchCreate: () => Promise.reject(new Error('this fake client does not create')),
  readNames: () => Promise.reject(new Error('this fake client does not read names')),
};
