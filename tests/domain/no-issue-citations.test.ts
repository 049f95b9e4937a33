/**
 * Comments explain the code, not its history: no issue text lives in the repository, so "issue 21 §7"
 * in a comment tells a reader nothing. The product's code (lib, components, entrypoints) cites none.
 */
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from '../support/imports';

const CITATION = /\bissues? #?\d+/i;

/** `file:line: text` for each line that cites an issue by number. */
function citations(files: readonly string[], read: (path: string) => string | undefined): string[] {
  const found: string[] = [];
  for (const file of files) {
    (read(file) ?? '').split('\n').forEach((line, i) => {
      if (CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('no comment cites an issue by number', () => {
  it('finds a citation where there is one (the rule is not vacuous)', () => {
    const files = { 'a.ts': '// fine\n/** Read once (issue 21 §1). */', 'b.tsx': '{/* Issue 22: the find tools */}' };
    expect(citations(Object.keys(files), (f) => files[f as keyof typeof files])).toEqual([
      'a.ts:2: /** Read once (issue 21 §1). */',
      'b.tsx:1: {/* Issue 22: the find tools */}',
    ]);
  });

  it('lib, components and entrypoints cite none', () => {
    const files = ['lib', 'components', 'entrypoints'].flatMap((dir) => sourceFiles(dir));
    expect(files.length).toBeGreaterThan(100);
    expect(citations(files, readSource)).toEqual([]);
  });
});
