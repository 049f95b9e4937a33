/**
 * Edge cases of lib/qbo/read-reconciled.ts, read-preferences.ts and read-company-info.ts
 * (issue 13). R2 and R3 rest on these reads: a report or a closing date read wrongly makes a
 * reconciled or closed-period record look deletable. A network-free CallContext answers.
 */
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import { MAX_COMPANY_NAME, readCompanyInfo } from '../../lib/qbo/read-company-info';
import { readPreferences } from '../../lib/qbo/read-preferences';
import { readReconciled } from '../../lib/qbo/read-reconciled';

function ctxFor(answer: (request: HttpRequest, n: number) => { status?: number; body: unknown }) {
  const requests: HttpRequest[] = [];
  const ctx: CallContext = {
    send: async (request): Promise<HttpAnswer> => {
      requests.push(request);
      const { status = 200, body } = answer(request, requests.length);
      return {
        kind: 'answer',
        status,
        headers: new Headers({ intuit_tid: `tid-${requests.length}` }),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      };
    },
    now: () => 0,
  };
  return { ctx, requests };
}

const COLUMNS = { Column: [{ ColType: 'String', MetaData: [{ Name: 'ColKey', Value: 'txn_type' }] }] };
const report = (...rows: [string, string][]) => ({
  Header: { ReportName: 'TransactionList' },
  Columns: COLUMNS,
  Rows: { Row: rows.map(([value, id]) => ({ type: 'Data', ColData: [{ value, id }] })) },
});

describe('readReconciled (R2)', () => {
  it('one call per window with both dates and cleared=Reconciled; rows merged once; last meta', async () => {
    const { ctx, requests } = ctxFor((_, n) => ({
      body:
        n === 1 ? report(['Invoice', '1'], ['Check', '2']) : report(['Invoice', '1'], ['Mystery', '3'], ['Bill', '1']),
    }));
    const result = await readReconciled(ctx, '2023-01-01', '2024-06-30');
    expect(result).toEqual({
      kind: 'ok',
      meta: { status: 200, intuitTid: 'tid-2' },
      rows: [{ id: '1', entity: 'Invoice' }, { id: '2', entity: 'Purchase' }, { id: '3' }, { id: '1', entity: 'Bill' }],
      calls: 2,
    });
    expect(requests.map((r) => [r.method, r.path, r.params])).toEqual([
      [
        'GET',
        'reports/TransactionList',
        [
          ['start_date', '2023-01-01'],
          ['end_date', '2024-01-01'],
          ['cleared', 'Reconciled'],
        ],
      ],
      [
        'GET',
        'reports/TransactionList',
        [
          ['start_date', '2024-01-02'],
          ['end_date', '2024-06-30'],
          ['cleared', 'Reconciled'],
        ],
      ],
    ]);
  });

  it('a failed window stops the read: later windows are not asked', async () => {
    const { ctx, requests } = ctxFor(() => ({ status: 503, body: '' }));
    expect(await readReconciled(ctx, '2023-01-01', '2024-06-30')).toMatchObject({
      kind: 'ambiguous',
      meta: { status: 503 },
    });
    expect(requests).toHaveLength(1);
  });

  it('a 200 carrying a fault is refusedWhole; a 200 that is not a report is incomplete, with why', async () => {
    const fault = { Fault: { Error: [{ code: '2170', Message: 'Invalid Enumeration' }] } };
    expect(await readReconciled(ctxFor(() => ({ body: fault })).ctx, '2024-01-01', '2024-01-31')).toEqual({
      kind: 'refusedWhole',
      fault: { code: '2170', message: 'Invalid Enumeration' },
      meta: { status: 200, intuitTid: 'tid-1' },
    });
    expect(await readReconciled(ctxFor(() => ({ body: {} })).ctx, '2024-01-01', '2024-01-31')).toEqual({
      kind: 'incomplete',
      reason: 'unreadable TransactionList answer: not a report: {}',
      meta: { status: 200, intuitTid: 'tid-1' },
    });
  });
});

