/**
 * Other clients with something in hand: the view shows one company, the client in
 * view; a selection or a running deletion of another company is named at its top instead of being
 * out of sight. Built from the companies this device knows: the connected ones and those with jobs.
 */
import { isActiveJobState } from '../domain/jobs';
import { type CompanyScope, sameScope, scopeKey } from '../domain/scope';
import type { ElsewhereView } from '../messaging/views';

export interface ElsewhereSources {
  connections: readonly CompanyScope[];
  jobs: readonly (CompanyScope & { status: string })[];
  selectedCount: (scope: CompanyScope) => Promise<number>;
  name: (scope: CompanyScope) => Promise<string | undefined>;
}

export async function elsewhere(
  current: CompanyScope | undefined,
  sources: ElsewhereSources,
): Promise<ElsewhereView[]> {
  const companies = new Map<string, CompanyScope>();
  for (const c of [...sources.connections, ...sources.jobs]) {
    const scope = { realmId: c.realmId, environment: c.environment };
    if (!current || !sameScope(scope, current)) companies.set(scopeKey(scope), scope);
  }
  const out: ElsewhereView[] = [];
  for (const scope of companies.values()) {
    const jobActive = sources.jobs.some((j) => sameScope(j, scope) && isActiveJobState(j.status));
    const selected = await sources.selectedCount(scope);
    if (selected === 0 && !jobActive) continue;
    out.push({ ...scope, companyName: await sources.name(scope), selected, jobActive });
  }
  return out;
}
