/**
 * Every click names what it acts on (issue 18 §2). A start or a selection change carries the
 * company the view showed and, for a start, a stamp of what the view showed (the selection and each
 * row's status and reviewed version). The background compares them with what it would act on now
 * and refuses a difference with words the person can act on, so a report from another client's tab
 * that lands between the view's last poll and the click never redirects the click.
 */
import { type CompanyScope, sameScope } from '../domain/scope';
import type { BackgroundCore } from './app';

async function nameOf(core: BackgroundCore, scope: CompanyScope): Promise<string> {
  return (await core.companyNames.get(scope, false)) ?? `company ${scope.realmId}`;
}

/**
 * The company the background acts on now, when it is the one the view showed; otherwise the words
 * of the refusal ("This window shows A; QuickBooks switched to B. Check the list again.").
 */
export async function checkViewCompany(
  core: BackgroundCore,
  shown: CompanyScope,
): Promise<{ ok: true; scope: CompanyScope } | { ok: false; error: string }> {
  const current = await core.currentScope();
  if (current && sameScope(current, shown)) return { ok: true, scope: current };
  const was = await nameOf(core, shown);
  if (!current)
    return {
      ok: false,
      error: `This window shows ${was}, which Safe Delete no longer has open. Check the list again.`,
    };
  const now = await nameOf(core, current);
  const env = current.environment !== shown.environment ? ` (${current.environment})` : '';
  return {
    ok: false,
    error: `This window shows ${was}; QuickBooks switched to ${now}${env}. Check the list again.`,
  };
}
