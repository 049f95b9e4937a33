/**
 * The tests' own structure (issue 19): a test is named by the behaviour it pins and lives in its
 * module's test file, not in a file named after the tool that found the gap; and a test needing a
 * client builds it with tools/support/fake-client.ts, whose unsupplied calls fail by name, instead
 * of casting a partial object (whose missing calls fail as "undefined is not a function", or not
 * at all when the code under test catches the error).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const TESTS = join(ROOT, 'tests');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path) : [relative(ROOT, path).split('\\').join('/')];
  });
}

const code = filesUnder(TESTS).filter((f) => /\.(ts|tsx|mts)$/.test(f));

describe('test files are named by what they test', () => {
  it('no test file is named after the mutation tool', () => {
    expect(code.filter((f) => /mutant/i.test(f.split('/').pop() ?? ''))).toEqual([]);
  });
});

describe('one fake client', () => {
  it('no test casts a partial object to a QboClient (tools/support/fake-client.ts is the one that may)', () => {
    const cast = /as\s+unknown\s+as\s+Qbo(Client|FindReads)\b/;
    const casting = code.filter((f) => cast.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(casting).toEqual([]);
  });
});
