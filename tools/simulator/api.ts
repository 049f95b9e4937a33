/**
 * The simulator's public surface: what tests, benchmarks and the demo may call.
 * `startSimulator` (in ./index.ts) returns a `Simulator`. Everything here is in-process; the same
 * control operations are also served over HTTP under `/__sim/` for the demo's browser.
 */
import type { AttachableControl, AttachableOnDelete } from './attachables-control';
import type { AllowanceSetting } from './metering';
import type { ScenarioName, ScenarioOptions, ScenarioTruth } from './scenarios/index';
import type { Entity } from './service-names';

/** document: as deletion-interface.md states. real: as service-facts.md records. */
export type FidelityMode = 'document' | 'real';

/** How a delete with a stale SyncToken is answered (SimulatorOptions.staleSyncToken). */
export type StaleSyncToken = 'accept' | 'fault5010';

/** How a write repeating a `requestid` the company has seen is answered (SimulatorOptions.requestid). */
export type RequestIdMode = 'honoured' | 'ignored' | 'fault6000';

export interface SimulatorOptions {
  mode?: FidelityMode; // default 'document'
  /**
   * A delete whose SyncToken is not the record's current one. 'accept' (default, both modes): deleted
   * anyway, as the document's R1 says. 'fault5010': refused, per record, with ValidationFault 5010
   * "Stale Object Error", as Intuit's API reference says of an older SyncToken. See the README.
   */
  staleSyncToken?: StaleSyncToken;
  /**
   * What a transaction's delete does to its attachments (undocumented; ./attachables.ts).
   * 'removed' (default): the reference is dropped, a bare note left on nothing is gone. 'kept': the
   * reference stays, dangling.
   */
  attachableOnDelete?: AttachableOnDelete;
  /**
   * A write repeating a known `requestid`. 'honoured' (default, both modes): the first answer again,
   * nothing applied, as Intuit documents it. 'ignored': applied again like a new call (a create makes
   * a second record). 'fault6000': 400 ValidationFault 6000, nothing applied. See the README.
   */
  requestid?: RequestIdMode;
  /**
   * The service's published per-company limits on every call (./request-limits.ts): 10 at once, 10 a
   * second, 500 non-batch calls a minute (each over-limit call: 429 ThrottleExceeded 3001), answers
   * later than 120 s cut (504); every duration divided by timeScale. Default: on in real mode, off in
   * document mode (follows setMode); true or false selects it in either. See the README.
   */
  requestLimits?: boolean;
  /** PEM cert + key to serve HTTPS (browser tests, demo). Omit for plain HTTP on loopback (Node tests). */
  tls?: { cert: string; key: string };
  port?: number; // default 0: any free port
  /** Batch calls allowed per company per window. Default 40 (service-facts; the document saw ~50). */
  batchLimit?: number;
  /** Query calls allowed per company per window (its own, separate ceiling). Default 500. */
  queryLimit?: number;
  /** Rolling window length in ms before timeScale. Default 60_000. */
  windowMs?: number;
  /** Divides every service duration (window, Retry-After seconds stay "60" in the header unless scaled). Default 1. */
  timeScale?: number;
  /** Return batch items in a shuffled order (service-facts: order not guaranteed). Default false. */
  shuffleBatchResults?: boolean;
  /** Clock for MetaData times and the throttle window. Default Date.now. */
  now?: () => number;
  /** Access-token lifetime on the injected clock (not scaled by timeScale). Default 3_600_000 (service-facts). */
  tokenLifetimeMs?: number;
  /** Group TransactionList rows into Section rows even when the caller sends no group_by. Default: none. */
  reportGroupBy?: ReportGrouping | ReportGrouping[];
  /** OAuth access tokens' lifetime on the injected clock (not divided by timeScale); `expires_in` tells it. Default 3_600_000. */
  accessTokenLifetimeMs?: number;
  /**
   * The origin discovery names for the sign-in page (authorization_endpoint), e.g.
   * 'https://appcenter.intuit.com' as Intuit's own document does, for a browser that maps that host
   * here; the token and revocation endpoints stay on the origin the discovery request came to.
   */
  authorizeOrigin?: string;
  /** OAuth refresh tokens' (rolling) lifetime on the injected clock. Default 8_726_400_000 (101 days, the service's figure). */
  refreshTokenLifetimeMs?: number;
  /**
   * How long a refresh token stays usable after a newer one of its grant was issued. Default 0: the
   * previous one stops at once, as Intuit documents it now (it once allowed about 24 h).
   */
  refreshGraceMs?: number;
  /** OAuth clients (apps) registered from the start; more with `registerOAuthClient`. */
  oauthClients?: OAuthClient[];
  /** The only sign-in the authorize page accepts. Default: any non-empty email and password. */
  oauthUser?: { email: string; password: string };
}

/** An app registered at the authorization server. Redirect URIs match exactly; https, or http on 127.0.0.1/localhost. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Shown on the consent step. Default "Safe Delete for QuickBooks Online". */
  name?: string;
}

