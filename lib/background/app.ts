/**
 * The background's composition root, built from injected browser APIs (entrypoints/background.ts
 * only wires listeners to it): it creates each service once and hands them out. Holds the token,
 * the selection, the preflight and the job runner; answers the popup with views and never with the
 * token. What the views see (./view-state.ts), the badge (./badge.ts), what a job's move sets off
 * (./job-reactions.ts) and every start (./start-job.ts) are services of their own; each handler
 * declares the few it uses (./page-handlers.ts, ./selection-report.ts).
 */

import { createAuditLog } from '../audit/log';
import { createBroker } from '../connection/broker';
import { DEFAULT_BROKER_URL } from '../connection/broker-url';
import { createCompanyNames } from '../connection/company-names';
import { createInstallationKey } from '../connection/installation-key';
import { createRevocations } from '../connection/revocation';
import { createTokenProvider } from '../connection/token-provider';
import { createTokenStore } from '../connection/token-store';
import { createTokenWake } from '../connection/token-wake';
import type { Environment } from '../domain/ids';
import { sameScope, scopeKey } from '../domain/scope';
import { isWaitingForToken } from '../jobs/lifecycle';
import { createRunHistory } from '../jobs/run-history';
import { createJobRunner } from '../jobs/runner';
import { createPreflightStore } from '../preflight/preflight-store';
import { createQboClient } from '../qbo/client';
import { createRequestPacer } from '../qbo/request-pacer';
import { resolveRows, windowReaderOf, windowsReaderOf } from '../resolve/resolve';
import { idsReaderOf } from '../resolve/row-ids';
import { createRestoreService } from '../restore/service';
import { createPageIssues } from '../selection/page-issues';
import { createSelectionStore, type Scope } from '../selection/store';
import { createCompanyLock } from '../storage/company-lock';
import { auditWithAttachments } from './attachments-subscriber';
import { createBadge } from './badge';
import { createCompanyView } from './company-view';
import type { BackgroundDeps } from './deps';
import { reactToJobs } from './job-reactions';
import { readPageCompany } from './page-company';
import { createPreflightService } from './preflight-service';
import { heldByRestores } from './restore-holds';
import { createStarts } from './start-job';
import { createViewState } from './view-state';
import { startRefusalText } from './words/start';

export { isActiveJob } from './company-view';

