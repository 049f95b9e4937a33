/**
 * `npx tsx tools/bench/popup-main.ts` (after `wxt build`, for the built CSS): the popup's figures
 * alone, as run.ts prints them, in seconds instead of the whole bench's minutes. BENCH_POPUP_RUNS=15
 * takes more pages per size (default 5, as run.ts).
 */
import os from 'node:os';
import { launchChromium } from './browser/launch';
import { measurePopupRenders, POPUP_SIZES, popupRows } from './popup-render';
import { renderTable } from './table';

async function main() {
  const browser = await launchChromium();
  try {
    const runs = Number(process.env.BENCH_POPUP_RUNS) || undefined;
    const [few, many, large] = await measurePopupRenders(
      browser,
      [POPUP_SIZES.few, POPUP_SIZES.many, POPUP_SIZES.large],
      runs,
    );
    if (!few || !many || !large) throw new Error('popup figure missing');
    console.log(
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, Chromium ${browser.version()}`,
    );
    console.log(renderTable(popupRows(few, many, large)));
    for (const r of [few, many, large]) {
      console.log(
        `${r.selected}: render ${r.runsMs.map((x) => x.toFixed(1)).join(' ')} | with layout ${r.runsWithLayoutMs.map((x) => x.toFixed(1)).join(' ')} | cpu ${r.runsCpuMs.map((x) => x.toFixed(1)).join(' ')} | rows in DOM ${r.rowElements}`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
