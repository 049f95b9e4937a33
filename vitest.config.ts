import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Default environment is node (real fetch against the simulator over loopback);
// DOM tests opt in with `// @vitest-environment happy-dom`.
export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
    // Forks, two at a time: Vitest's default is one fewer than the cores, which is ONE worker on the
    // 2-core machine `npm test` runs on (measured: tests/qbo 67.7 s → 49.0 s wall with two).
    pool: 'forks',
    maxWorkers: 2,
  },
});
