/**
 * The mark a restore writes in a re-created record's `PrivateNote` ("Restored by Safe Delete from
 * #<old Id>"): how the restore finds its own record after an answer was lost (find-created.ts)
 * without trusting the service's `requestid` (service-facts "Idempotent writes": not proven), and how a
 * bookkeeper reading the record in QuickBooks sees where it came from. The record's own note is kept
 * before it. Pure.
 */
import { asObject } from './kinds';

const PREFIX = 'Restored by Safe Delete from #';

/** The service keeps at most 4,000 characters of PrivateNote: the old note is cut to leave room. */
export const PRIVATE_NOTE_MAX = 4000;

/** An earlier restore's mark (a record restored, deleted again, restored again): replaced, not stacked. */
const EARLIER_MARK = /\n?Restored by Safe Delete from #\d+\s*$/;

export function restoreMark(oldId: string): string {
  return `${PREFIX}${oldId}`;
}

/** The note to send for a record whose note was `note` and whose Id was `oldId`. */
export function markedNote(note: unknown, oldId: string): string {
  const mark = restoreMark(oldId);
  const own = typeof note === 'string' ? note.replace(EARLIER_MARK, '').trimEnd() : '';
  if (own === '') return mark;
  const room = PRIVATE_NOTE_MAX - mark.length - 1;
  return `${own.slice(0, room)}\n${mark}`;
}

/**
 * Whether a record read from the service carries the mark of `oldId` anywhere in its note (the service
 * may trim or re-wrap the text; `#12` never matches `#123`).
 */
export function hasRestoreMark(record: unknown, oldId: string): boolean {
  const note = asObject(record)?.PrivateNote;
  if (typeof note !== 'string') return false;
  const mark = restoreMark(oldId);
  for (let at = note.indexOf(mark); at >= 0; at = note.indexOf(mark, at + 1)) {
    if (!/\d/.test(note.charAt(at + mark.length))) return true;
  }
  return false;
}
