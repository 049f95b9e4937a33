/**
 * The company's name as the page shows it: the web app names the open company at the top of its
 * left navigation and on its header's company menu. No public source shows that markup, so this
 * reader is tolerant: a few candidate places (a test id, an automation id, a company-name class),
 * the first that holds something like a name wins; the document's title only when it clearly names
 * the company between the page's name and "QuickBooks" ("Invoices | Maple Street Bakery LLC |
 * QuickBooks"). What it reads is a label for the person, never who the company is: the background
 * keys everything by the company's Id and takes this text as data only.
 */
import { COMPANY_NAME_PLACES, HIDDEN_SELECTOR } from './selectors';

/** The longest name sent: a longer one is clipped (the popup shows it on one line). */
export const MAX_COMPANY_NAME = 100;
/** An element with more text than this is a wrapper, not a name. */
const MAX_TEXT = 400;
const MAX_CANDIDATES = 10;

/** Words the header shows that are not a company's name. */
const NOT_NAMES = new Set([
  'home',
  'dashboard',
  'menu',
  'settings',
  'company',
  'my company',
  'your company',
  'quickbooks',
  'quickbooks online',
  'intuit quickbooks',
  'intuit',
  'loading',
  'loading…',
  'loading...',
]);

const QUICKBOOKS = /^(intuit )?quickbooks( online)?$/i;

/** The text as a name: spaces collapsed, clipped to MAX_COMPANY_NAME characters; undefined when it is not one. */
export function asCompanyName(text: string | null | undefined): string | undefined {
  if (!text || text.length > MAX_TEXT) return undefined;
  // Control characters and bidirectional overrides are dropped: the name is shown as plain text.
  const name = text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (name === '' || NOT_NAMES.has(name.toLowerCase()) || /^\d+$/.test(name)) return undefined;
  const chars = Array.from(name);
  return chars.length > MAX_COMPANY_NAME ? chars.slice(0, MAX_COMPANY_NAME).join('').trimEnd() : name;
}

/** The company named by a title "<page> | <company> | QuickBooks" (or with " - "); otherwise none. */
export function companyNameOfTitle(title: string): string | undefined {
  for (const separator of [' | ', ' - ']) {
    const parts = title.split(separator).map((p) => p.trim());
    if (parts.length === 3 && QUICKBOOKS.test(parts[2] ?? '') && parts[0] !== '') return asCompanyName(parts[1]);
  }
  return undefined;
}

/** The company's name the page shows, or undefined when it shows none this reader can tell. */
export function readCompanyName(doc: Pick<Document, 'querySelectorAll' | 'title'>): string | undefined {
  return createCompanyNameReader()(doc);
}

/** Reads the name, trying the element that answered last time before searching the page again. */
export function createCompanyNameReader(): (doc: Pick<Document, 'querySelectorAll' | 'title'>) => string | undefined {
  let last: Element | undefined;
  return (doc) => {
    const cached = last?.isConnected && !last.closest(HIDDEN_SELECTOR) ? asCompanyName(last.textContent) : undefined;
    if (cached !== undefined) return cached;
    last = undefined;
    const candidates = doc.querySelectorAll(COMPANY_NAME_PLACES);
    for (let i = 0; i < candidates.length && i < MAX_CANDIDATES; i++) {
      const el = candidates[i] as Element;
      if (el.closest(HIDDEN_SELECTOR)) continue;
      const name = asCompanyName(el.textContent);
      if (name !== undefined) {
        last = el;
        return name;
      }
    }
    return companyNameOfTitle(doc.title ?? '');
  };
}
