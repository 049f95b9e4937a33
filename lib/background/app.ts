/**
 * The background's logic, built from injected browser APIs (entrypoints/background.ts only wires
 * listeners to it). Holds the token, the selection, the preflight and the job runner; answers the
 * popup with views and never with the token.
 */
import { auditSubscriber } from '../audit/from-jobs';
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
import { isActiveJobState } from '../domain/jobs';
import { operationOf } from '../domain/operations';
import { sameScope, scopeKey } from '../domain/scope';
import { isWaitingForToken } from '../jobs/lifecycle';
import { createRunHistory } from '../jobs/run-history';
import { createJobRunner } from '../jobs/runner';
import type { JobSnapshot } from '../jobs/types';
import type { OutcomeKind } from '../journal/schema';
import type { PopupState } from '../messaging/views';
import { createPreflightStore } from '../preflight/preflight-store';
import { createQboClient } from '../qbo/client';
import { createRequestPacer } from '../qbo/request-pacer';
import { resolveRows, windowReaderOf, windowsReaderOf } from '../resolve/resolve';
import { createRestoreService } from '../restore/service';
import { selectionStamp } from '../selection/stamp';
import { createSelectionStore, type Scope } from '../selection/store';
import { createCompanyLock } from '../storage/company-lock';
import { auditView } from './audit-view';
import { badgeText, showBadge } from './badge';
import type { BackgroundDeps } from './deps';
import { elsewhere } from './elsewhere';
import { companiesWithData } from './local-data';
import { readPageCompany } from './page-company';
import { createPageIssues } from './page-issues';
import { buildPopupState } from './popup-state';
import { createPreflightService } from './preflight-service';
import { readPreparer } from './preparer';
import { heldByRestores } from './restore-holds';
import { createStarts } from './start-job';
import { startRefusalText } from './start-words';

export const isActiveJob = (job: JobSnapshot) => isActiveJobState(job.status);

