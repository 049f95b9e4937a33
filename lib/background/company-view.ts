/**
 * Which company the views are about, and what the background knows of it: the company in view (the
 * last page's, whose company picks its connection, else the latest connection's), whether it can be
 * called, and its latest job.
 */
import type { TokenStore } from '../connection/token-store';
import { isActiveJobState } from '../domain/jobs';
import { type CompanyScope, sameScope } from '../domain/scope';
import type { JobRunner, JobSnapshot } from '../jobs/types';
import type { SelectionStore } from '../selection/store';

export const isActiveJob = (job: JobSnapshot) => isActiveJobState(job.status);

export interface CompanyViewDeps {
  selection: Pick<SelectionStore, 'lastPage'>;
  tokens: Pick<TokenStore, 'latest' | 'getConnection' | 'getToken' | 'getRefreshToken'>;
  runner: Pick<JobRunner, 'listJobs'>;
}

export function createCompanyView({ selection, tokens, runner }: CompanyViewDeps) {
  return {
    /** The company the popup is about: the last page's, else the latest connection's. */
    async currentScope(): Promise<CompanyScope | undefined> {
      const page = await selection.lastPage();
      if (page) return { realmId: page.realmId, environment: page.environment };
      const c = await tokens.latest();
      return c ? { realmId: c.realmId, environment: c.environment } : undefined;
    },
    /** A company can be called: it has an access token, or a refresh token that gets one. */
    async hasToken(scope: CompanyScope): Promise<boolean> {
      const c = await tokens.getConnection(scope);
      if (!c || c.needsReconnect) return false;
      return (await tokens.getToken(scope)) !== undefined || (await tokens.getRefreshToken(scope)) !== undefined;
    },
    async latestJob(scope: CompanyScope): Promise<JobSnapshot | undefined> {
      const jobs = (await runner.listJobs()).filter((j) => sameScope(j, scope));
      return jobs.sort((a, b) => b.createdAt - a.createdAt)[0];
    },
  };
}
export type CompanyView = ReturnType<typeof createCompanyView>;