/** Successful grants per company (or in all, without realmId). */
export interface OAuthStats {
  /** Authorization codes exchanged for tokens. */
  codeExchanges: number;
  /** Refresh-token grants answered with new tokens. */
  refreshes: number;
  /** Revocation-endpoint calls that revoked a live grant (not `revokeGrants`). */
  revocations: number;
  /** Token requests refused with invalid_grant (attributed to a company when the code/token was known). */
  invalidGrants: number;
}

/** TransactionList grouping (outermost first): by display type, by month, by customer/vendor name. */
export type ReportGrouping = 'txn_type' | 'month' | 'name';

export interface SeedOptions {
  realmId?: string; // default: a fresh 13-digit id
  /** CompanyInfo.CompanyName; default: a realistic name from ./company-names.ts, distinct per simulator. */
  companyName?: string;
  count: number; // transactions
  seed?: number; // deterministic generator seed, default 1
  /** Entity mix; default: every entity, Invoice the largest share. */
  entities?: Partial<Record<Entity, number>>;
  /** Shares 0..1 of the generated records. */
  reconciledShare?: number;
  closedShare?: number; // dated on/before BookCloseDate
  depositedShare?: number; // Payments/SalesReceipts linked to a Deposit
  linkedShare?: number; // records with LinkedTxn
  bookCloseDate?: string; // YYYY-MM-DD; default: absent unless closedShare > 0
  startDate?: string; // first TxnDate, default 2024-01-01
  endDate?: string; // last TxnDate, default 2025-12-31
}

export interface SeededCompany {
  realmId: string;
  /** CompanyInfo.CompanyName, as `GET /v3/company/{realmId}/companyinfo/{realmId}` answers it. */
  companyName: string;
  token: string;
  /** Keys `${Entity}:${Id}` by category, for assertions. */
  keys: { all: string[]; reconciled: string[]; closed: string[]; deposited: string[]; linked: string[] };
}

/** A seeded scenario (./scenarios/index.ts): the company as seedCompany returns it, and its ground truth. */
export type SeededScenario<N extends ScenarioName> = SeededCompany & ScenarioTruth[N];

export type FaultKind =
  | 'error500-before' // 500 without applying anything
  | 'error500-after' // apply the call, then answer 500 (R5)
  | 'error503-before'
  | 'drop-before' // destroy the socket without applying
  | 'drop-after' // apply, then destroy the socket
  | 'hold-before' // keep the call waiting, nothing applied, until releaseHeld(); then it goes on as usual
  | 'slow-before'; // keep the call `delayMs` (wall time), then apply and answer it as usual, whether or not the client still waits

export type Endpoint =
  | 'batch'
  | 'delete'
  | 'create' // POST /{entity} without operation
  | 'void' // ?operation=void and ?operation=update (&include=void)
  | 'query'
  | 'report'
  | 'preferences'
  | 'read'
  | 'companyinfo';

export interface FaultRule {
  endpoint: Endpoint;
  kind: FaultKind;
  /** Fire on the next N matching calls (default 1) ... */
  times?: number;
  /** ... or with this probability per matching call (deterministic PRNG from `seed`). */
  probability?: number;
  seed?: number;
  realmId?: string;
  /** Let this many matching calls pass untouched before the rule fires (default 0). */
  after?: number;
  /** `slow-before`: how long the call takes before it is applied and answered (default 400 ms). */
  delayMs?: number;
}

export interface RequestLogEntry {
  at: number;
  realmId: string;
  endpoint: Endpoint | 'other';
  method: string;
  path: string; // path + query string
  body?: string;
  status: number;
  /** For batch calls: number of items; for deletes: `${Entity}:${Id}` keys the call tried to delete. */
  deleteKeys?: string[];
  fault?: FaultKind;
  /** The company the presented bearer token was issued for (absent when no known token was sent). */
  tokenRealmId?: string;
  /** A write answered from the answer kept under its `requestid` (nothing applied). */
  replayed?: boolean;
  /** When the call arrived (`at` is when it was answered): the per-second and per-minute windows count this. */
  arrivedAt?: number;
  /** The company's calls in flight when it arrived, itself included (absent: refused before being counted). */
  inFlight?: number;
  /** The published limit that refused it (429), or `cut` when its answer came after 120 s (504). */
  limit?: 'concurrent' | 'perSecond' | 'perMinute' | 'cut';
}

export interface GroundTruth {
  /** `${Entity}:${Id}` → the record still exists. */
  exists(key: string): boolean;
  /** How many times a delete was APPLIED to the record (must never exceed 1). */
  appliedDeletes(key: string): number;
  /** Every key that has been deleted at least once. */
  deletedKeys(): string[];
  /** Current SyncToken of a live record. */
  syncToken(key: string): string | undefined;
  /** How many times a create was APPLIED that made the record `key` (1 for each created record). */
  appliedCreates(key: string): number;
  /** Every record made by an API create (requestid replays add none), in creation order. */
  createdKeys(): string[];
  /** How many times a void was APPLIED to the record (no-op answers of real mode do not count). */
  appliedVoids(key: string): number;
  /** Every record voided at least once. */
  voidedKeys(): string[];
  /** Every live record's key: seeded, created, voided (voided records stay). */
  liveKeys(): string[];
}

