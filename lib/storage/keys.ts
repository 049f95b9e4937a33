/**
 * Every key the extension stores, in one registry (Bitwarden's state definitions): its area and who
 * owns it. No module spells a key itself (tests/storage/keys.test.ts checks that no two entries can
 * produce the same key and that no key literal lives outside lib/storage). What is stored under each
 * key (schema, shape version, migrations) is declared once by its owner with `defineItem` (./item.ts);
 * tests/storage/keys.test.ts checks that every key here has that declaration.
 *
 * One naming style: `sd:<what>` for singletons, `sd:<what>:<scope…>` for families. Scoped keys use
 * the environment then the realm Id (`sd:selection:production:9341…`); job keys carry the job's
 * UUID and a chunk index.
 */
import type { Environment } from '../domain/ids';

export type AreaName = 'local' | 'session';

interface Scope {
  environment: Environment;
  realmId: string;
}

const scoped = (what: string) => (scope: Scope) => `sd:${what}:${scope.environment}:${scope.realmId}`;

export const STORAGE_KEYS = {
  /** The storage layout (a number): see migrate.ts. */
  version: { area: 'local', owner: 'storage', key: () => 'sd:version' },
  /** The shape version of each item (by name) since layout 4: see migrate.ts. */
  itemVersions: { area: 'local', owner: 'storage', key: () => 'sd:item-versions' },
  /** A value its item's schema refused, kept as it was before a store wrote over it (item.ts setAside). */
  unreadable: { area: 'local', owner: 'storage', key: (key: string) => `sd:unreadable:${key}` },
  /** JobMeta[]: the one job list. */
  jobs: { area: 'local', owner: 'journal', key: () => 'sd:jobs' },
  /** JobRecord[] (lib/domain/job-records.ts): one chunk's records, written once when the job is created. */
  jobRecords: {
    area: 'local',
    owner: 'journal',
    key: (jobId: string, chunk: number) => `sd:job:${jobId}:records:${chunk}`,
  },
  /** ChunkJournal: one chunk's write-ahead state and outcomes. */
  jobChunk: {
    area: 'local',
    owner: 'journal',
    key: (jobId: string, chunk: number) => `sd:job:${jobId}:chunk:${chunk}`,
  },
  /** string: the tag that shows the extension wrote the job's entry (lib/journal/job-seal.ts). */
  jobSeal: { area: 'local', owner: 'journal', key: (jobId: string) => `sd:job:${jobId}:seal` },
  /** number[]: a company's batch-call times within the rolling window. */
  throttle: { area: 'local', owner: 'journal', key: (realmId: string) => `sd:throttle:${realmId}` },
  /** The person's selection of one company. */
  selection: { area: 'local', owner: 'selection', key: scoped('selection') },
  /** Rows ticked by the page, not by the person. */
  pageTicked: { area: 'local', owner: 'selection', key: scoped('page-ticked') },
  /** Removal times (tombstones) of rows the person removed. */
  tombstones: { area: 'local', owner: 'selection', key: scoped('removed') },
  /** Ticked rows known by what they show, waiting to be resolved to one record (lib/selection/rows.ts). */
  rows: { area: 'local', owner: 'selection', key: scoped('rows') },
  /** What the selection's click does: delete or void, and the opt-ins (lib/domain/choice.ts). */
  choice: { area: 'local', owner: 'selection', key: scoped('choice') },
  /** The last QuickBooks page a selection came from. */
  lastPage: { area: 'local', owner: 'selection', key: () => 'sd:last-page' },
  /** The latest preflight of a company's selection. */
  preflight: { area: 'local', owner: 'preflight', key: scoped('preflight') },
  /** The last runs of a company (after "Done"). */
  runs: { area: 'local', owner: 'jobs', key: scoped('runs') },
  /** CompanyInfo names by company. */
  companyNames: { area: 'local', owner: 'connection', key: () => 'sd:company-names' },
  /** The connections (no secret in them). */
  connections: { area: 'local', owner: 'connection', key: () => 'sd:connections' },
  /**
   * A connection's secrets: storage.session (gone when the browser closes), and under the same key in
   * storage.local too only when the person chose to stay connected on this device.
   */
  secrets: {
    area: 'session',
    alsoIn: 'local',
    owner: 'connection',
    key: (connectionId: string) => `sd:secrets:${connectionId}`,
  },
  /** The person's name the reports print as "Ran by": on this device only (lib/background/preparer.ts). */
  preparer: { area: 'local', owner: 'report', key: () => 'sd:preparer' },
  /** What the QuickBooks pages reported that the person must act on. */
  pageIssues: { area: 'session', owner: 'page-issues', key: () => 'sd:page-issues' },
} as const satisfies Record<
  string,
  { area: AreaName; alsoIn?: AreaName; owner: string; key: (...args: never[]) => string }
