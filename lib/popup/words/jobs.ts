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
      return stop.part === 'journal'
        ? `Journal of chunk ${stop.chunk} is unreadable`
        : `The reviewed records of chunk ${stop.chunk} are unreadable`;
    case 'forbidden':
      return `The app may not access this company (403${spaced(faultWords(stop.fault))})`;
    case 'readRefused':
      return `The service refused a read: ${faultWords(stop.fault)}`;
    case 'worded':
      return stop.text;
  }
}
