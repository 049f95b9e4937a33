// `npm run test:broker:workerd`: the broker bundled as a Worker and run in workerd (Cloudflare's
// runtime) through miniflare. Kept out of the default suite: it needs the workerd binary.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['tests/broker/**/*.workerd.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
