import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvField, guardFormula, toCsv } from '../../lib/audit/csv';
import { entry } from './fixtures';

describe('CSV export (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks; doubles quotes; CRLF rows', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    const csv = toCsv([entry()]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toContain('"Acme, ""The"" Company"');
    expect(lines[1]).toContain('"{""Id"":""129"",""SyncToken"":""2"",""PrivateNote"":""line1\\nline2""}"');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(
      lines[1]?.startsWith('2026-01-15T09:00:00.000Z,9130350000000001,sandbox,Invoice,129,1032,2025-03-01,300,'),
    ).toBe(true);
  });

  it('guards against formula injection: = + - @ (and tab/CR) get a leading apostrophe', () => {
    for (const bad of ['=HYPERLINK("x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(guardFormula(bad)).toBe(`'${bad}`);
    }
    expect(guardFormula('-120.5')).toBe('-120.5'); // a plain (negative) number stays numeric
    expect(guardFormula('Acme')).toBe('Acme');
    const csv = toCsv([entry({ party: "=cmd|' /C calc'!A0", docNumber: '@1', amount: -5 })]);
    expect(csv).toContain(",'@1,");
    expect(csv).toContain(",'=cmd|' /C calc'!A0,");
    expect(csv).toContain(',-5,');
  });
});
