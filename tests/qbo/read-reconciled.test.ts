import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitDateRange } from '../../lib/qbo/date-windows';
import { parseTransactionList } from '../../lib/qbo/report-parser';
import { invalidEnumeration2170 } from '../fixtures/payloads/faults';
import {
  reportColTypeOnly,
  reportEmpty,
  reportGrouped,
  reportRowWithoutId,
  reportWithColKey,
} from '../fixtures/payloads/reports';
import { clientFor } from './helpers/client';
import { type FixtureServer, REALM, startFixtureServer } from './helpers/fixture-server';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('R2: TransactionList report parser', () => {
  it('R2: finds txn_type by MetaData ColKey; unknown display names join on Id alone', () => {
    expect(parseTransactionList(reportWithColKey)).toEqual({
      kind: 'rows',
      rows: [{ id: '100', entity: 'Invoice' }, { id: '201', entity: 'Purchase' }, { id: '777' }],
    });
  });

  it('R2: accepts the docs variant with the key in ColType and no MetaData, not by position', () => {
    expect(parseTransactionList(reportColTypeOnly)).toEqual({
      kind: 'rows',
      rows: [
        { id: '100', entity: 'Payment' },
        { id: '55', entity: 'CreditCardPayment' },
      ],
    });
  });

  it('R2: walks grouped Section rows recursively', () => {
    expect(parseTransactionList(reportGrouped)).toEqual({
      kind: 'rows',
      rows: [
        { id: '100', entity: 'Invoice' },
        { id: '301', entity: 'JournalEntry' },
        { id: '410', entity: 'BillPayment' },
      ],
    });
  });

  it('R2: an empty report ("Rows": {}, NoReportData) has no rows', () => {
    expect(parseTransactionList(reportEmpty)).toEqual({ kind: 'rows', rows: [] });
  });

  it('R2: refuses a row it cannot identify, `{}`, and a report without a txn_type column', () => {
    expect(parseTransactionList(reportRowWithoutId).kind).toBe('unreadable');
    expect(parseTransactionList({}).kind).toBe('unreadable');
    expect(parseTransactionList('garbage').kind).toBe('unreadable');
    const noColumn = { ...reportWithColKey, Columns: { Column: [{ ColTitle: 'Date', ColType: 'Date' }] } };
    expect(parseTransactionList(noColumn).kind).toBe('unreadable');
  });
});

describe('R2: readReconciled over HTTP', () => {
  it('R2: always sends both dates and cleared=Reconciled', async () => {
    server.setHandler(() => ({ body: reportWithColKey }));
    const result = await clientFor(server.url).readReconciled('2021-01-01', '2021-12-31');
    expect(result).toMatchObject({ kind: 'ok', calls: 1 });
    const seen = server.requests.at(-1)!;
    expect(seen.path).toBe(`/v3/company/${REALM}/reports/TransactionList`);
    expect(Object.fromEntries(seen.query)).toEqual({
      minorversion: '75',
      start_date: '2021-01-01',
      end_date: '2021-12-31',
      cleared: 'Reconciled',
    });
  });

  it('R2: splits a long range into windows of at most a year, one call each, rows merged', async () => {
    server.setHandler(() => ({ body: reportGrouped }));
    const before = server.requests.length;
    const result = await clientFor(server.url).readReconciled('2020-01-01', '2022-06-30');
    expect(result).toMatchObject({ kind: 'ok', calls: 3 });
    if (result.kind === 'ok') expect(result.rows).toHaveLength(3);
    const ranges = server.requests.slice(before).map((r) => `${r.query.get('start_date')}..${r.query.get('end_date')}`);
    expect(ranges).toEqual(['2020-01-01..2020-12-31', '2021-01-01..2022-01-01', '2022-01-02..2022-06-30']);
  });

  it('2170: an invalid enumeration fault is refusedWhole', async () => {
    server.setHandler(() => ({ status: 400, body: invalidEnumeration2170 }));
    expect(await clientFor(server.url).readReconciled('2021-01-01', '2021-01-31')).toMatchObject({
      kind: 'refusedWhole',
      fault: { code: '2170' },
    });
  });

  it('R2: a 200 that is not a report is never read as "nothing reconciled"', async () => {
    server.setHandler(() => ({ body: {} }));
    expect(await clientFor(server.url).readReconciled('2021-01-01', '2021-01-31')).toMatchObject({
      kind: 'incomplete',
    });
  });
});

describe('date windows', () => {
  it('one window for a single day; none longer than 366 days; bad ranges are a bug', () => {
    expect(splitDateRange('2024-02-29', '2024-02-29')).toEqual([{ start: '2024-02-29', end: '2024-02-29' }]);
    expect(splitDateRange('2024-01-01', '2024-12-30')).toHaveLength(1);
    expect(() => splitDateRange('2024-02-30', '2024-03-01')).toThrow(TypeError);
    expect(() => splitDateRange('2024-03-01', '2024-02-01')).toThrow(TypeError);
  });
});
