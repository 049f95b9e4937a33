/**
 * `npx tsx tools/screens/run.ts [outdir]`: screenshots of popup states at the real popup size
 * (460 × 600) and the full view (1280 × 800), from fixture states, in Debian Chromium, with the
 * popup's own CSS. For looking at every screen while changing the layout; prints the figures the
 * issue's acceptance names (rows visible, the button within 600 px, horizontal scroll).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleForPage } from '../bench/browser/bundle';
import { launchChromium } from '../bench/browser/launch';
import { SCREENS } from './states';

const out = path.resolve(process.argv[2] ?? 'test-results/screens');
mkdirSync(out, { recursive: true });
const css = readFileSync('entrypoints/popup/style.css', 'utf8');
const script = await bundleForPage('tools/screens/entry.tsx');
const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><main id="app"></main></body></html>`;
const browser = await launchChromium();
try {
  for (const screen of SCREENS) {
    for (const full of screen.views ?? [false, true]) {
      const viewport = full ? { width: 1280, height: 800 } : { width: 460, height: 600 };
      const page = await browser.newPage({ viewport });
      await page.route('https://screens.invalid/', (r) => r.fulfill({ contentType: 'text/html', body: html }));
      await page.goto('https://screens.invalid/');
      await page.evaluate(([state, f]) => Object.assign(globalThis, { __screenState: state, __screenFull: f }), [
        screen.state,
        full,
      ] as const);
      await page.addScriptTag({ content: script });
      await page.waitForFunction(() => (globalThis as { __screenReady?: boolean }).__screenReady === true);
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
      console.log(`${path.relative(process.cwd(), file)}  ${JSON.stringify(figures)}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
