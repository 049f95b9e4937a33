/**
 * Import a list: dates and money as the report writes them stay text (the resolver reads them with
 * readDates / readAmountCents); unreadable ones are skipped with their reason; a mapping the person
 * fixes changes the lines.
 */
import { describe, expect, it } from 'vitest';
import { linesOf, type ParsedReport, parseReportFile, suggestMapping } from '../../lib/find/report-parse';

const csv = async (s: string): Promise<ParsedReport> => {
  const parsed = await parseReportFile({ name: 'list.csv', bytes: new TextEncoder().encode(s).buffer as ArrayBuffer });
  if (parsed.kind !== 'report') throw new Error(parsed.message);
  return parsed;
};
const linesFor = (parsed: ParsedReport, mapping = parsed.mapping) => {
  const result = linesOf(parsed, mapping);
  if (result.kind !== 'lines') throw new Error(result.message);
  return result;
};

describe('linesOf: locale dates and money kept as written', () => {
  it('US, day-first and ISO dates; $, minus, parentheses and comma-decimal money', async () => {
    const parsed = await csv(
      [
        'Date,Amount',
        '11/03/2026,"$1,234.56"',
        '03/11/2026,"-1,234.56"',
        '2026-11-03,"(1,234.56)"',
        '03.11.2026,"1.234,56"',
      ].join('\n'),
    );
    expect(linesFor(parsed).lines.map((l) => [l.shown.date, l.shown.amount])).toEqual([
      ['11/03/2026', '$1,234.56'],
      ['03/11/2026', '-1,234.56'],
      ['2026-11-03', '(1,234.56)'],
      ['03.11.2026', '1.234,56'],
    ]);
  });

  it('TOTAL in the Date column (Transaction List by Date) is skipped as the total, not as an unreadable date', async () => {
    const parsed = await csv(
      'Date,Transaction Type,Num,Name,Amount\n11/03/2026,Invoice,1047,Cool Cars,120.00\nTOTAL,,,,120.00\nsoon,,,,5.00\n',
    );
    expect(linesFor(parsed).skipped).toEqual([
      { row: 3, reason: 'total' },
      { row: 4, reason: 'unreadable-date' },
    ]);
  });

  it('a semicolon CSV with comma decimals (a European export)', async () => {
    const parsed = await csv('Rapport\n\nDate;Num;Name;Amount\n03/11/2026;12;Müller GmbH;1.234,56\n');
    expect(linesFor(parsed).lines).toEqual([
      { rowKey: 'row:import-4', shown: { date: '03/11/2026', number: '12', name: 'Müller GmbH', amount: '1.234,56' } },
    ]);
  });

  it('a date or amount that cannot be read is skipped with its reason, never guessed', async () => {
    const parsed = await csv('Date,Amount\n11/03/26,10.00\nsoon,10.00\n11/03/2026,ten\n11/03/2026,\n11/04/2026,5.00\n');
    const { lines, skipped } = linesFor(parsed);
    expect(lines.map((l) => l.rowKey)).toEqual(['row:import-6']);
    expect(skipped).toEqual([
      { row: 2, reason: 'unreadable-date' },
      { row: 3, reason: 'unreadable-date' },
      { row: 4, reason: 'unreadable-amount' },
      { row: 5, reason: 'no-amount' },
    ]);
  });

  it('long cells are bounded as a page cell is (64 characters)', async () => {
    const long = 'x'.repeat(200);
    const parsed = await csv(`Date,Amount,Memo\n11/03/2026,1.00,${long}\n`);
    expect(linesFor(parsed).lines[0]?.shown.memo).toBe('x'.repeat(64));
  });
});

describe('suggestMapping and a mapping fixed by the person', () => {
  it("maps a QuickBooks report's headers, leaving Split and Balance out", () => {
    expect(
      suggestMapping([
        '',
        'Date',
        'Transaction Type',
        'Num',
        'Name',
        'Memo/Description',
        'Account',
        'Split',
        'Amount',
        'Balance',
      ]),
    ).toEqual({ date: 1, type: 2, number: 3, name: 4, memo: 5, account: 6, amount: 8 });
    expect(suggestMapping(['Date', 'Transaction Type', 'Num', 'Account', 'Debit', 'Credit'])).toEqual({
      date: 0,
      type: 1,
      number: 2,
      account: 3,
      debit: 4,
      credit: 5,
    });
  });

  it('mapping another column as the amount changes the lines', async () => {
    const parsed = await csv('Date,Num,Amount,Open Balance\n11/03/2026,7,100.00,40.00\n');
    expect(linesFor(parsed).lines[0]?.shown.amount).toBe('100.00');
    const fixed = linesFor(parsed, { ...parsed.mapping, amount: 3 });
    expect(fixed.lines[0]?.shown.amount).toBe('40.00');
    const withoutNumber = linesFor(parsed, { date: 0, amount: 2 });
    expect(withoutNumber.lines[0]?.shown).toEqual({ date: '11/03/2026', amount: '100.00' });
  });

  it('a mapping without a date or an amount is refused in words', async () => {
    const parsed = await csv('Date,Amount\n11/03/2026,1.00\n');
    expect(linesOf(parsed, { amount: 1 })).toEqual({
      kind: 'error',
      message: 'Choose the column that holds the date.',
    });
    expect(linesOf(parsed, { date: 0 })).toEqual({
      kind: 'error',
      message: 'Choose the column that holds the amount (or the Debit and Credit columns).',
    });
  });
});
