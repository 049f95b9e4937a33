/**
 * Every CSS selector of the collector sits in lib/collect/selectors.ts, beside the saved pages it must
 * match (tests/collect/selectors.test.ts checks the counts): no other file of lib/collect may pass a
 * literal to a selector API, hold a selector-like string, or declare a selector constant of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutComments } from '../support/imports';

const DIR = join(process.cwd(), 'lib/collect');
const TABLE = 'selectors.ts';
// Subfolders too (layouts/): a selector there would escape the count checks as surely as anywhere.
const files = sourceFiles('lib/collect', /\.ts$/)
  .map((f) => f.slice('lib/collect/'.length))
  .filter((f) => f !== TABLE);

/** The code without its comments (a comment may quote a selector to explain it). */
const codeOf = withoutComments;

/** A selector API called with a string or template literal. */
const LITERAL_CALL =
  /\.(?:querySelector|querySelectorAll|matches|closest|webkitMatchesSelector)\s*(?:<[^>()]*>)?\(\s*['"`]/;
const STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** Attribute selectors, pseudo-classes, a lone class, or a list of tag names: selector syntax, not text. */
const SELECTOR_LIKE = [
  /\[\s*[a-z-]+\s*(?:[~|^$*]?=|\])/i,
  /:(?:not|is|where|has|checked|scope)\b/,
  /^\s*\.[a-z][\w-]*\s*$/,
  /^\s*[a-z][a-z0-9]*(?:\s*,\s*[a-z][a-z0-9]*)+\s*$/,
];
const OWN_SELECTOR_CONSTANT = /\b(?:const|let|var)\s+\w*SELECTOR\w*\s*=/;

function selectorLikeStrings(code: string): string[] {
  return (code.match(STRING) ?? []).filter((literal) => SELECTOR_LIKE.some((re) => re.test(literal.slice(1, -1))));
}

describe('one selector table', () => {
  it.each(files)('%s passes no literal to a selector API', (file) => {
    const code = codeOf(readFileSync(join(DIR, file), 'utf8'));
    expect(code.split('\n').filter((line) => LITERAL_CALL.test(line))).toEqual([]);
  });

  it.each(files)('%s holds no selector-like string and declares no selector of its own', (file) => {
    const code = codeOf(readFileSync(join(DIR, file), 'utf8'));
    expect(selectorLikeStrings(code)).toEqual([]);
    expect(code.split('\n').filter((line) => OWN_SELECTOR_CONSTANT.test(line))).toEqual([]);
  });

  it('the checks see the selectors the collector used to spread over its files', () => {
    const before = [
      'row.querySelector(\'td, th, [role="gridcell"], [role="cell"]\')',
      "previous.target.closest('label')",
      'el.closest(`label`)',
    ];
    for (const line of before) expect(LITERAL_CALL.test(line)).toBe(true);
    expect(selectorLikeStrings('const WRAPS_LIST = \'tr, [role="row"], .dgrid-row, a[href*="txnId"]\';')).toHaveLength(
      1,
    );
    expect(selectorLikeStrings("const ROW = '.dgrid-row';")).toHaveLength(1);
    expect(selectorLikeStrings('const T = \'input[type="checkbox"]:checked\';')).toHaveLength(1);
    expect(OWN_SELECTOR_CONSTANT.test("const TICK_SELECTOR = 'label';")).toBe(true);
    expect(
      selectorLikeStrings("box.setAttribute('aria-label', 'Select for deletion'); el.tagName === 'LABEL'"),
    ).toEqual([]);
  });
});