/** The kinds of reference entity a transaction names (see tools/simulator/refs.ts). */
export type ReferenceType = 'Customer' | 'Vendor' | 'Employee' | 'Item' | 'Account';

export interface ReferenceEntity {
  type: ReferenceType;
  id: string;
  name: string;
  /** `Active` as the service reports it (false once deactivated or deleted). */
  active: boolean;
  deleted: boolean;
}

export interface Simulator extends AttachableControl {
  /** e.g. http://127.0.0.1:PORT or https://127.0.0.1:PORT */
  url: string;
  port: number;
  mode: FidelityMode;
  setMode(mode: FidelityMode): void;
  /** 'accept' (R1) or 'fault5010' for deletes with a stale SyncToken, from now on. */
  setStaleSyncToken(answer: StaleSyncToken): void;
  /** How a repeated `requestid` is answered from now on: 'honoured', 'ignored' or 'fault6000'. */
  setRequestId(mode: RequestIdMode): void;
  /** The published request limits on (true), off (false), or as the mode says (undefined: real mode only). */
  setRequestLimits(on: boolean | undefined): void;
  setShuffleBatchResults(on: boolean): void;
  /** Batch calls a company may make per throttle window from now on (the service's is 40). */
  setBatchLimit(limit: number): void;
  /** Forces Section grouping of the TransactionList report ([] or undefined: flat unless group_by is sent). */
  setReportGrouping(groupBy: ReportGrouping | ReportGrouping[] | undefined): void;
  /** Empties the throttle windows (of one company, or all). */
  resetThrottle(realmId?: string): void;
  /** The app's monthly allowance of metered reads: a limit (null: none; default 500,000) or forced used up (./metering.ts). */
  setAllowance(setting: AllowanceSetting): void;
  /** Metered reads counted for one company (or all) in a month (`YYYY-MM`, default the current one). */
  meteredReads(realmId?: string, month?: string): number;
  seedCompany(options: SeedOptions): SeededCompany;
  /** Seeds a company built for one question of issue 22 (./scenarios/index.ts), with its ground truth. */
  seedScenario<N extends ScenarioName>(name: N, options?: ScenarioOptions[N]): Promise<SeededScenario<N>>;
  /** Valid bearer token for a company; issueToken makes a new one (the old one stays valid unless expired). */
  issueToken(realmId: string): string;
  expireToken(token: string): void;
  /** Bumps SyncToken and MetaData.LastUpdatedTime, changes PrivateNote. */
  editRecord(realmId: string, key: string): void;
  setReconciled(realmId: string, key: string, reconciled: boolean): void;
  setBookCloseDate(realmId: string, date: string | undefined): void;
  /** Delete outside the API (another user): next delete → 610. */
  removeRecord(realmId: string, key: string): void;
  injectFault(rule: FaultRule): void;
  /** Lets every call a `hold-before` rule keeps waiting go on; how many there were. clearFaults() releases them too. */
  releaseHeld(): number;
  /** How many calls a `hold-before` rule keeps waiting now. */
  heldCount(): number;
  clearFaults(): void;
  requestLog(realmId?: string): RequestLogEntry[];
  truth(realmId: string): GroundTruth;
  /** The live record as the API would return it (entity JSON), or undefined. */
  record(realmId: string, key: string): Record<string, unknown> | undefined;
  /** Company whose books the look-alike web pages show (cookie qbo.currentcompanyid). Default: last seeded. */
  setPageCompany(realmId: string): void;
  /** Deactivates (false) or reactivates (true) a customer, vendor, employee, item or account. Throws when unknown. */
  setReferenceActive(realmId: string, type: ReferenceType, id: string, active: boolean): void;
  /** Deletes a reference entity (it stays listed, inactive and deleted, as the service keeps it). Throws when unknown. */
  deleteReference(realmId: string, type: ReferenceType, id: string): void;
  /** The company's reference entities (of one type, or all). */
  references(realmId: string, type?: ReferenceType): ReferenceEntity[];
  /** Every live record of a company, as the API would return it, with its entity. */
  records(realmId: string): { entity: Entity; json: Record<string, unknown> }[];
  /** Registers (or replaces, by clientId) an OAuth app. Throws on a redirect URI that is not https (or loopback http). */
  registerOAuthClient(client: OAuthClient): void;
  /** Grant counts of one company, or of all. */
  oauthStats(realmId?: string): OAuthStats;
  /** The person revokes the app's access at the service: every grant of the company dies; returns how many. */
  revokeGrants(realmId: string): number;
  close(): Promise<void>;
}
