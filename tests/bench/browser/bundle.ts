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
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}