describe('readPreferences (R3)', () => {
  const prefs = (BookCloseDate?: string) => ({
    Preferences: { AccountingInfoPrefs: BookCloseDate === undefined ? {} : { BookCloseDate } },
  });

  it('a closing date is returned; absent or empty means open (no bookCloseDate key)', async () => {
    expect(await readPreferences(ctxFor(() => ({ body: prefs('2024-12-31') })).ctx)).toEqual({
      kind: 'ok',
      meta: { status: 200, intuitTid: 'tid-1' },
      bookCloseDate: '2024-12-31',
    });
    for (const open of [prefs(), prefs(''), { Preferences: {} }]) {
      expect(await readPreferences(ctxFor(() => ({ body: open })).ctx)).toEqual({
        kind: 'ok',
        meta: { status: 200, intuitTid: 'tid-1' },
      });
    }
  });

  it('a date that is not a real ISO date is refused, never "open"', async () => {
    expect(await readPreferences(ctxFor(() => ({ body: prefs('2024-02-30') })).ctx)).toEqual({
      kind: 'incomplete',
      reason: 'unreadable preferences answer: BookCloseDate "2024-02-30"',
      meta: { status: 200, intuitTid: 'tid-1' },
    });
  });

  it('a fault is refusedWhole; anything else unreadable; the GET goes to preferences', async () => {
    const { ctx, requests } = ctxFor(() => ({ body: { Fault: { Error: [{ code: '5020', Message: 'denied' }] } } }));
    expect(await readPreferences(ctx)).toMatchObject({ kind: 'refusedWhole', fault: { code: '5020' } });
    expect(requests[0]).toEqual({ method: 'GET', path: 'preferences' });
    expect(await readPreferences(ctxFor(() => ({ body: 'x' })).ctx)).toMatchObject({
      kind: 'incomplete',
      reason: 'unreadable preferences answer: x',
    });
    expect(await readPreferences(ctxFor(() => ({ status: 401, body: '' })).ctx)).toMatchObject({
      kind: 'unauthorized',
    });
  });
});

describe('readCompanyInfo', () => {
  const info = (CompanyName: string) => ({ CompanyInfo: { CompanyName, Id: '9' } });

  it('the name, cleaned of control and format characters, trimmed, cut at 256 characters', async () => {
    const { ctx, requests } = ctxFor(() => ({ body: info('  Acme\u0007 \u200eLtd  ') }));
    expect(await readCompanyInfo(ctx, '9')).toEqual({
      kind: 'ok',
      meta: { status: 200, intuitTid: 'tid-1' },
      companyName: 'Acme Ltd',
    });
    expect(requests[0]).toEqual({ method: 'GET', path: 'companyinfo/9' });
    const long = '😀'.repeat(MAX_COMPANY_NAME + 10);
    const cut = await readCompanyInfo(ctxFor(() => ({ body: info(long) })).ctx, '9');
    expect(cut).toMatchObject({ kind: 'ok', companyName: '😀'.repeat(MAX_COMPANY_NAME) });
  });

  it('a blank name, a fault, or anything else is a failure', async () => {
    expect(await readCompanyInfo(ctxFor(() => ({ body: info(' \u200b ') })).ctx, '9')).toEqual({
      kind: 'incomplete',
      reason: 'unreadable company info answer: no CompanyName',
      meta: { status: 200, intuitTid: 'tid-1' },
    });
    expect(
      await readCompanyInfo(ctxFor(() => ({ body: { Fault: { Error: [{ code: '100', Message: 'x' }] } } })).ctx, '9'),
    ).toMatchObject({ kind: 'refusedWhole', fault: { code: '100' } });
    expect(await readCompanyInfo(ctxFor(() => ({ body: '' })).ctx, '9')).toMatchObject({
      kind: 'incomplete',
      reason: 'unreadable company info answer: (empty body)',
    });
  });
});
