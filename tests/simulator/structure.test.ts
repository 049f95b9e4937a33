import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The simulator's own structure: small files, and every rule of the document findable by name in
// the code (a `// R1:` style comment) and in a test title.
const dir = new URL('./', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
const source = files.filter((f) => !f.endsWith('.test.ts'));
const tests = files.filter((f) => f.endsWith('.test.ts'));
const read = (f: string) => readFileSync(new URL(f, dir), 'utf8');

describe('simulator structure', () => {
  it.each(source)('%s stays under 300 lines', (file) => {
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
