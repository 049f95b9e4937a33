/**
 * Every click names what it acts on. A start or a selection change carries the company the view
 * showed and, for a start, a stamp of what the view showed (the selection and each row's status and
 * reviewed version). The background compares them with what it would act on now and refuses a
 * difference with words the person can act on, so a report from another client's tab that lands
 * between the view's last poll and the click never redirects the click.
 */
import { type CompanyScope, sameScope } from '../domain/scope';
import { viewMovedText } from './words/start';

/** What the check reads: the company acted on now, and companies' names for the refusal. */
export interface ViewCompanyDeps {
  currentScope(): Promise<CompanyScope | undefined>;
  companyNames: { get(scope: CompanyScope, fetch: false): Promise<string | undefined> };
}

/**
 * The company the background acts on now, when it is the one the view showed; otherwise the words
 * of the refusal ("This window shows A; QuickBooks switched to B. Check the list again.").
 */
export async function checkViewCompany(
  deps: ViewCompanyDeps,
  shown: CompanyScope,
): Promise<{ ok: true; scope: CompanyScope } | { ok: false; error: string }> {
  const current = await deps.currentScope();
  if (current && sameScope(current, shown)) return { ok: true, scope: current };
  return { ok: false, error: await viewMovedText(shown, current, (s) => deps.companyNames.get(s, false)) };
}
