/**
 * What the popup says about a QuickBooks tab whose rows it does not take (the stale-tab alert), from
 * the page issue's code (lib/selection/page-issues.ts): the tab still shows another company than
 * QuickBooks has open now, or its address names another company than the cookie. Pure.
 */
import type { NamedCompany, StaleTabWhy } from '../../domain/refusals';

/** The stale-tab alert when neither company can be named. */
export const STALE_TAB_TEXT = 'This tab still shows another company. Reload it.';

/** What the popup says about a page whose address names another company than the cookie. */
export const ADDRESS_DISAGREES_TEXT =
  "This tab's address names another company than the one QuickBooks has open, so Safe Delete cannot tell whose transactions it shows. Nothing ticked on it is selected. Open the company again from QuickBooks' company menu, then reload the tab.";

/** What the stale-tab alert says: both companies by name when known, never "another company" then. */
export function staleTabText(shows: string | undefined, open: string | undefined): string {
  if (!shows || !open) return STALE_TAB_TEXT;
  return `This tab still shows ${shows}, but QuickBooks now has ${open} open. Reload it.`;
}

/** "Acme Ltd", or "company 9130357766412345" for a company known by its Id only. */
const companyWords = (company: NamedCompany | undefined): string | undefined =>
  company && (company.name ?? `company ${company.realmId}`);

/** The alert for a stale tab, from why and (when known) the company it shows and the one open now. */
export function staleTabIssueText(why: StaleTabWhy, shows?: NamedCompany, open?: NamedCompany): string {
  return why === 'addressDisagrees' ? ADDRESS_DISAGREES_TEXT : staleTabText(companyWords(shows), companyWords(open));
}
