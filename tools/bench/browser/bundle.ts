/** Bundles a page-side entry (./browser/*-entry.ts) into one IIFE string with esbuild (wxt/vite's). */
import { build } from 'esbuild';

export async function bundleForPage(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Components that import their own CSS (the full view's find tools): the page's styles are
    // injected by each tool, so the import itself is empty here.
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
