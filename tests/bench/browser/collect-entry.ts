/** Page-side entry for the collector figure (bundled to an IIFE, injected with page.addScriptTag). */
import { collectRows } from '../../../lib/collect/rows';

function run(): { ms: number; rows: number; ignored: number } {
  const start = performance.now();
  const { rows, ignored } = collectRows(document, location.href);
  const ms = performance.now() - start;
  return { ms, rows: rows.length, ignored: Object.values(ignored).reduce((n, v) => n + (v ?? 0), 0) };
}

(globalThis as { __benchCollect?: typeof run }).__benchCollect = run;
