/** Delete: the product's first operation (lib/jobs/operations/delete.ts is its plug-in). */
import type { OperationDeclaration } from './operations-types';

export const DELETE = {
  kind: 'delete',
  doneGroup: 'deleted',
  leavesSelection: true,
  fromSelection: true,
  outcomes: {
    deleted: { group: 'deleted', label: 'Deleted' },
    deletedVerified: { group: 'deleted', label: 'Deleted (verified)' },
    notDeletedVerified: { group: 'needsAttention', label: 'Not deleted (verified)' },
  },
  notified: ['deleted', 'deletedVerified'],
  words: {
    heading: 'Deleting',
    progress: 'Deletion progress',
    activity: 'Verifying and deleting…',
    paused: 'Deletion',
    continues: 'deletion',
    stop: 'Yes, stop deleting',
    undone: 'deletions already done are not undone',
    doneLabel: 'Deleted',
    verb: 'delete',
    nothingReady: 'Nothing is ready to delete.',
    reportNoun: 'deletion',
    needsAttention:
      'QuickBooks did not confirm the deletion; read again, it is still there, unchanged. Run again to delete it.',
  },
} as const satisfies OperationDeclaration<'delete', 'deleted'>;