>;

/**
 * The IndexedDB databases, beside the keys: name, version and object stores. Each database upgrades
 * itself in its owner's `upgrade` (lib/audit/db.ts, ./idb-area.ts, lib/journal/job-seal.ts,
 * lib/connection/installation-key.ts) from these numbers.
 */
export const INDEXED_DBS = {
  /** The audit log: `entries` (key `uid`; indexes seq, jobId, company since version 2) and `meta`. */
  audit: {
    owner: 'audit',
    name: 'safe-delete-audit',
    version: 2,
    stores: { entries: ['seq', 'jobId', 'company'], meta: [] },
  },
  /** The extension's key-value state (what browser.storage.local held before): one store `kv`. */
  state: { owner: 'storage', name: 'safe-delete-state', version: 1, stores: { kv: [] } },
  /** The key that tags the jobs the extension writes, and the jobs adopted at the upgrade (lib/journal/job-seal.ts). */
  jobKey: { owner: 'journal', name: 'safe-delete-job-key', version: 1, stores: { keys: [] } },
  /**
   * This installation's key pair, the proof of its calls to the token broker: one store `keys`, one
   * record (lib/connection/installation-key.ts).
   */
  installationKey: { owner: 'connection', name: 'safe-delete-installation-key', version: 1, stores: { keys: [] } },
} as const satisfies Record<
  string,
  { owner: string; name: string; version: number; stores: Record<string, readonly string[]> }
>;

export type StorageKeyName = keyof typeof STORAGE_KEYS;

/** The areas an entry's values may be stored in: its own, and the one it is `alsoIn` when it says so. */
export function areasOf(name: StorageKeyName): AreaName[] {
  const entry: { area: AreaName; alsoIn?: AreaName } = STORAGE_KEYS[name];
  return entry.alsoIn ? [entry.area, entry.alsoIn] : [entry.area];
}

/** The key builders, by name: `storageKey.selection(scope)`. */
export const storageKey = Object.fromEntries(Object.entries(STORAGE_KEYS).map(([name, e]) => [name, e.key])) as {
  [K in StorageKeyName]: (typeof STORAGE_KEYS)[K]['key'];
};

/**
 * Keys of layout version 1 (before this registry), read only by the migration that renames them.
 * `connection` and `auth.token` are older still (one company): the migration to version 2 moves
 * them too.
 */
export const LEGACY_KEYS = {
  jobRecords: (jobId: string) => `sd:job:${jobId}:records`,
  selection: (s: Scope) => `selection.${s.environment}.${s.realmId}`,
  pageTicked: (s: Scope) => `selection.pageTicked.${s.environment}.${s.realmId}`,
  tombstones: (s: Scope) => `selection.removed.${s.environment}.${s.realmId}`,
  lastPage: 'selection.lastPage',
  preflight: (s: Scope) => `preflight.${s.environment}.${s.realmId}`,
  runs: (s: Scope) => `runs.${s.environment}.${s.realmId}`,
  companyNames: 'companyNames',
  connections: 'connections',
  secrets: (connectionId: string) => `auth.${connectionId}`,
  pageIssues: 'pageIssues',
  singleConnection: 'connection',
  singleToken: 'auth.token',
} as const;
