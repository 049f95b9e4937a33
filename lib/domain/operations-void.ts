/** "Void instead of delete" (lib/jobs/operations/void.ts is its plug-in). */
import type { OperationDeclaration } from './operations-types';

export const VOID = {
  kind: 'void',
  doneGroup: 'voided',
  leavesSelection: true,
  fromSelection: true,
  outcomes: {
    voided: { group: 'voided', label: 'Voided' },
    notVoidedVerified: { group: 'needsAttention', label: 'Not voided (verified)' },
  },
  notified: ['voided'],
  words: {
    heading: 'Voiding',
    progress: 'Voiding progress',
    activity: 'Verifying and voiding…',
    paused: 'Voiding',
    continues: 'voiding',
    stop: 'Yes, stop voiding',
    undone: 'records already voided stay voided',
    doneLabel: 'Voided',
    verb: 'void',
    nothingReady: 'Nothing is ready to void.',
    reportNoun: 'void',
    needsAttention:
      'QuickBooks did not confirm the void; read again, it is not voided and unchanged. Run again to void it.',
  },
} as const satisfies OperationDeclaration<'void', 'voided'>;
