/**
 * A company's kept runs (`runs.<env>.<realm>`) 1 → 2: each record says how it ended as a code
 * (`outcome`: the outcome's kind, or `unverified`), with the service's fault as data (`fault`: code
 * and message), our own refusal (`refusal`) and a restored record's notes (`notes`), all worded by the
 * popup. Shape 1 kept the words the run showed (`outcome: "Deleted (verified)"`, `faultCode`, and a
 * `reason` that was the fault's message, our refusal's sentence or the notes).
 *
 * The labels below are those shape 1 was written with (a migration keeps meaning what it meant when
 * it shipped). A label it does not know leaves the record as it was: the list then reads as
 * unreadable and is set aside, never guessed. A sentence kept (a refusal's, a note's) becomes the
 * code `worded` with its text.
 */
import { ENVIRONMENTS } from '../../domain/ids';
import { storageKey } from '../keys';
import { toDeclined } from './job-chunk-v2-declined';
import { migrateEach } from './migrate-each';
import type { ItemMigration } from './types';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const SHAPE_1_LABELS: Readonly<Record<string, string>> = {
  Deleted: 'deleted',
  'Deleted (verified)': 'deletedVerified',
  'Not deleted (verified)': 'notDeletedVerified',
  'Skipped: changed since review': 'skippedChanged',
  'Skipped: reconciled': 'skippedReconciled',
  'Refused: closed period': 'closedPeriod',
  Refused: 'refused',
  'Already gone': 'alreadyGone',
  Voided: 'voided',
  'Not voided (verified)': 'notVoidedVerified',
  Restored: 'restored',
  'Not confirmed: look for it in QuickBooks': 'restoreUnconfirmed',
  'Unverified: outcome unknown, verification pending': 'unverified',
};

/** Shape 1's "Refused (code: message)": a refusal with the fault (or our refusal) it carried. */
const REFUSED_WITH = /^Refused \(([^:]*): ([\s\S]*)\)$/;

/** One kept record → shape 2; a record whose label is not known stays as it is (pure). */
export function toCodedRecord(record: unknown): unknown {
  if (!isObject(record) || typeof record.outcome !== 'string') return record;
  const { outcome: label, faultCode, reason, ...rest } = record;
  const text = typeof reason === 'string' ? reason : undefined;
  const refused = REFUSED_WITH.exec(label);
  if (refused) {
    const [, code = '', message = ''] = refused;
    const coded = toDeclined({ kind: 'refused', fault: { code, message } }) as Obj;
    return coded.kind === 'declined'
      ? { ...rest, outcome: 'declined', refusal: coded.refusal }
      : { ...rest, outcome: 'refused', fault: { code, message } };
  }
  const kind = SHAPE_1_LABELS[label];
  if (!kind) return record;
  const fault = typeof faultCode === 'string' ? { fault: { code: faultCode, message: text ?? '' } } : {};
  // A restored record's reason was its notes, joined; another's (a job's pause) was never shown.
  const notes = kind === 'restored' && text && !faultCode ? { notes: [{ code: 'worded', text }] } : {};
  return { ...rest, outcome: kind, ...fault, ...notes };
}

/** One kept list → shape 2; anything else unchanged (pure). */
export function withCodedOutcomes(runs: unknown): unknown {
  if (!Array.isArray(runs)) return runs;
  return runs.map((run) =>
    isObject(run) && Array.isArray(run.records) ? { ...run, records: run.records.map(toCodedRecord) } : run,
  );
}

/** The kept runs among a local area's keys (every company, both environments). */
export function runsKeysIn(keys: readonly string[]): string[] {
  const prefixes = ENVIRONMENTS.map((environment) => storageKey.runs({ environment, realmId: '' }));
  return keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix) && key.length > prefix.length));
}

export const runsV2OutcomeCodes: ItemMigration = {
  item: 'runs',
  from: 1,
  to: 2,
  describe: "a kept run's records say how they ended as codes with data, no longer in words",
  run: ({ local }) => migrateEach(local, runsKeysIn, withCodedOutcomes),
};
