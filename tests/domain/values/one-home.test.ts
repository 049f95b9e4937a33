/**
 * Each shown value has one home: amounts, dates, document numbers and names are read, folded,
 * compared and formatted in lib/domain/values only, so the search form, an import, the duplicates,
 * the row resolver, the page check and the popup cannot drift apart again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string) =>
  readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));
const PRODUCT = ['lib', 'components', 'entrypoints'].flatMap(sources);
const read = (f: string) => readFileSync(join(process.cwd(), f), 'utf8');

describe('each shown value is read and written in lib/domain/values only', () => {
  it.each([
    ['the length of a day', /\b(const|let)\s+DAY_MS\s*=|\b86_?400_?000\b/],
    ['the ISO-day rule', /function\s+isIsoDate\b/],
    ['an amount reader', /function\s+(readAmountCents|parseAmount|dollarsToCents)\b/],
    ['a date reader', /function\s+(readDates|numericDateParts|numericParts)\b/],
    ['a name fold', /function\s+(foldText|nameKey)\b/],
    ['a number fold', /function\s+(foldNumber|normalizeNumber|numberKey)\b/],
    ['a money or day formatter', /function\s+(formatAmount|formatMoney|formatDate)\b/],
    ['the "Parent:Child" rule', /\.split\(':'\)\.pop\(\)|lastIndexOf\(':'\)/],
  ])('%s', (_name, pattern) => {
    const outside = PRODUCT.filter((f) => !f.startsWith('lib/domain/values/') && pattern.test(read(f)));
    expect(outside).toEqual([]);
  });

  it('the patterns find what they look for', () => {
    const hits = (pattern: RegExp, text: string) => pattern.test(text);
    expect(hits(/\b(const|let)\s+DAY_MS\s*=|\b86_?400_?000\b/, 'const DAY_MS = 86_400_000;')).toBe(true);
    expect(hits(/\b(const|let)\s+DAY_MS\s*=|\b86_?400_?000\b/, "export { DAY_MS } from './values/date';")).toBe(false);
    expect(hits(/\.split\(':'\)\.pop\(\)|lastIndexOf\(':'\)/, "party.split(':').pop()?.trim()")).toBe(true);
  });
});
