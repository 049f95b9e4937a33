/**
 * Gzip sizes of the production build (.output/chrome-mv3), grouped the way the figures are asked:
 * popup JS (the popup page's module and its chunks), background, content script, CSS, total (every
 * file, icons and manifest included). gzip level 9, as a store or CDN would serve it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSizes {
  dir: string;
  popupJs: number;
  background: number;
  content: number;
  css: number;
  total: number;
  /** Raw (not gzipped) total, for reference. */
  rawTotal: number;
  files: { file: string; raw: number; gzip: number }[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Scripts popup.html loads, plus the chunks they import statically (one level is enough for WXT). */
function popupScripts(dir: string): Set<string> {
  const html = readFileSync(path.join(dir, 'popup.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]!);
  const out = new Set<string>();
  for (const rel of scripts) {
    out.add(rel);
    const code = readFileSync(path.join(dir, rel), 'utf8');
    for (const m of code.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g))
      out.add(path.posix.join(path.posix.dirname(rel), m[1]!));
  }
  return out;
}

export function measureBundleSizes(dir = path.resolve('.output/chrome-mv3')): BundleSizes {
  const files = walk(dir).map((full) => {
    const body = readFileSync(full);
    return {
      file: path.relative(dir, full).split(path.sep).join('/'),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    };
  });
  const popup = popupScripts(dir);
  const sum = (test: (f: string) => boolean) => files.filter((f) => test(f.file)).reduce((n, f) => n + f.gzip, 0);
  return {
    dir,
    popupJs: sum((f) => popup.has(f)),
    background: sum((f) => f === 'background.js'),
    content: sum((f) => f.startsWith('content-scripts/') && f.endsWith('.js')),
    css: sum((f) => f.endsWith('.css')),
    total: sum(() => true),
    rawTotal: files.reduce((n, f) => n + f.raw, 0),
    files,
  };
}
