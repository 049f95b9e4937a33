/**
 * Storage layout versions and the migrations between them (Bitwarden's state-migration pattern): the
 * background runs `migrateStorage` before it reads anything; each migration moves every stored shape
 * from one layout version to the next, then the version is written. Crash-safe by order: the new
 * keys are written first, the version second, the old keys removed last, so a migration interrupted
 * anywhere either runs again from the old keys (idempotent) or leaves only stale old keys behind.
 * Data that cannot be read is never dropped: it stays under its old key.
 *
 * Versions:
 *   1  keys in three styles (`sd:jobs`, `selection.<env>.<realm>`, `auth.<env>.<realm>`, …); a job's
 *      reviewed records under ONE key (100 MB at 50,000 real invoices, read whole on every wake).
 *   2  every key from lib/storage/keys.ts (`sd:` style); a job's reviewed records per chunk; every
 *      job names its operation ('delete').
 *   3  stored preflight checks hold findings as facts; version 2's sentence checks are dropped and
 *      checked again (./migrate-v3-preflight-facts.ts).
 */
import { ENVIRONMENTS, type Environment } from '../domain/ids';
import type { StorageArea } from './area';
import { LEGACY_KEYS, storageKey } from './keys';
import { runV3 } from './migrate-v3-preflight-facts';
import { writeQueueFor } from './queue';

export const STORAGE_VERSION = 3;

export interface Areas {
  local: StorageArea;
  session: StorageArea;
}

export interface Migration {
  from: number;
  to: number;
  describe: string;
  run(areas: Areas): Promise<void>;
}

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
  if (jobs.length > 0)
    set[jobsKey] = jobs.map((j) => (isRecord(j) && !('operation' in j) ? { ...j, operation: 'delete' } : j));
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

async function runV2(areas: Areas): Promise<void> {
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

export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    describe: 'one key style (sd:…), reviewed records per chunk, every job names its operation',
    run: runV2,
  },
  {
    from: 2,
    to: 3,
    describe: 'stored preflight checks hold facts: the sentence checks of version 2 are dropped, to be checked again',
    run: runV3,
  },
];

/** The stored version; a storage with no version key is version 1 when it holds anything, else new. */
export async function storedVersion(local: StorageArea): Promise<number> {
  const all = await local.get(null);
  const v = all[storageKey.version()];
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  return Object.keys(all).length > 0 ? 1 : STORAGE_VERSION;
}

/**
 * Brings storage to STORAGE_VERSION, inside the local area's write queue (nothing else writes
 * meanwhile). A storage newer than this build (a downgrade) is left untouched and reported.
 */
export function migrateStorage(areas: Areas): Promise<{ from: number; to: number }> {
  return writeQueueFor(areas.local).run(async () => {
    const from = await storedVersion(areas.local);
    if (from > STORAGE_VERSION) return { from, to: from };
    let at = from;
    for (const m of MIGRATIONS) {
      if (m.from !== at) continue;
      await m.run(areas);
      at = m.to;
    }
    if (at !== from || (await areas.local.get(storageKey.version()))[storageKey.version()] === undefined)
      await areas.local.set({ [storageKey.version()]: at });
    return { from, to: at };
  });
}
