/**
 * Storage layout 1 → 2 (Bitwarden's state-migration pattern): keys in three styles (`sd:jobs`,
 * `selection.<env>.<realm>`, `auth.<env>.<realm>`, …) become the `sd:` keys of ../keys.ts, and a
 * job's reviewed records, held under ONE key (100 MB at 50,000 real invoices, read whole on every
 * wake), are cut per chunk. Values are moved as they are: each item's own shape versions are its
 * migrations' business (the jobs' operation: ./jobs-v2-operation.ts).
 *
 * Crash-safe by order: the new keys are written first, the layout second, the old keys removed last,
 * so a migration interrupted anywhere either runs again from the old keys (idempotent) or leaves only
 * stale old keys behind. Data that cannot be placed is never dropped: it stays under its old key.
 */
import { ENVIRONMENTS, type Environment } from '../../domain/ids';
import { LEGACY_KEYS, storageKey } from '../keys';
import type { Areas } from './types';

type Moves = { set: Record<string, unknown>; remove: string[] };

const SCOPED =
  /^(selection\.pageTicked|selection\.removed|selection|preflight|runs)\.(production|sandbox)\.([0-9]{1,20})$/;
const SCOPED_TARGET = {
  selection: 'selection',
  'selection.pageTicked': 'pageTicked',
  'selection.removed': 'tombstones',
  preflight: 'preflight',
  runs: 'runs',
} as const;
const SECRETS = /^auth\.((?:production|sandbox)\.[0-9]{1,20})$/;
const JOB_RECORDS = /^sd:job:([^:]+):records$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Version 1 → 2, for one area's items (pure: what to write and what to remove). `single`: the
 * one-company connection of builds older than version 1 (stored in local; its token may be in
 * either area).
 */
export function planV2(items: Record<string, unknown>, area: 'local' | 'session', single?: unknown): Moves {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const move = (from: string, to: string) => {
    set[to] = items[from];
    remove.push(from);
  };
  const jobsKey = storageKey.jobs();
  const jobs = area === 'local' && Array.isArray(items[jobsKey]) ? (items[jobsKey] as unknown[]) : [];
  for (const key of Object.keys(items)) {
    const scoped = SCOPED.exec(key);
    const secrets = SECRETS.exec(key);
    const records = area === 'local' ? JOB_RECORDS.exec(key) : null;
    if (scoped) {
      const target = SCOPED_TARGET[scoped[1] as keyof typeof SCOPED_TARGET];
      move(key, storageKey[target]({ environment: scoped[2] as Environment, realmId: scoped[3]! }));
    } else if (secrets) move(key, storageKey.secrets(secrets[1]!));
    else if (records) splitRecords(records[1]!, items[key], jobs, set, remove, key);
    else if (key === LEGACY_KEYS.lastPage) move(key, storageKey.lastPage());
    else if (key === LEGACY_KEYS.companyNames) move(key, storageKey.companyNames());
    else if (key === LEGACY_KEYS.connections) move(key, storageKey.connections());
    else if (key === LEGACY_KEYS.pageIssues) move(key, storageKey.pageIssues());
  }
  moveSingleConnection(items, area, single, set, remove);
  return { set, remove };
}

/** The reviewed records of a job, per chunk of the job's own size. Unknown job or size: left as is. */
function splitRecords(
  jobId: string,
  value: unknown,
  jobs: unknown[],
  set: Record<string, unknown>,
  remove: string[],
  key: string,
) {
  const job = jobs.find((j) => isRecord(j) && j.id === jobId);
  const size = isRecord(job) ? job.chunkSize : undefined;
  if (!Array.isArray(value) || typeof size !== 'number' || !Number.isInteger(size) || size < 1) return;
  for (let i = 0; i * size < value.length; i++)
    set[storageKey.jobRecords(jobId, i)] = value.slice(i * size, (i + 1) * size);
  remove.push(key);
}

/**
 * Older than version 1: one connection (`connection`, in local) and one token (`auth.token`, in
 * either area). Moved into the per-company map (an entry already there for that company wins) and
 * that company's secrets. Without a readable company, both stay where they are.
 */
function moveSingleConnection(
  items: Record<string, unknown>,
  area: 'local' | 'session',
  single: unknown,
  set: Record<string, unknown>,
  remove: string[],
) {
  if (!isRecord(single)) return;
  const { realmId, environment } = single;
  if (typeof realmId !== 'string' || !(ENVIRONMENTS as readonly unknown[]).includes(environment)) return;
  const id = `${environment}.${realmId}`;
  if (area === 'local') {
    const key = storageKey.connections();
    const map = set[key] ?? items[LEGACY_KEYS.connections];
    set[key] = { [id]: single, ...(isRecord(map) ? map : {}) };
    remove.push(LEGACY_KEYS.singleConnection);
  }
  const token = items[LEGACY_KEYS.singleToken];
  if (typeof token === 'string') set[storageKey.secrets(id)] = { access: token };
  if (token !== undefined) remove.push(LEGACY_KEYS.singleToken);
}

export async function runKeyStyle(areas: Areas): Promise<void> {
  const local = await areas.local.get(null);
  const session = await areas.session.get(null);
  const single = local[LEGACY_KEYS.singleConnection];
  const localMoves = planV2(local, 'local', single);
  const sessionMoves = planV2(session, 'session', single);
  if (Object.keys(sessionMoves.set).length > 0) await areas.session.set(sessionMoves.set);
  if (Object.keys(localMoves.set).length > 0) await areas.local.set(localMoves.set);
  await areas.local.set({ [storageKey.version()]: 2 });
  if (sessionMoves.remove.length > 0) await areas.session.remove(sessionMoves.remove);
  if (localMoves.remove.length > 0) await areas.local.remove(localMoves.remove);
}
