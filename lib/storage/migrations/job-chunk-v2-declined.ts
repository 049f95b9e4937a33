/**
 * A chunk's journal (`sd:job:<id>:chunk:<i>`) 1 → 2: Safe Delete's own refusals get their own
 * outcome kind, `declined` with a coded refusal (lib/domain/refusals.ts), where shape 1 dressed them
 * as the service's faults (`{kind: 'refused', fault: {code: 'cannotVoid', message: 'Cannot be voided'}}`).
 * They are told by their codes, which the service never uses (its codes are digits). A code with no
 * fields becomes itself; the others keep their stored sentence as `worded`, with the code they had.
 * The service's refusals stay as they are.
 */
import { migrateEach } from './migrate-each';
import type { ItemMigration } from './types';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `sd:job:<id>:chunk:<i>` (../keys.ts jobChunk) among a local area's keys. */
const JOB_CHUNK = /^sd:job:[^:]+:chunk:\d+$/;
export const jobChunkKeysIn = (keys: readonly string[]): string[] => keys.filter((key) => JOB_CHUNK.test(key));

/** The codes shape 1 stored our own refusals under. */
const BARE = new Set(['cannotVoid', 'wrongRecordKind']);
const OWN = new Set([...BARE, 'notRestorable', 'linkedNotRestored']);

/** One stored outcome → shape 2 (pure). */
export function toDeclined(outcome: unknown): unknown {
  if (!isObject(outcome) || outcome.kind !== 'refused' || !isObject(outcome.fault)) return outcome;
  const { code, message } = outcome.fault;
  if (typeof code !== 'string' || !OWN.has(code)) return outcome;
  const text = typeof message === 'string' ? message : '';
  if (BARE.has(code)) return { kind: 'declined', refusal: { code } };
  if (code === 'notRestorable') return { kind: 'declined', refusal: { code, why: { code: 'worded', text } } };
  return { kind: 'declined', refusal: { code: 'worded', text, was: code } };
}

/** One chunk's journal → shape 2; anything else unchanged (pure). */
export function withDeclined(chunk: unknown): unknown {
  if (!isObject(chunk) || !isObject(chunk.outcomes)) return chunk;
  const outcomes = Object.fromEntries(
    Object.entries(chunk.outcomes).map(([key, stored]) =>
      isObject(stored) ? [key, { ...stored, outcome: toDeclined(stored.outcome) }] : [key, stored],
    ),
  );
  return { ...chunk, outcomes };
}

export const jobChunkV2Declined: ItemMigration = {
  item: 'jobChunk',
  from: 1,
  to: 2,
  describe: "our own refusals become the outcome 'declined' with a code, no longer a fault",
  run: ({ local }) => migrateEach(local, jobChunkKeysIn, withDeclined),
};
