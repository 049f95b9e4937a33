/**
 * Which tab of the bank feed the page shows, told by the tab's TEXT and the page's address, never by
 * a pressed state alone (public code that automates the web app shows tab buttons
 * `[data-testid^="segmentedBTN"]` reading "For review (N)" / "Categorized" / "Excluded", or "Pending (N)"
 * / "Posted", and no `aria-pressed` or `aria-selected` on them). Only Categorized / Posted rows are
 * recorded transactions; For review / Pending and Excluded rows are bank lines. A page whose tab
 * cannot be told is `unknown`: nothing on it is collected, as a bank line taken for a transaction
 * would be resolved to whatever recorded transaction shares its date and amount.
 *
 * The shown tab, in order: the one tab marked pressed or selected, when exactly one is; then the
 * address (`?tab=`, a guess: no public source shows how the web app writes the tab into its address).
 * When both speak and disagree, the tab is unknown.
 */
import { appSlugOf } from '../domain/web-app';
import { BANK_TAB_SELECTOR } from './selectors';

/** Not a bank feed; its Categorized / Posted tab (recorded); a tab of bank lines; a tab not told. */
export type BankTabKind = 'none' | 'recorded' | 'bankLines' | 'unknown';

const RECORDED = /^\s*(categori[sz]ed|posted|recorded)\b/i;
const BANK_LINES = /^\s*(pending|for[\s_-]*review|excluded|review)\b/i;

/** What a tab's words say: recorded, bank lines, or nothing known. */
export function tabKindOf(words: string): BankTabKind {
  if (RECORDED.test(words)) return 'recorded';
  if (BANK_LINES.test(words)) return 'bankLines';
  return 'unknown';
}

const isPressed = (tab: Element) =>
  tab.getAttribute('aria-pressed') === 'true' || tab.getAttribute('aria-selected') === 'true';

function addressTab(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.searchParams.get('tab') ?? undefined;
  } catch {
    return undefined;
  }
}

function isBankFeedUrl(url: string): boolean {
  try {
    return appSlugOf(new URL(url).pathname) === 'banking';
  } catch {
    return false;
  }
}

/** The bank-feed tab `doc` shows at `url` ('none' off the bank feed). */
export function bankTabOf(doc: ParentNode, url: string): BankTabKind {
  const tabs = Array.from(doc.querySelectorAll(BANK_TAB_SELECTOR));
  if (tabs.length === 0 && !isBankFeedUrl(url)) return 'none';
  const pressed = tabs.filter(isPressed);
  const byState = pressed.length === 1 ? tabKindOf(pressed[0]?.textContent ?? '') : undefined;
  const asked = addressTab(url);
  const byAddress = asked === undefined ? undefined : tabKindOf(asked);
  if (byState !== undefined && byAddress !== undefined && byState !== byAddress) return 'unknown';
  return byState ?? byAddress ?? 'unknown';
}