export function createBackgroundCore(deps: BackgroundDeps) {
  const now = deps.clock.now;
  const local = deps.storage.local;
  const tokens = createTokenStore(deps.storage, now);
  const broker = createBroker({
    baseUrl: deps.brokerUrl ?? DEFAULT_BROKER_URL,
    fetch: deps.fetch,
    now,
    key: createInstallationKey({ indexedDB: () => deps.indexedDB, now }),
  });
  const selection = createSelectionStore(local, now);
  const pageIssues = createPageIssues(deps.storage.session);
  const runHistory = createRunHistory(local);
  /** The last token handed to a call, per company: a 401 drops that token and no newer one. */
  const tokenUsed = new Map<string, string>();
  const preflightStore = createPreflightStore(local);
  /** One check-and-create at a time per company, for every job kind and the erase. */
  const startLock = createCompanyLock();
  // Ended or replaced sign-ins are revoked at Intuit; Disconnect waits for a refresh in flight first.
  const revocations = createRevocations({ store: tokens, broker, settle: (s) => provider.settle(s) });
  const provider = createTokenProvider({
    store: tokens,
    broker,
    now,
    onChange: () => view.changed(),
    revoke: (s) => revocations.retry(s),
    // Any refresh that worked (a later call, the popup's poll, the wake below): the company's jobs go on.
    onRefreshed: (s) => void runner.tokenAvailable(s.realmId).catch(() => undefined),
  });

  // One pacer for every client: the preflight, the runner, the restore and the names share each company's limits.
  const pacer = createRequestPacer({ clock: deps.clock });
  const clientFor = (realmId: string, environment: Environment) =>
    createQboClient({
      realmId,
      environment,
      pacer,
      baseUrl: deps.apiBaseUrl?.(environment),
      fetch: deps.fetch,
      now,
      // Each company's calls carry that company's token and no other (one connection per company).
      getToken: async () => {
        const token = await provider.getToken({ realmId, environment });
        if (token !== undefined) tokenUsed.set(scopeKey({ realmId, environment }), token);
        return token;
      },
    });

  const audit = createAuditLog({ clock: deps.clock, indexedDB: deps.indexedDB });
  const runner = createJobRunner({
    storage: local,
    alarms: deps.alarms,
    clock: deps.clock,
    clientFor,
    // The audit log keeps each final outcome (a restored record's attachments re-attached first); the runner knows it not.
    outcomes: auditWithAttachments(audit, clientFor),
    ...deps.runner,
  });
  // A job left waiting for a token while the sign-in service was unreachable wakes when the backoff ends.
  const tokenWake = createTokenWake({
    alarms: deps.alarms,
    provider,
    waiting: async (s) => (await runner.listJobs()).some((j) => sameScope(j, s) && isWaitingForToken(j)),
    resume: (s) => runner.tokenAvailable(s.realmId),
  });
  const company = createCompanyView({ selection, tokens, runner });
  const { currentScope, hasToken, latestJob } = company;

  const preflight = createPreflightService({
    selection,
    preflight: preflightStore,
    clientFor: (s) => clientFor(s.realmId, s.environment),
    resolveRows: (s, rows) => {
      const client = clientFor(s.realmId, s.environment);
      return resolveRows(rows, windowReaderOf(client), windowsReaderOf(client), idsReaderOf(client));
    },
    now,
    onChange: () => view.changed(),
  });
  const companyNames = createCompanyNames({ local, clientFor, hasToken, onChange: () => view.changed(), now });

  const badge = createBadge({
    api: deps.badge,
    currentScope,
    latestJob,
    selectedCount: async (s) => Object.keys(await selection.read(s)).length,
  });
  const view = createViewState({
    ...company,
    tokens,
    revocations,
    companyNames,
    selection,
    preflightStore,
    preflight,
    pageIssues,
    runHistory,
    runner,
    audit,
    tabs: deps.tabs,
    local,
    now,
    onChange: () => void badge.refresh().catch(() => undefined),
  });
  reactToJobs({
    runner,
    provider,
    tokenWake,
    tokenUsed,
    notify: deps.notify,
    now,
    lastPollAt: view.lastPollAt,
    changed: view.changed,
  });

  const name = (s: Scope) => companyNames.get(s, false);
  const starts = createStarts({
    lock: startLock,
    now,
    currentScope,
    connection: (s) => tokens.getConnection(s),
    hasToken,
    async pageCompany() {
      const last = await selection.lastPage();
      if (!last) return { kind: 'none' };
      const page = await readPageCompany(deps.cookies, last.url, last.storeId);
      if (!page?.realmId) return { kind: 'unknown' };
      return { kind: 'open', company: { realmId: page.realmId, environment: page.environment } };
    },
    estimate: async () => deps.estimateStorage?.(),
    name,
    selection,
    checks: {
      read: (s) => preflightStore.read(s),
      forget: (s, keys) => preflightStore.forget(s, keys),
      run: (s) => preflight.start(s),
    },
    runner,
    view,
  });
  const restore = createRestoreService({
    readLog: (s, outcomes) => audit.readCompany(s, { outcomes }),
    heldByRestores: (s) => heldByRestores(runner, s),
    reads: (s) => clientFor(s.realmId, s.environment),
    starts: { connected: starts.connected, start: starts.restore, refusal: (r) => startRefusalText(r, name) },
  });

  return {
    // The stores and services, each handed to the handlers that declare it.
    tokens,
    provider,
    revocations,
    broker,
    selection,
    pageIssues,
    companyNames,
    runHistory,
    preflightStore,
    preflight,
    runner,
    audit,
    tokenWake,
    startLock,
    starts,
    restore,
    clientFor,
    currentScope,
    hasToken,
    latestJob,
    view,
    state: view.state,
    changed: view.changed,
    version: view.version,
    // What the handlers use of the browser.
    now,
    local,
    cookies: deps.cookies,
    tabs: deps.tabs,
    identity: deps.identity,
    extensionId: deps.extensionId,
    extensionOrigin: deps.extensionOrigin,
  };
}
export type BackgroundCore = ReturnType<typeof createBackgroundCore>;
