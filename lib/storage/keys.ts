/**
 * Every key the extension stores, in one registry: its area, who owns it, and the version of the
 * shape stored under it. No module spells a key itself (tests/storage/keys.test.ts checks that no
 * two entries can produce the same key and that no key literal lives outside lib/storage).
 *
 * One naming style: `sd:<what>` for singletons, `sd:<what>:<scope…>` for families. Scoped keys use
 * the environment then the realm Id (`sd:selection:production:9341…`); job keys carry the job's
 * UUID and a chunk index.
 *
 * A shape's `version` says which layout the reader expects; lib/storage/migrations.ts brings older
 * layouts up to it when the background starts (the stored `sd:version` says where storage is).
 */
import type { Environment } from '../domain/ids';

export type AreaName = 'local' | 'session';

interface Scope {
  environment: Environment;
  realmId: string;
}

const scoped = (what: string) => (scope: Scope) => `sd:${what}:${scope.environment}:${scope.realmId}`;

export const STORAGE_KEYS = {
  /** The storage layout version (a number): see migrations.ts. */
  version: { area: 'local', owner: 'storage', version: 1, key: () => 'sd:version' },
  /** JobMeta[]: the one job list. */
  jobs: { area: 'local', owner: 'jobs', version: 2, key: () => 'sd:jobs' },
  /** ReviewedRecord[]: the reviewed snapshots of one chunk, written once when the job is created. */
  jobRecords: {
    area: 'local',
    owner: 'jobs',
    version: 2,
    key: (jobId: string, chunk: number) => `sd:job:${jobId}:records:${chunk}`,
  },
  /** ChunkJournal: one chunk's write-ahead state and outcomes. */
  jobChunk: {
    area: 'local',
    owner: 'jobs',
    version: 1,
    key: (jobId: string, chunk: number) => `sd:job:${jobId}:chunk:${chunk}`,
  },
  /** number[]: a company's batch-call times within the rolling window. */
  throttle: { area: 'local', owner: 'jobs', version: 1, key: (realmId: string) => `sd:throttle:${realmId}` },
  /** AuditIndex: the audit log's segments. */
  auditIndex: { area: 'local', owner: 'audit', version: 1, key: () => 'sd:audit:index' },
  /** AuditEntry[]: one segment (one journal commit) of the audit log. */
  auditSegment: { area: 'local', owner: 'audit', version: 1, key: (n: number) => `sd:audit:seg:${n}` },
  /** The person's selection of one company. */
  selection: { area: 'local', owner: 'selection', version: 1, key: scoped('selection') },
  /** Rows ticked by the page, not by the person. */
  pageTicked: { area: 'local', owner: 'selection', version: 1, key: scoped('page-ticked') },
  /** Removal times (tombstones) of rows the person removed. */
  tombstones: { area: 'local', owner: 'selection', version: 1, key: scoped('removed') },
  /** Ticked rows known by what they show, waiting to be resolved to one record (lib/selection/rows.ts). */
  rows: { area: 'local', owner: 'selection', version: 1, key: scoped('rows') },
  /** The last QuickBooks page a selection came from. */
  lastPage: { area: 'local', owner: 'selection', version: 1, key: () => 'sd:last-page' },
  /** The latest preflight of a company's selection; version 2: findings as facts (storage version 3). */
  preflight: { area: 'local', owner: 'preflight', version: 2, key: scoped('preflight') },
  /** The last runs of a company (after "Done"). */
  runs: { area: 'local', owner: 'run-history', version: 1, key: scoped('runs') },
  /** CompanyInfo names by company. */
  companyNames: { area: 'local', owner: 'company-names', version: 1, key: () => 'sd:company-names' },
  /** The connections (no secret in them). */
  connections: { area: 'local', owner: 'connection', version: 1, key: () => 'sd:connections' },
  /** A connection's secrets: storage.session, and storage.local only when the person chose to stay connected. */
  secrets: {
    area: 'session',
    owner: 'connection',
    version: 1,
    key: (connectionId: string) => `sd:secrets:${connectionId}`,
  },
  /** What the QuickBooks pages reported that the person must act on. */
  pageIssues: { area: 'session', owner: 'page-issues', version: 1, key: () => 'sd:page-issues' },
} as const satisfies Record<
  string,
  { area: AreaName; owner: string; version: number; key: (...args: never[]) => string }
>;

export type StorageKeyName = keyof typeof STORAGE_KEYS;

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
