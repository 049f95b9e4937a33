/**
 * Which companies' data this device keeps, for "Erase this company's local data":
 * every company with audit entries (the snapshots of deleted records) or jobs, every connected
 * company that has any, and the company the view shows when it has a selection, a check or runs.
 * Cheap enough for every view: the audit log counts from its company index (no snapshot is read)
 * and the jobs list is one read; other companies' selections and checks are not read here (a
 * company with nothing but those is offered when its page is open, and erased whole either way).
 */
import type { AuditCompany } from '../audit/log';
import { isActiveJobState } from '../domain/jobs';
import { type CompanyScope, scopeKey } from '../domain/scope';
import type { CompanyDataView, PopupState } from '../messaging/views';

export interface LocalDataSources {
  /** The log's companies; a log that cannot be read counts as none here (the view says why apart). */
  auditCompanies(): Promise<AuditCompany[]>;
  jobs: readonly (CompanyScope & { status: string })[];
  /** A cached company name, never a call to the service. */
  name(scope: CompanyScope): Promise<string | undefined>;
}

export async function companiesWithData(view: PopupState, sources: LocalDataSources): Promise<CompanyDataView[]> {
  const found = new Map<string, CompanyDataView & { other: boolean }>();
  const at = (scope: CompanyScope) => {
    const key = scopeKey(scope);
    const known = found.get(key) ?? {
      realmId: scope.realmId,
      environment: scope.environment,
      connected: false,
      auditEntries: 0,
      notExported: 0,
      jobs: 0,
      jobActive: false,
      other: false,
    };
    found.set(key, known);
    return known;
  };
  for (const c of view.connections) Object.assign(at(c), { connected: true, companyName: c.companyName });
  for (const a of await sources.auditCompanies().catch(() => [])) {
    Object.assign(at(a), { auditEntries: a.entries, notExported: a.notExported });
  }
  for (const job of sources.jobs) {
    const company = at(job);
    company.jobs += 1;
    company.jobActive ||= isActiveJobState(job.status);
  }
  if (view.scope) {
    const current = at(view.scope);
    current.other =
      view.selection.length > 0 || view.pageTicked.length > 0 || view.recentRuns.length > 0 || !!view.preflight;
  }
  const kept = [...found.values()].filter((c) => c.auditEntries > 0 || c.jobs > 0 || c.other);
  return Promise.all(
    kept.map(async ({ other: _, ...company }) => ({
      ...company,
      companyName: company.companyName ?? (await sources.name(company)),
    })),
  );
}
