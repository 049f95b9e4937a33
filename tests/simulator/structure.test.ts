import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The simulator's own structure: small files, and every rule of the document findable by name in
// the code (a `// R1:` style comment) and in a test title. The simulator lives in tools/simulator/,
// its tests here.
const sourceDir = new URL('../../tools/simulator/', import.meta.url);
const testDir = new URL('./', import.meta.url);
const source = readdirSync(sourceDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => new URL(f, sourceDir));
const tests = readdirSync(testDir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => new URL(f, testDir));
/** The tests' own helpers (test-helpers.ts, oauth-test-helpers.ts) stay small too. */
const helpers = readdirSync(testDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => new URL(f, testDir));
const read = (f: URL) => readFileSync(f, 'utf8');
const name = (f: URL) => f.pathname.split('/').pop() ?? '';

describe('simulator structure', () => {
  it('has its sources in tools/simulator and no test there', () => {
    expect(source.length).toBeGreaterThan(20);
    expect(readdirSync(sourceDir).filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });

  it.each([...source, ...helpers].map((f) => [name(f), f] as const))('%s stays under 300 lines', (_name, file) => {
    expect(read(file).split('\n').length).toBeLessThanOrEqual(300);
  });

  it.each(['R1', 'R2', 'R3', 'R4', 'R5', '1040', '3001', '2170', '610', '6540'])(
    'rule %s is named where it is implemented and in a test title',
    (rule) => {
      const implemented = source.some((f) => new RegExp(`(//|\\*) ${rule}[:\\s]`).test(read(f)));
      const tested = tests.some((f) => new RegExp(`it(\\.each\\([^)]*\\))?\\(\\s*[\`'"]${rule}[:\\s(]`).test(read(f)));
      expect(implemented, 'implementation comment').toBe(true);
      expect(tested, 'test title').toBe(true);
    },
  );
});
