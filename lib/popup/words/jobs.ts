/**
 * Why the runner paused a job on its own (the job's `stop`, lib/domain/refusals.ts), in words: one
 * switch over its code. The service's fault passes through as it came (its code and message); a
 * sentence stored by a build before codes is shown as it is. Pure.
 */
import type { JobStop } from '../../domain/refusals';

/** "3100 denied", "denied", or nothing: the fault's parts that are there, one space apart. */
const faultWords = (fault?: { code: string; message: string }): string =>
  [fault?.code, fault?.message].filter(Boolean).join(' ');

/** " 3100 denied" after the status, or nothing. */
const spaced = (words: string): string => (words ? ` ${words}` : '');

export function jobStopText(stop: JobStop): string {
  switch (stop.code) {
    case 'chunkUnreadable':
      return `Paused: this browser's own record of part ${stop.chunk + 1} of the job (${
        stop.part === 'journal' ? 'what was already done' : 'the records you reviewed'
      }) cannot be read, so Safe Delete stopped rather than guess. Export the audit log before going on.`;
    case 'forbidden':
      return `Paused: QuickBooks no longer lets Safe Delete work in this company (403${spaced(
        faultWords(stop.fault),
      )}). Check the app's access in QuickBooks, then resume.`;
    case 'readRefused':
      return `Paused: QuickBooks refused a read the job needs (${faultWords(stop.fault)}). Resume to try again.`;
    case 'worded':
      return stop.text;
  }
}
