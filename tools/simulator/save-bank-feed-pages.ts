/**
 * `npx tsx tools/simulator/save-bank-feed-pages.ts`: renders the bank feed's evidence variants
 * (real-bank-rows.ts) from the same seeded company as save-real-pages.ts and saves one page per
 * variant and tab for the collector's tests as tests/fixtures/pages/sim-bankfeed-<variant>-<tab>.html,
 * each with a comment at the top saying how it was made. Deterministic: running it again writes the
 * same files. The saved page holds the rows the server draws (the first 13 of the page), as a page
 * saved from the browser holds only the rows in view.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from './index';

const OUT = join(import.meta.dirname, '../../tests/fixtures/pages');
const REALM = '9130350000000123';

const PAGES: [string, string, string][] = [
  ['sim-bankfeed-evidence-review.html', 'feed=evidence&tab=review', 'For review tab (bank lines), split grid'],
  ['sim-bankfeed-evidence-categorized.html', 'feed=evidence&tab=categorized', 'Categorized tab (recorded), split grid'],
  [
    'sim-bankfeed-evidence-posted.html',
    'feed=evidence-posted&tab=posted',
    'Posted tab, Pending/Posted names, category in data-props',
  ],
  [
    'sim-bankfeed-evidence-amount.html',
    'feed=evidence-amount&tab=categorized',
    'Categorized tab, the older one Amount column',
  ],
];

const sim = await startSimulator({ now: () => Date.parse('2025-12-31T17:00:00Z') });
try {
  const company = sim.seedCompany({ realmId: REALM, count: 120, seed: 3 });
  sim.setPageCompany(company.realmId);
  for (const [file, query, what] of PAGES) {
    const path = `/app/banking?markup=real&${query}`;
    const html = await (await fetch(`${sim.url}${path}`)).text();
    const note = `<!-- rendered by the simulator (tools/simulator/save-bank-feed-pages.ts): the bank feed, ${what}, GET ${path}, company ${REALM} seeded with {count: 120, seed: 3}. Regenerate: npx tsx tools/simulator/save-bank-feed-pages.ts -->\n`;
    writeFileSync(join(OUT, file), note + html);
    console.log(`${file}: ${html.length} characters`);
  }
} finally {
  await sim.close();
}
