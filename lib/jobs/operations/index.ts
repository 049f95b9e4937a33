/** The operations a job can perform, by kind (JobMeta.operation). */
import type { JobOperationKind } from '../../domain/jobs';
import type { JobOperation } from '../operation';
import { deleteOperation } from './delete';
import { restoreOperation } from './restore';
import { voidOperation } from './void';

export const OPERATIONS: Record<JobOperationKind, JobOperation> = {
  delete: deleteOperation,
  void: voidOperation,
  restore: restoreOperation,
};
