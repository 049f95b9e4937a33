/**
 * The words of each kind of job (delete, "Void instead of delete", "Restore deleted records"), in
 * one place: the progress heading and bar, the activity line, the announcements, the result's
 * tie-out. The popup's accessible names come from here: change them only with their tests.
 */
import type { JobOperationKind } from '../domain/jobs';
import type { JobView } from '../messaging/views';

export interface OperationWords {
  /** The running job's heading ("Deleting"), also the start of "Deleting started: …". */
  heading: string;
  /** The progress bar's accessible name. */
  progress: string;
  /** What the job is doing while it runs without a wait. */
  activity: string;
  /** "Deletion paused." */
  paused: string;
  /** "the deletion continues" when the window closes. */
  continues: string;
  /** The outcome word in a count ("52 deleted", "6 not deleted"). */
  done: 'deleted' | 'voided' | 'restored';
  /** The cancel confirmation's button ("Yes, stop deleting"). */
  stop: string;
  /** What cancelling does not undo ("deletions already done are not undone"). */
  undone: string;
}

export const OPERATION_WORDS: Record<JobOperationKind, OperationWords> = {
  delete: {
    heading: 'Deleting',
    progress: 'Deletion progress',
    activity: 'Verifying and deleting…',
    paused: 'Deletion',
    continues: 'deletion',
    done: 'deleted',
    stop: 'Yes, stop deleting',
    undone: 'deletions already done are not undone',
  },
  void: {
    heading: 'Voiding',
    progress: 'Voiding progress',
    activity: 'Verifying and voiding…',
    paused: 'Voiding',
    continues: 'voiding',
    done: 'voided',
    stop: 'Yes, stop voiding',
    undone: 'records already voided stay voided',
  },
  restore: {
    heading: 'Restoring',
    progress: 'Restore progress',
    activity: 'Verifying and restoring…',
    paused: 'Restoring',
    continues: 'restore',
    done: 'restored',
    stop: 'Yes, stop restoring',
    undone: 'records already restored stay in QuickBooks',
  },
};

export function operationWords(job: Pick<JobView, 'operation'>): OperationWords {
  return OPERATION_WORDS[job.operation] ?? OPERATION_WORDS.delete;
}
