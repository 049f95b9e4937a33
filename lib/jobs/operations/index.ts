/** The operations a job can perform, by kind (JobMeta.operation). */
import type { JobOperationKind } from '../../domain/jobs';
import type { AnyJobOperation } from '../operation';
import { deleteOperation } from './delete';
import { restoreOperation } from './restore';
import { voidOperation } from './void';

export const OPERATIONS: Record<JobOperationKind, AnyJobOperation> = {
  delete: deleteOperation,
  void: voidOperation,
  restore: restoreOperation,
};
