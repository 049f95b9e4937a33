/**
 * The connect screen's words: the one line above "Connect to QuickBooks" names the company open in
 * QuickBooks as its page's header showed it (or as the service names it), and what waits for it.
 */

/** "Connect Redwood Roofing & Gutters, open in QuickBooks, to check the 58 selected." */
export function connectStepText(company: string | undefined, selected: number): string {
  const waiting = selected > 0 ? `, to check the ${selected.toLocaleString()} selected` : '';
  return `Connect ${company ?? 'the company'}, open in QuickBooks${waiting}.`;
}
