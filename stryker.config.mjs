// Mutation testing: `npm run mutation` (not part of `npm test`: it takes tens of minutes on 2 cores).
// One directory at a time while iterating:
//   npx stryker run --mutate 'lib/qbo/**/*.ts' --concurrency 1
// Reports: reports/mutation/ (clear text on the console, mutation.html, mutation.json).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: {
    // Only the unit tests of the mutated modules, fastest files first.
    configFile: 'vitest.stryker.config.ts',
    related: true,
  },
  mutate: [
    'lib/preflight/**/*.ts',
    'lib/jobs/**/*.ts',
    'lib/qbo/**/*.ts',
    'lib/collect/link.ts',
    'lib/audit/**/*.ts',
    'lib/domain/csv.ts',
    // The shown values' readers (mutated in lib/preflight before they moved).
    'lib/domain/values/**/*.ts',
  ],
  mutator: {
    // String literals are wording, keys and log text: their mutants are noise for this goal.
    excludedMutations: ['StringLiteral'],
  },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: zod schemas, tables, precompiled regexes) can only be
  // tested by reloading and running every related test file for each one; on 2 cores that costs
  // more than the rest of the run together. They are reported as ignored, not as killed.
  ignoreStatic: true,
  concurrency: 2,
  // The initial run covers every related suite with coverage on; on a shared 2-core machine it
  // takes longer than the default 5 minutes.
  dryRunTimeoutMinutes: 20,
  thresholds: { high: 90, low: 85, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { logTests: false },
  ignorePatterns: [
    '.output',
    'test-results',
    'playwright-report',
    'demo-screenshots',
    'reports',
    '.tmp',
    '.stryker-tmp*',
  ],
  tempDirName: '.stryker-tmp',
};
