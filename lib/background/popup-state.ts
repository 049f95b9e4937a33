/** Assembles the popup's view from the stores: the only shape extension pages ever see (no token). */
import type { Connection } from '../connection/connections';
import type { Environment } from '../domain/ids';
import { entityOfShownType } from '../domain/shown-type';
import type { JobRecordRow, JobSnapshot } from '../jobs/types';
import type { PageTickedRowView, PopupState, SelectionRow, UnresolvedRow } from '../messaging/views';
import type { StoredPreflight } from '../preflight/preflight-store';
import { isPageTickedRow, type PageTickedRow, type Rows } from '../selection/rows';
import type { LastPage, PageTickedItem, SelectedItem } from '../selection/store';
import { toJobView } from './job-view';
import type { AttachmentOutcomesByKey } from './restore-attachments-view';

export interface StateInputs {
  version: number;
  /** The company this view shows and the stamp of its selection as checked. */
  scope?: PopupState['scope'];
  /** What the selection's click does (stored with the selection). */
  choice?: PopupState['choice'];
  connection?: Connection;
  connections?: PopupState['connections'];
  hasToken: boolean;
  environment: Environment;
  lastPage?: LastPage;
  selection: Record<string, SelectedItem>;
  /** Records, and rows known by what they show (keyed `row:…`), ticked by the page. */
  pageTicked?: Record<string, PageTickedItem>;
  /** Ticked rows known by what they show, not resolved to one record. */
  rows?: Rows;
  pageIssues?: PopupState['pageIssues'];
  recentRuns?: PopupState['recentRuns'];
  companyName?: string;
  pageCompanyName?: string;
  preflight?: StoredPreflight;
  preflightRunning: boolean;
  /** `attachmentOutcomes`: a finished restore's, by record key (./restore-attachments-view.ts). */
  job?: { snapshot: JobSnapshot; rows: JobRecordRow[]; attachmentOutcomes?: AttachmentOutcomesByKey };
  notice?: PopupState['notice'];
  audit?: PopupState['audit'];
}

export function selectionRows(
  selection: Record<string, SelectedItem>,
  preflight: StoredPreflight | undefined,
): SelectionRow[] {
  return Object.entries(selection)
    .map(([key, item]) => {
      const row = preflight?.rows[key];
      const r = row?.reviewed;
      return {
        key,
        entity: item.entity,
        id: item.id,
        shownAt: item.shownAt,
        tickedAt: item.tickedAt,
        shown: item.shown,
        status: row?.status,
        blockers: row?.blockers ?? [],
        warnings: row?.warnings ?? [],
        txnDate: r?.txnDate,
        docNumber: r?.docNumber,
        party: r?.party,
        amount: r?.totalAmt,
        currency: r?.currency,
        linked: row?.linked,
      };
    })
    .sort((a, b) => (a.txnDate ?? '').localeCompare(b.txnDate ?? '') || a.key.localeCompare(b.key));
}

/**
 * The page-ticked list as the popup lists it: a record as a selected row, a row known by what it
 * shows with what it shows (its key the row key, no Id). Its type is the one it shows, else the one
 * its page lists when the page lists only one; else it has none: the panel names it by what it
 * shows, never by a type made up for it.
 */
export function pageTickedRows(items: Record<string, PageTickedItem>): PageTickedRowView[] {
  const records: Record<string, SelectedItem> = {};
  const shownRows: PageTickedRow[] = [];
  for (const [key, item] of Object.entries(items)) {
    if (isPageTickedRow(item)) shownRows.push(item);
    else records[key] = item;
  }
  const fromRows = shownRows.map(
    (r): PageTickedRowView => ({
      key: r.rowKey,
      entity:
        (r.shown.type === undefined ? undefined : entityOfShownType(r.shown.type)) ??
        (r.entities?.length === 1 ? r.entities[0] : undefined),
      id: '',
      shownAt: r.shownAt,
      tickedAt: r.tickedAt,
      shown: r.shown,
      blockers: [],
      warnings: [],
    }),
  );
  return [...selectionRows(records, undefined), ...fromRows.sort((a, b) => a.key.localeCompare(b.key))];
}

/** Rows known by what they show that are not one record (yet), oldest tick first. */
export function unresolvedRows(rows: Rows): UnresolvedRow[] {
  const STATUS = { none: 'notFound', several: 'ambiguous', unreadable: 'unreadable' } as const;
  return Object.values(rows)
    .map((r) => ({
      rowKey: r.rowKey,
      shown: r.shown,
      tickedAt: r.tickedAt,
      status: r.outcome ? STATUS[r.outcome.kind] : ('identifying' as const),
      candidates: r.outcome?.kind === 'several' ? r.outcome.candidates : [],
    }))
    .sort((a, b) => a.tickedAt - b.tickedAt || a.rowKey.localeCompare(b.rowKey));
}

/** Selected rows the job did not take: the check left them alone (for the result's tie-out). */
function leftAlone(selection: Record<string, SelectedItem>, rows: readonly JobRecordRow[]): number {
  const taken = new Set(rows.map((r) => r.key));
  return Object.keys(selection).filter((k) => !taken.has(k)).length;
}

export function buildPopupState(input: StateInputs): PopupState {
  return {
    version: input.version,
    connection: {
      realmId: input.connection?.realmId,
      environment: input.connection?.environment ?? input.environment,
      hasToken: input.hasToken,
      remember: input.connection?.remember ?? false,
      tokenExpiresAt: input.connection?.tokenExpiresAt,
      pageRealmId: input.lastPage?.realmId,
      method: input.connection?.method,
      needsReconnect: input.connection?.needsReconnect,
      companyName: input.companyName,
      pageCompanyName: input.pageCompanyName,
    },
    selection: selectionRows(input.selection, input.preflight),
    // Never checked, never deleted: shown apart with what the page showed, until the person adds them.
    pageTicked: pageTickedRows(input.pageTicked ?? {}),
    pageIssues: input.pageIssues,
    unresolved: unresolvedRows(input.rows ?? {}),
    recentRuns: input.recentRuns ?? [],
    connections: input.connections ?? [],
    preflight: input.preflight
      ? { at: input.preflight.at, running: input.preflightRunning, error: input.preflight.error }
      : input.preflightRunning
        ? { at: 0, running: true }
        : undefined,
    job: input.job
      ? toJobView(
          input.job.snapshot,
          input.job.rows,
          leftAlone(input.selection, input.job.rows),
          input.job.attachmentOutcomes,
        )
      : undefined,
    notice: input.notice,
    audit: input.audit,
    scope: input.scope,
    choice: input.choice,
  };
}
