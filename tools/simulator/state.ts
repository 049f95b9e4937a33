/**
 * The shared state every route works on: configuration (mutable at run time: mode, shuffling,
 * report grouping), the store, the OAuth server's state, fault rules, throttle windows and the request log.
 */
import { randomBytes } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import type {
  Endpoint,
  FaultKind,
  FidelityMode,
  ReportGrouping,
  RequestIdMode,
  RequestLogEntry,
  SimulatorOptions,
  StaleSyncToken,
} from './api';
import type { AttachableOnDelete } from './attachables';
import { createFaultInjector, type FaultInjector } from './fault-injection';
import { createMetering, type Metering } from './metering';
import { createOAuthStore, type OAuthStore } from './oauth-store';
import { createPrng, type Prng } from './prng';
import { createRequestLimits, type RequestLimits } from './request-limits';
import { createStore, type Store } from './store';
import { createThrottle, type Throttle } from './throttle';

export interface SimConfig {
  mode: FidelityMode;
  staleSyncToken: StaleSyncToken;
  /** What a transaction's delete does to its attachments (./attachables.ts). */
  attachableOnDelete: AttachableOnDelete;
  requestid: RequestIdMode;
  /** Published request limits: undefined follows the mode (on in real mode). */
  requestLimits?: boolean;
  shuffleBatchResults: boolean;
  batchLimit: number;
  queryLimit: number;
  windowMs: number;
  timeScale: number;
  tokenLifetimeMs: number;
  reportGroupBy: ReportGrouping[];
  accessTokenLifetimeMs: number;
  refreshTokenLifetimeMs: number;
  refreshGraceMs: number;
  oauthUser?: { email: string; password: string };
  /** Where discovery sends the browser to sign in (Intuit's real host, mapped); default: the origin asked. */
  authorizeOrigin?: string;
}

export interface SimState {
  config: SimConfig;
  now: () => number;
  store: Store;
  /** The OAuth authorization server's apps, sessions, codes and grants. */
  oauth: OAuthStore;
  faults: FaultInjector;
  throttle: Throttle;
  /** 10 at once, 10 a second, 500 a minute, cut after 120 s, per company (./request-limits.ts). */
  requestLimits: RequestLimits;
  /** Metered reads per company and month, and the app's monthly allowance (./metering.ts). */
  metering: Metering;
  log: RequestLogEntry[];
  shuffleRng: Prng;
  pageRealmId?: string;
  newTid(): string;
}

/** Hono environment of the /v3 routes. */
export type ApiEnv = {
  Bindings: HttpBindings;
  Variables: {
    endpoint: Endpoint | 'other';
    deleteKeys?: string[];
    fault?: FaultKind;
    dropped?: boolean;
    /** A write answered from its requestid's kept answer (nothing applied). */
    replayed?: boolean;
    arrivedAt?: number;
    inFlight?: number;
    limit?: RequestLogEntry['limit'];
  };
};

export function createState(options: SimulatorOptions): SimState {
  const now = options.now ?? Date.now;
  const config: SimConfig = {
    mode: options.mode ?? 'document',
    staleSyncToken: options.staleSyncToken ?? 'accept',
    attachableOnDelete: options.attachableOnDelete ?? 'removed',
    requestid: options.requestid ?? 'honoured',
    ...(options.requestLimits !== undefined ? { requestLimits: options.requestLimits } : {}),
    shuffleBatchResults: options.shuffleBatchResults ?? false,
    batchLimit: options.batchLimit ?? 40,
    queryLimit: options.queryLimit ?? 500,
    windowMs: options.windowMs ?? 60_000,
    timeScale: options.timeScale ?? 1,
    tokenLifetimeMs: options.tokenLifetimeMs ?? 3_600_000,
    reportGroupBy: toGroupingList(options.reportGroupBy),
    accessTokenLifetimeMs: options.accessTokenLifetimeMs ?? 3_600_000,
    refreshTokenLifetimeMs: options.refreshTokenLifetimeMs ?? 8_726_400_000,
    refreshGraceMs: options.refreshGraceMs ?? 0,
    ...(options.oauthUser ? { oauthUser: { ...options.oauthUser } } : {}),
    ...(options.authorizeOrigin ? { authorizeOrigin: options.authorizeOrigin } : {}),
  };
  const store = createStore(now);
  const oauth = createOAuthStore(store, now, () => config);
  for (const client of options.oauthClients ?? []) oauth.registerClient(client);
  const throttle = createThrottle({
    now,
    windowMs: () => config.windowMs / config.timeScale,
    limit: (kind) => (kind === 'batch' ? config.batchLimit : config.queryLimit),
  });
  return {
    config,
    now,
    store,
    oauth,
    faults: createFaultInjector(),
    throttle,
    requestLimits: createRequestLimits({
      now,
      timeScale: () => config.timeScale,
      enforced: () => requestLimitsOn(config),
    }),
    metering: createMetering(),
    log: [],
    shuffleRng: createPrng(7),
    newTid: () => `1-${Math.floor(now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`,
  };
}

/** The published request limits apply: as set, else in real mode only. */
export function requestLimitsOn(config: SimConfig): boolean {
  return config.requestLimits ?? config.mode === 'real';
}

export function toGroupingList(groupBy: ReportGrouping | ReportGrouping[] | undefined): ReportGrouping[] {
  if (groupBy === undefined) return [];
  return Array.isArray(groupBy) ? [...groupBy] : [groupBy];
}
