/**
 * What the views see: the popup's state, assembled from the stores (the only shape extension pages
 * ever see, no token), its version (a poll that has seen it gets "unchanged"), the background's last
 * word to the person (the notice: with a company, shown only in that company's view), and when a
 * view last polled.
 */
import type { AuditLog } from '../audit/log';
import type { createCompanyNames } from '../connection/company-names';
import type { Revocations } from '../connection/revocation';
import type { TokenStore } from '../connection/token-store';
import { type CompanyScope, sameScope } from '../domain/scope';
import type { createRunHistory } from '../jobs/run-history';
import type { JobRunner } from '../jobs/types';
import type { PopupState } from '../messaging/views';
import { staleTabIssueText } from '../popup/words/page-issues';
import type { PreflightStore } from '../preflight/preflight-store';
import type { PageIssues } from '../selection/page-issues';
import { selectionStamp } from '../selection/stamp';
import type { SelectionStore } from '../selection/store';
import type { StorageArea } from '../storage/area';
import { auditView } from './audit-view';
import type { CompanyView } from './company-view';
import type { TabsApi } from './deps';
import { elsewhere } from './elsewhere';
import { companiesWithData } from './local-data';
import { buildPopupState } from './popup-state';
import type { PreflightService } from './preflight-service';
import { readPreparer } from './preparer';
import { createRestoreAttachmentsView } from './restore-attachments-view';
import type { ViewNotices } from './view-notices';

/** What the popup's state is read from. */
export interface ViewStateDeps extends Pick<CompanyView, 'currentScope' | 'hasToken' | 'latestJob'> {
  tokens: Pick<TokenStore, 'getConnection' | 'list'>;
  revocations: Pick<Revocations, 'failed'>;
  companyNames: Pick<ReturnType<typeof createCompanyNames>, 'get' | 'label'>;
  selection: Pick<SelectionStore, 'lastPage' | 'read' | 'readChoice' | 'readPageTicked' | 'readRows'>;
  preflightStore: Pick<PreflightStore, 'read'>;
  preflight: Pick<PreflightService, 'isRunning'>;
  pageIssues: Pick<PageIssues, 'view'>;
  runHistory: Pick<ReturnType<typeof createRunHistory>, 'read'>;
  runner: Pick<JobRunner, 'getRecords' | 'listJobs' | 'unreadableJobs'>;
  audit: Pick<AuditLog, 'stats' | 'companies' | 'read'>;
  /** tabs.get: a stale tab's alert goes when its tab is closed. */
  tabs?: TabsApi;
  local: StorageArea;
  now: () => number;
  /** Called on every change (the badge redraws). */
  onChange: () => void;
}

export function createViewState(deps: ViewStateDeps) {
  const { tokens, companyNames, selection, runner } = deps;
  // Unique per worker life, so a popup's sinceVersion from before a restart never matches by chance.
  let version = deps.now();
  let notice: (NonNullable<PopupState['notice']> & { scope?: CompanyScope }) | undefined;
  let lastPollAt = 0;
  const attachmentOutcomes = createRestoreAttachmentsView(deps.audit);

  function changed(): void {
    version += 1;
    deps.onChange();
  }

  async function state(): Promise<PopupState> {
    // The version as of the first read: a change landing while this view is assembled (a chunk
    // committed between reading the job and its records) bumps past it, so the next poll refetches.
    const asOf = version;
    const scope = await deps.currentScope();
    const connection = scope ? await tokens.getConnection(scope) : undefined;
    const lastPage = await selection.lastPage();
    const job = scope ? await deps.latestJob(scope) : undefined;
    const jobRows = job ? await runner.getRecords(job.id) : [];
    const connections = await Promise.all(
      (await tokens.list()).map(async (c) => ({
        realmId: c.realmId,
        environment: c.environment,
        method: c.method,
        needsReconnect: c.needsReconnect ?? false,
        disconnecting: c.disconnecting ?? false,
        revokePending: await deps.revocations.failed(c),
        endInQuickBooks: c.endInQuickBooks ?? false,
        hasToken: await deps.hasToken(c),
        // Read once per company (CompanyInfo), so every connected client is named.
        companyName: await companyNames.get(c),
      })),
    );
    const selected = scope ? await selection.read(scope) : {};
    const checked = scope ? await deps.preflightStore.read(scope) : undefined;
    const view = buildPopupState({
      version: asOf,
      scope: scope ? { ...scope, stamp: selectionStamp(selected, checked) } : undefined,
      choice: scope ? await selection.readChoice(scope) : undefined,
      connection,
      connections,
      hasToken: scope ? await deps.hasToken(scope) : false,
      environment: scope?.environment ?? lastPage?.environment ?? 'production',
      lastPage: lastPage && (!scope || lastPage.environment === scope.environment) ? lastPage : undefined,
      selection: selected,
      pageTicked: scope ? await selection.readPageTicked(scope) : {},
      rows: scope ? await selection.readRows(scope) : {},
      pageIssues: await deps.pageIssues.view({
        tabOpen: async (tabId) => !deps.tabs || (await deps.tabs.get(tabId).then(Boolean, () => false)),
        name: (realmId, environment) => companyNames.label({ realmId, environment }),
        word: staleTabIssueText,
      }),
      recentRuns: scope ? await deps.runHistory.read(scope) : [],
      companyName: connection ? await companyNames.get(connection) : undefined,
      // The page's company by name before connecting too: the service's once read, else its page's header's.
      pageCompanyName: lastPage ? await companyNames.label(lastPage) : undefined,
      preflight: checked,
      preflightRunning: scope ? deps.preflight.isRunning(scope) : false,
      job: job
        ? { snapshot: job, rows: jobRows, attachmentOutcomes: await attachmentOutcomes(job, jobRows) }
        : undefined,
      // One client's notice never shows on another client's screen.
      notice:
        notice && (!notice.scope || (scope && sameScope(notice.scope, scope)))
          ? { level: notice.level, text: notice.text }
          : undefined,
      audit: auditView(await deps.audit.stats()),
    });
    view.elsewhere = await elsewhere(scope, {
      connections,
      jobs: await runner.listJobs(),
      selectedCount: async (s) => Object.keys(await selection.read(s)).length,
      name: (s) => companyNames.label(s),
    });
    view.localData = await companiesWithData(view, {
      auditCompanies: () => deps.audit.companies(),
      jobs: await runner.listJobs(),
      name: (s) => companyNames.label(s),
    });
    view.unreadableJobs = (await runner.unreadableJobs()) || undefined; // damaged saved jobs: named, never run
    view.preparer = await readPreparer(deps.local); // the person's name on the reports, once given
    return view;
  }

  const view: ViewNotices & { polled(): void; version(): number; lastPollAt(): number } = {
    state,
    changed,
    setNotice(next, scope) {
      notice = next && scope ? { ...next, scope: { realmId: scope.realmId, environment: scope.environment } } : next;
      changed();
    },
    polled() {
      lastPollAt = deps.now();
    },
    version: () => version,
    lastPollAt: () => lastPollAt,
  };
  return view;
}
export type ViewState = ReturnType<typeof createViewState>;
