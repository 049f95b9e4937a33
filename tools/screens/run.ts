/**
 * `npx tsx tools/screens/run.ts [outdir] [name]`: screenshots of popup states at the real popup size
 * (460 × 600) and the full view (1280 × 800), from fixture states, in Debian Chromium, with the
 * popup's own CSS (only the states whose name holds `name`, when given). For looking at every screen
 * while changing the layout; prints the figures the screens spec checks (rows visible, the button
 * within 600 px, horizontal scroll, cut identifying cells, overlapping cells).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../bench/browser/launch';
import { measureRows } from './measure';
import { screenHarness } from './render';
import { SCREENS } from './states';

const out = path.resolve(process.argv[2] ?? 'test-results/screens');
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  const harness = await screenHarness(browser);
  for (const screen of SCREENS.filter((s) => !process.argv[3] || s.name.includes(process.argv[3]))) {
    for (const full of screen.views ?? [false, true]) {
      const page = await harness.open(screen.state, full);
      const file = path.join(out, `${screen.name}-${full ? 'full' : 'popup'}.png`);
      await page.screenshot({ path: file });
      const figures = await page.evaluate(() => {
        const rows = [...document.querySelectorAll('li.row')].filter((r) => {
          const b = r.getBoundingClientRect();
          const amount = r.querySelector('.row-amount')?.getBoundingClientRect();
          return b.top >= 0 && b.bottom <= innerHeight && !!amount && amount.right <= innerWidth && amount.width > 0;
        }).length;
        const button = document.querySelector('button.danger')?.getBoundingClientRect();
        return {
          rowsVisible: rows,
          buttonBottom: button ? Math.round(button.bottom) : undefined,
          horizontalScroll: document.documentElement.scrollWidth > innerWidth,
        };
      });
      const rows = await page.evaluate(measureRows);
      console.log(`${path.relative(process.cwd(), file)}  ${JSON.stringify({ ...figures, ...rows })}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
