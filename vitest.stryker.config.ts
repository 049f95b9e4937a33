import { statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Vitest configuration for `npm run mutation` (stryker.config.mjs) only: the unit tests of the
// mutated modules (lib/preflight, lib/jobs, lib/qbo, lib/collect/link.ts, lib/audit) and nothing
// else — no e2e, broker, bench, chaos or simulator-only suites. Stryker overrides the pool (one
// thread per worker), coverage and bail itself. Stryker re-runs test files once per mutant, so the
// per-file cost matters: no Preact plugin and a lighter setup (tests/setup.stryker.ts), since none of
// these tests renders a component.

// Suites that start the simulator over loopback or wait on fake-timer schedules: they cover a lot
// of code, so with per-test coverage they are candidates for many mutants; running them last lets
// a quick unit test kill the mutant first (Stryker bails on the first failure).
const SLOW =
  /\.sim\.test\.ts$|link-fast-path|audit\/log\.test\.ts$|jobs\/(rules|waits|restart|fallback-and-control|smoke)\.test\.ts$/;

/** Fastest files first: the unit tests by size (smallest first), the slow suites last. */
class FastestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      // Tests are named by the behaviour they pin, not by the tool that found it (issue 19): size orders them.
      return SLOW.test(spec.moduleId) ? 1 : 0;
    };
    const size = (spec: TestSpecification): number => {
      try {
        return statSync(spec.moduleId).size;
      } catch {
        return Number.MAX_SAFE_INTEGER;
      }
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || size(a) - size(b));
  }
}

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'node',
    include: [
      'tests/preflight/**/*.test.ts',
      'tests/qbo/**/*.test.ts',
      'tests/audit/**/*.test.ts',
      'tests/collect/link*.test.ts',
      'tests/jobs/**/*.test.ts',
      'tests/journal/**/*.test.ts',
      // Tests of mutated modules that live beside their callers: the stores moved into lib/jobs and
      // lib/preflight (tests/background/stores.test.ts), the window and created-since reads of lib/qbo
      // (tests/resolve, tests/restore), the stored items' migrations (tests/storage).
      'tests/background/stores.test.ts',
      'tests/resolve/**/*.test.ts',
      'tests/restore/**/*.test.ts',
      'tests/storage/**/*.test.ts',
    ],
    exclude: [
      'node_modules/**',
      // 25,000 records through the whole runner (over a minute on its own): an end-to-end check of
      // "no snapshot lost", not a unit test; lib/audit and lib/jobs have their own unit tests.
      'tests/audit/snapshots-never-lost.test.ts',
    ],
    setupFiles: ['tests/setup.stryker.ts'],
    // Generous: Stryker runs these on a busy machine, and its own timeout catches endless loops.
    testTimeout: 60_000,
    sequence: { sequencer: FastestFirstSequencer },
  },
});
