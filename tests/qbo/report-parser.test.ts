/**
 * Edge cases of lib/qbo/report-parser.ts (issue 13): R2's TransactionList parser. A row read
 * wrongly, or an unreadable report taken as "nothing reconciled", lets a reconciled record be deleted.
 */
import { describe, expect, it } from 'vitest';
import { parseTransactionList } from '../../lib/qbo/report-parser';

const HEADER = { ReportName: 'TransactionList', Option: [{ Name: 'NoReportData', Value: 'false' }] };
const COLUMNS = {
  Column: [
    { ColType: 'Date', MetaData: [{ Name: 'ColKey', Value: 'tx_date' }] },
    { ColType: 'String', MetaData: [{ Name: 'ColKey', Value: 'txn_type' }] },
  ],
};
const cell = (value: string | undefined, id: string | undefined) => ({
  type: 'Data',
  ColData: [{ value: '2024-01-01' }, { value, id }],
});
const report = (rows: unknown, extra: Record<string, unknown> = {}) => ({
  Header: HEADER,
  Columns: COLUMNS,
  Rows: { Row: rows },
  ...extra,
});

describe('what counts as a report', () => {
  it('a Header alone, or Columns alone, is a report (empty); neither is not', () => {
    // `&&` → `||` would call a report with only one of them unreadable, and `{Rows: …}` readable.
    expect(parseTransactionList({ Header: HEADER, Rows: {} })).toEqual({ kind: 'rows', rows: [] });
    expect(parseTransactionList({ Columns: COLUMNS })).toEqual({ kind: 'rows', rows: [] });
    expect(parseTransactionList({ Rows: { Row: [cell('Invoice', '1')] } })).toEqual({
      kind: 'unreadable',
      reason: 'not a report',
    });
  });

  it('NoReportData "true" with rows present is refused; "false" is read', () => {
    const noData = { ReportName: 'TransactionList', Option: [{ Name: 'NoReportData', Value: 'true' }] };
    expect(parseTransactionList(report([cell('Invoice', '1')], { Header: noData }))).toEqual({
      kind: 'unreadable',
      reason: 'NoReportData is true but rows are present',
    });
    expect(parseTransactionList({ Header: noData, Columns: COLUMNS, Rows: {} })).toEqual({ kind: 'rows', rows: [] });
    expect(parseTransactionList(report([cell('Invoice', '1')]))).toEqual({
      kind: 'rows',
      rows: [{ id: '1', entity: 'Invoice' }],
    });
  });

  it('a lone Row object (not a list) is one row', () => {
    expect(parseTransactionList(report(cell('Invoice', '5')))).toEqual({
      kind: 'rows',
      rows: [{ id: '5', entity: 'Invoice' }],
    });
  });
});

describe('the txn_type column', () => {
  it('ColKey wins over ColType, even in the first column', () => {
    // Column 0 holds the key in MetaData; column 1 says txn_type in ColType only. `>= 0` → `> 0`
    // would skip the key found at index 0 and read column 1.
    const columns = {
      Column: [{ ColType: 'String', MetaData: [{ Name: 'ColKey', Value: 'txn_type' }] }, { ColType: 'txn_type' }],
    };
    const row = {
      type: 'Data',
      ColData: [
        { value: 'Invoice', id: '10' },
        { value: 'Bill', id: '20' },
      ],
    };
    expect(parseTransactionList({ Header: HEADER, Columns: columns, Rows: { Row: [row] } })).toEqual({
      kind: 'rows',
      rows: [{ id: '10', entity: 'Invoice' }],
    });
  });

  it('only a MetaData entry named ColKey names the column', () => {
    const columns = {
      Column: [{ MetaData: [{ Name: 'Other', Value: 'txn_type' }] }, 'not a column', { ColType: 'txn_type' }],
    };
    const row = { type: 'Data', ColData: [{ value: 'Invoice', id: '10' }, {}, { value: 'Bill', id: '20' }] };
    expect(parseTransactionList({ Header: HEADER, Columns: columns, Rows: { Row: [row] } })).toEqual({
      kind: 'rows',
      rows: [{ id: '20', entity: 'Bill' }],
    });
  });

  it('no such column: refused, with the reason', () => {
    const columns = { Column: [{ ColType: 'Date' }] };
    expect(parseTransactionList({ Header: HEADER, Columns: columns, Rows: { Row: [cell('Invoice', '1')] } })).toEqual({
      kind: 'unreadable',
      reason: 'no txn_type column',
    });
  });
});

describe('rows', () => {
  const nest = (depth: number, leaf: unknown): unknown =>
    depth === 0 ? leaf : { type: 'Section', Rows: { Row: [nest(depth - 1, leaf)] } };

  it('sections nest up to 32 levels; deeper is refused', () => {
    expect(parseTransactionList(report([nest(32, cell('Invoice', '1'))]))).toEqual({
      kind: 'rows',
      rows: [{ id: '1', entity: 'Invoice' }],
    });
    expect(parseTransactionList(report([nest(33, cell('Invoice', '1'))]))).toEqual({
      kind: 'unreadable',
      reason: 'sections nested too deep',
    });
  });

  it('a problem inside a section is the report’s problem', () => {
    expect(parseTransactionList(report([nest(2, 42)]))).toEqual({
      kind: 'unreadable',
      reason: 'a row that is not an object',
    });
    expect(parseTransactionList(report([cell('Invoice', '1'), 'x']))).toEqual({
      kind: 'unreadable',
      reason: 'a row that is not an object',
    });
  });

  it('a Section row’s own ColData (its title) is not a transaction; a row without ColData is skipped', () => {
    const section = {
      type: 'Section',
      ColData: [{ value: 'Invoices' }, { value: 'Invoices', id: 'not-an-id' }],
      Rows: { Row: [cell('Invoice', '3')] },
    };
    expect(parseTransactionList(report([section, { type: 'Data' }]))).toEqual({
      kind: 'rows',
      rows: [{ id: '3', entity: 'Invoice' }],
    });
  });

  it('a data row whose type cell is missing or unreadable is refused', () => {
    expect(parseTransactionList(report([{ type: 'Data', ColData: [{ value: 'x' }] }]))).toEqual({
      kind: 'unreadable',
      reason: 'a data row without a transaction type cell',
    });
  });

  it('a blank spacer row is skipped; a named row without a valid id is refused', () => {
    expect(parseTransactionList(report([cell('', ''), cell(undefined, undefined), cell('Invoice', '2')]))).toEqual({
      kind: 'rows',
      rows: [{ id: '2', entity: 'Invoice' }],
    });
    expect(parseTransactionList(report([cell('Invoice', undefined)]))).toEqual({
      kind: 'unreadable',
      reason: 'a data row whose transaction id is null',
    });
    expect(parseTransactionList(report([cell('Invoice', '0012')]))).toEqual({
      kind: 'unreadable',
      reason: 'a data row whose transaction id is "0012"',
    });
    expect(parseTransactionList(report([cell('', '0012')])).kind).toBe('unreadable');
  });

  it('one row per (entity, Id); an unnamed type is kept apart from a named one', () => {
    const rows = [cell('Invoice', '7'), cell('Invoice', '7'), cell('Bill', '7'), cell('Mystery', '7'), cell('', '8')];
    expect(parseTransactionList(report(rows))).toEqual({
      kind: 'rows',
      rows: [{ id: '7', entity: 'Invoice' }, { id: '7', entity: 'Bill' }, { id: '7' }, { id: '8' }],
    });
  });
});
