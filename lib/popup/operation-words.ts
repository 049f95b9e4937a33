/**
 * The words of each kind of job (delete, "Void instead of delete", "Restore deleted records"), read
 * from the operation's declaration (lib/domain/operations-*.ts): the progress heading and bar, the
 * activity line, the announcements, the result's tie-out. The popup's accessible names come from
 * there: change them only with their tests.
 */
import type { JobOperationKind } from '../domain/jobs';
import { type DoneGroup, operationOf } from '../domain/operations';
import type { OperationWordsDeclaration } from '../domain/operations-types';

export interface OperationWords extends OperationWordsDeclaration {
  /** The outcome word in a count ("52 deleted", "6 not deleted"). */
  done: DoneGroup;
}

/** A job stored before operations existed deleted. */
export function operationWords(job: { operation?: JobOperationKind }): OperationWords {
  const d = operationOf(job.operation);
  return { ...d.words, done: d.doneGroup };
}
