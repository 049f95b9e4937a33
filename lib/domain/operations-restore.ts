/** "Restore deleted records": re-create deleted ones from their snapshots (lib/jobs/operations/restore.ts). */
import type { OperationDeclaration } from './operations-types';

export const RESTORE = {
  kind: 'restore',
  doneGroup: 'restored',
  leavesSelection: false,
  fromSelection: false,
  outcomes: {
    restored: { group: 'restored', label: 'Restored' },
    restoreUnconfirmed: { group: 'needsAttention', label: 'Not confirmed: look for it in QuickBooks' },
  },
  notified: ['restored'],
  words: {
    heading: 'Restoring',
    progress: 'Restore progress',
    activity: 'Verifying and restoring…',
    paused: 'Restoring',
    continues: 'restore',
    stop: 'Yes, stop restoring',
    undone: 'records already restored stay in QuickBooks',
    doneLabel: 'Restored',
    verb: 'restore',
    nothingReady: 'Nothing is ready to restore.',
    reportNoun: 'restore',
    needsAttention:
      'QuickBooks did not confirm the restored copy. Look for it in QuickBooks before you restore it again.',
  },
} as const satisfies OperationDeclaration<'restore', 'restored'>;
