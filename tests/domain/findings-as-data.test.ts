/**
 * Issue 19 §1, findings as data: the popup receives the preflight's findings as facts and words them
 * itself, so nothing in lib/popup or components reads a fact back out of a sentence. A regex there
 * may look only at what is not a finding (an entity's label, a job outcome's label, a typed date);
 * the view a row travels in has no finding text to parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SelectionRowSchema } from '../../lib/messaging/views';

const sources = (dir: string) =>
  readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));
const POPUP = [...sources('lib/popup'), ...sources('components')];
/**
 * Code without its comments (a comment may quote a regex), line by line: a regex literal may hold
 * `/*` or `*\/`, so comments are known by where their line starts, never by a block pattern.
 */
const code = (f: string) =>
  readFileSync(join(process.cwd(), f), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');

/** What each regex match in a source looks at: `re.exec(x)`, `re.test(x)`, `x.match(re)`, `x.matchAll(re)`, `x.search(re)`. */
function regexSubjects(src: string): string[] {
  const subjects: string[] = [];
  for (const m of src.matchAll(/\.(?:exec|test)\(\s*([^()]*?)\s*\)/g)) subjects.push(m[1] ?? '');
  for (const m of src.matchAll(/([\w$.?!\]]+)\s*\.(?:match|matchAll|search)\(/g))
    subjects.push((m[1] ?? '').replace(/^\.+/, '')); // `[...x.matchAll(`: the spread is no part of it
  return subjects;
}

/**
 * Texts that are not findings: an entity's label, a job outcome's label, dates typed in the restore
 * filter, the deletion report's own Excel date format code and ISO dates (lib/popup/report-xlsx.ts),
 * what the person typed in the find tools' form (an amount, a local date and time), and an imported
 * file's own amount text.
 */
const REGEX_SUBJECTS = new Set([
  'label',
  'record.outcome',
  'input.from',
  'input.to',
  'txnDate',
  'code',
  'date',
  'typedAmount',
  'typedTime',
  'fileAmount',
]);

describe('findings reach the popup as facts', () => {
  it('no regex in lib/popup or components parses a finding: each looks at a text that is not one', () => {
    const offenders = POPUP.flatMap((f) =>
      regexSubjects(code(f))
        .filter((s) => !REGEX_SUBJECTS.has(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the rules see what they must (the words of the code before findings were data)', () => {
    const before = [
      'const list = /linked to (.+?):/i.exec(w)?.[1];',
      'for (const m of list.matchAll(TYPE_AND_ID)) names.push(m[1]);',
      'const dates = [...reason.matchAll(ISO_DATE)];',
      'const deposit = /Deposit (\\d{1,20})/.exec(reason)?.[1];',
      ".filter((part) => part !== '' && !/^linked to /i.test(part))",
    ].join('\n');
    expect(regexSubjects(before)).toEqual(['w', 'reason', 'part', 'list', 'reason']);
  });

  it('a selected row carries findings as facts, no sentence: text where a finding goes is refused', () => {
    const row = { key: 'Invoice:1', entity: 'Invoice', id: '1', shownAt: 0, status: 'linked' };
    expect(SelectionRowSchema.shape).not.toHaveProperty('reason');
    expect(SelectionRowSchema.safeParse({ ...row, warnings: ['linked to Payment 3051: …'] }).success).toBe(false);
    expect(SelectionRowSchema.safeParse({ ...row, blockers: ['R3: dated 2024-01-05, …'] }).success).toBe(false);
    const facts = { ...row, warnings: [{ status: 'linked', links: [{ txnId: '3051', txnType: 'Payment' }] }] };
    expect(SelectionRowSchema.parse(facts)).toMatchObject({ blockers: [], warnings: facts.warnings });
  });
});
