import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Default environment is node (real fetch against the simulator over loopback);
// DOM tests opt in with `// @vitest-environment happy-dom`.
const DOM_PRAGMA = '@vitest-environment happy-dom';

/** Every test file under tests/ but the browser suites, split by whether it opts in to the DOM. */
function testFiles(): { dom: string[]; node: string[] } {
  const files = readdirSync('tests', { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('tests', file.split(path.sep).join('/')))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/e2e'))
    .sort();
  const dom = files.filter((file) => readFileSync(file, 'utf8').includes(DOM_PRAGMA));
  return { dom, node: files.filter((file) => !dom.includes(file)) };
}

const { dom, node } = testFiles();

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    environment: 'node',
    // No include here: a project's include would add to it, and each project names its own files.
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
    // Forks, two at a time: Vitest's default is one fewer than the cores, which is ONE worker on the
    // 2-core machine `npm test` runs on (measured: tests/qbo 67.7 s → 49.0 s wall with two).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      // The node-environment files share a worker's module graph (no isolation): each file's own
      // state is set up by the file and tests/setup.ts (a new IndexedDB per test). Measured on 64 of
      // them (tests/domain, qbo, resolve, selection), side by side: 54.6 s of CPU isolated, 15.1 s not.
      { extends: true, test: { name: 'node', include: node, isolate: false } },
      // The DOM files stay isolated: run without it, some read another file's leftovers (a report
      // download, a pause line), so each gets a fresh worker and a fresh happy-dom.
      { extends: true, test: { name: 'dom', include: dom } },
    ],
  },
});