export function createBackgroundCore(deps: BackgroundDeps) {
  const tokens = createTokenStore(deps.storage, deps.clock.now);
  const broker = createBroker({
    baseUrl: deps.brokerUrl ?? DEFAULT_BROKER_URL,
    fetch: deps.fetch,
    now: deps.clock.now,
    // The extension origin's own IndexedDB (Node tests: fake-indexeddb, set per test).
    key: createInstallationKey({ indexedDB: () => globalThis.indexedDB, now: deps.clock.now }),
  });
  const selection = createSelectionStore(deps.storage.local, deps.clock.now);
  const pageIssues = createPageIssues(deps.storage.session);
  const runHistory = createRunHistory(deps.storage.local);
  /** The last token handed to a call, per company: a 401 drops that token and no newer one. */
  const tokenUsed = new Map<string, string>();
  const preflightStore = createPreflightStore(deps.storage.local);
  /** One check-and-create at a time per company, for every job kind (issue 18 §1). */
  const startLock = createCompanyLock();
  // Ended or replaced sign-ins are revoked at Intuit; Disconnect waits for a refresh in flight first.
  const revocations = createRevocations({ store: tokens, broker, settle: (s) => provider.settle(s) });
  const provider = createTokenProvider({
    store: tokens,
    broker,
    now: deps.clock.now,
    onChange: () => changed(),
    revoke: (s) => revocations.retry(s),
    // Any refresh that worked (a later call, the popup's poll, the wake below): the company's jobs go on.
    onRefreshed: (s) => void runner.tokenAvailable(s.realmId).catch(() => undefined),
  });
  // Unique per worker life, so a popup's sinceVersion from before a restart never matches by chance.
  let version = deps.clock.now();
  /** The background's last word to the person; with a company, it shows only in that company's view. */
  let notice: (NonNullable<PopupState['notice']> & { scope?: Scope }) | undefined;
  let lastPollAt = 0;

  // One pacer for every client: the preflight, the runner, the restore and the names share each company's limits.
  const pacer = createRequestPacer({ clock: deps.clock });
  const clientFor = (realmId: string, environment: Environment) =>
    createQboClient({
      realmId,
      environment,
      pacer,
      baseUrl: deps.apiBaseUrl?.(environment),
      fetch: deps.fetch,
      now: deps.clock.now,
      // Each company's calls carry that company's token and no other (one connection per company).
      getToken: async () => {
        const token = await provider.getToken({ realmId, environment });
        if (token !== undefined) tokenUsed.set(scopeKey({ realmId, environment }), token);
        return token;
      },
    });

  const audit = createAuditLog({ clock: deps.clock });
  const runner = createJobRunner({
    storage: deps.storage.local,
    alarms: deps.alarms,
    clock: deps.clock,
    clientFor,
    outcomes: auditSubscriber(audit), // the audit log keeps each final outcome; the runner knows it not
    ...deps.runner,
  });
  // A job left waiting for a token while the sign-in service was unreachable wakes when the backoff ends.
  const tokenWake = createTokenWake({
    alarms: deps.alarms,
    provider,
    waiting: async (s) => (await runner.listJobs()).some((j) => sameScope(j, s) && isWaitingForToken(j)),
    resume: (s) => runner.tokenAvailable(s.realmId),
  });

  let badgeBusy = false;
  async function refreshBadge(): Promise<void> {
    if (!deps.badge || badgeBusy) return;
    badgeBusy = true;
    try {
      const scope = await currentScope();
      const job = scope ? await latestJob(scope) : undefined;
      const selected = scope ? Object.keys(await selection.read(scope)).length : 0;
      const active = job ? isActiveJob(job) : false;
      const text = badgeText({ selected, job: job ? { done: job.done, total: job.total, active } : undefined });
      await showBadge(deps.badge, text, active);
    } finally {
      badgeBusy = false;
    }
  }
  function changed(): void {
    version += 1;
    void refreshBadge().catch(() => undefined);
  }

  const preflight = createPreflightService({
    selection,
    preflight: preflightStore,
    clientFor: (s) => clientFor(s.realmId, s.environment),
    resolveRows: (s, rows) => {
      const client = clientFor(s.realmId, s.environment);
      return resolveRows(rows, windowReaderOf(client), windowsReaderOf(client));
    },
    now: deps.clock.now,
    onChange: changed,
  });

  runner.subscribe((event) => {
    changed();
    const job = event.job;
    if (job.status === 'tokenNeeded') {
      // A 401: drop the token that was refused; a signed-in company refreshes once and goes on.
      const scope = { realmId: job.realmId, environment: job.environment };
      void provider
        .afterUnauthorized(scope, tokenUsed.get(scopeKey(job)))
        .then((fresh) => (fresh ? runner.tokenAvailable(job.realmId) : tokenWake.schedule(scope)))
        .catch(() => undefined);
    }
    if ((job.status === 'done' || job.status === 'cancelled') && deps.clock.now() - lastPollAt > 3_000) {
      const op = operationOf(job.operation);
      const done = op.notified.reduce((n, kind) => n + (job.counts[kind as OutcomeKind] ?? 0), 0);
      void deps.notify?.(
        'Safe Delete finished',
        `${done} ${op.doneGroup} of ${job.total}. Open Safe Delete for details.`,
      );
    }
  });

  /** The company the popup is about: the last page's (the page's company picks its connection), else the latest connection's. */
  async function currentScope(): Promise<Scope | undefined> {
    const page = await selection.lastPage();
    if (page) return { realmId: page.realmId, environment: page.environment };
    const c = await tokens.latest();
    return c ? { realmId: c.realmId, environment: c.environment } : undefined;
  }

  /** A company can be called: it has an access token, or a refresh token that gets one. */
  async function hasToken(scope: Scope): Promise<boolean> {
    const c = await tokens.getConnection(scope);
    if (!c || c.needsReconnect) return false;
    return (await tokens.getToken(scope)) !== undefined || (await tokens.getRefreshToken(scope)) !== undefined;
  }

  async function latestJob(scope: Scope): Promise<JobSnapshot | undefined> {
    const jobs = (await runner.listJobs()).filter((j) => sameScope(j, scope));
    return jobs.sort((a, b) => b.createdAt - a.createdAt)[0];
  }

  const companyNames = createCompanyNames({
    local: deps.storage.local,
    clientFor,
    hasToken,
    onChange: () => changed(),
    now: deps.clock.now,
  });

  async function state(): Promise<PopupState> {
    // The version as of the first read: a change landing while this view is assembled (a chunk
    // committed between reading the job and its records) bumps past it, so the next poll refetches.
    const asOf = version;
    const scope = await currentScope();
    const connection = scope ? await tokens.getConnection(scope) : undefined;
    const lastPage = await selection.lastPage();
    const job = scope ? await latestJob(scope) : undefined;
    const connections = await Promise.all(
      (await tokens.list()).map(async (c) => ({
        realmId: c.realmId,
        environment: c.environment,
        method: c.method,
        needsReconnect: c.needsReconnect ?? false,
        disconnecting: c.disconnecting ?? false,
        revokePending: await revocations.failed(c),
        endInQuickBooks: c.endInQuickBooks ?? false,
        hasToken: await hasToken(c),
        // Read once per company (CompanyInfo), so every connected client is named (issue 21 §2).
        companyName: await companyNames.get(c),
      })),
    );
    const selected = scope ? await selection.read(scope) : {};
    const checked = scope ? await preflightStore.read(scope) : undefined;
    const view = buildPopupState({
      version: asOf,
      scope: scope ? { ...scope, stamp: selectionStamp(selected, checked) } : undefined,
      choice: scope ? await selection.readChoice(scope) : undefined,
      connection,
      connections,
      hasToken: scope ? await hasToken(scope) : false,
      environment: scope?.environment ?? lastPage?.environment ?? 'production',
      lastPage: lastPage && (!scope || lastPage.environment === scope.environment) ? lastPage : undefined,
      selection: selected,
      pageTicked: scope ? await selection.readPageTicked(scope) : {},
      rows: scope ? await selection.readRows(scope) : {},
      pageIssues: await pageIssues.view({
        tabOpen: async (tabId) => !deps.tabs || (await deps.tabs.get(tabId).then(Boolean, () => false)),
        name: (realmId, environment) => companyNames.get({ realmId, environment }, false),
      }),
      recentRuns: scope ? await runHistory.read(scope) : [],
      companyName: connection ? await companyNames.get(connection) : undefined,
      pageCompanyName: lastPage ? await companyNames.get(lastPage, false) : undefined,
      preflight: checked,
      preflightRunning: scope ? preflight.isRunning(scope) : false,
      job: job ? { snapshot: job, rows: await runner.getRecords(job.id) } : undefined,
      // One client's notice never shows on another client's screen (issue 21 §4).
      notice:
        notice && (!notice.scope || (scope && sameScope(notice.scope, scope)))
          ? { level: notice.level, text: notice.text }
          : undefined,
      audit: auditView(await audit.stats()),
    });
    view.elsewhere = await elsewhere(scope, {
      connections,
      jobs: await runner.listJobs(),
      selectedCount: async (s) => Object.keys(await selection.read(s)).length,
      name: (s) => companyNames.get(s, false),
    });
    view.localData = await companiesWithData(view, {
      auditCompanies: () => audit.companies(),
      jobs: await runner.listJobs(),
      name: (s) => companyNames.get(s, false),
    });
    view.unreadableJobs = (await runner.unreadableJobs()) || undefined; // damaged saved jobs: named, never run
    view.preparer = await readPreparer(deps.storage.local); // the person's name on the reports, once given
    return view;
  }

  function setNotice(next: PopupState['notice'], scope?: Scope) {
    notice = next && scope ? { ...next, scope: { realmId: scope.realmId, environment: scope.environment } } : next;
    changed();
  }
  const view = { setNotice, changed, state };
  const name = (s: Scope) => companyNames.get(s, false);
  const starts = createStarts({
    lock: startLock,
    now: deps.clock.now,
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
    starts,
    restore,
    tokens,
    provider,
    revocations,
    broker,
    hasToken,
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
    clientFor,
    currentScope,
    latestJob,
    state,
    changed,
    version: () => version,
    /** `scope`: the company the notice is about (a refused click, a failed sign-in from its view). */
    setNotice,
    polled() {
      lastPollAt = deps.clock.now();
    },
  };
}
export type BackgroundCore = ReturnType<typeof createBackgroundCore>;
