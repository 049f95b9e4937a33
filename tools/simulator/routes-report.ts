/**
 * 4.4 `GET /reports/TransactionList?start_date&end_date&cleared=&group_by=&columns=`.
 *
 * cleared: Reconciled (the document's value), and the service's Cleared, Uncleared, Deposited.
 * Definitions: Reconciled = reconciled records; Cleared = cleared but not yet reconciled;
 * Uncleared = neither; Deposited = Payments/SalesReceipts on an existing Deposit. Absent → every
 * record. Any other value (Unreconciled included) → 400 fault 2170 "Invalid Enumeration".
 * Only records with TxnDate in [start_date, end_date]; deleted records vanish. A missing date falls
 * back to the service's default period, this month to date. A malformed date → 400 fault 2010.
 * group_by: "Transaction Type", "Month", "Name" (or none) → Section rows; unknown → 2170.
 * Empty → `"Rows": {}` with NoReportData "true".
 */
import type { Hono } from 'hono';
import type { ReportGrouping } from './api';
import { isDate, msToDate } from './clock';
import { faults } from './faults';
import { guard, sendFault, sendJson } from './pipeline';
import { buildRows, COLUMNS, clearedFilter, layoutFor } from './report';
import type { ApiEnv, SimState } from './state';

function parseGroupBy(value: string): ReportGrouping[] | undefined {
  const v = value.toLowerCase().replace(/[\s_]/g, '');
  if (v === 'transactiontype' || v === 'txntype') return ['txn_type'];
  if (v === 'month') return ['month'];
  if (v === 'name' || v === 'customer' || v === 'vendor') return ['name'];
  if (v === 'none' || v === 'total') return [];
  return undefined;
}

export function mountReportRoutes(api: Hono<ApiEnv>, state: SimState): void {
  api.get('/reports/TransactionList', guard(state, 'report'), (c) => {
    const realmId = c.req.param('realmId') ?? '';
    const company = state.store.company(realmId);
    const today = msToDate(state.now());
    const start = c.req.query('start_date') ?? `${today.slice(0, 8)}01`;
    const end = c.req.query('end_date') ?? today;
    if (!isDate(start) || !isDate(end))
      return sendFault(c, state, faults.invalidRequest(`Invalid date: ${start} / ${end}`));

    const cleared = c.req.query('cleared');
    const keep =
      cleared === undefined ? () => true : clearedFilter(cleared, (id) => !!company.records.get(`Deposit:${id}`));
    // 2170: Unreconciled (or any value outside the enumeration) refuses the whole report.
    if (!keep) return sendFault(c, state, faults.invalidEnumeration(cleared ?? ''));
    const groupParam = c.req.query('group_by');
    const levels = groupParam === undefined ? state.config.reportGroupBy : parseGroupBy(groupParam);
    if (!levels) return sendFault(c, state, faults.invalidEnumeration(groupParam ?? ''));

    const cols = layoutFor(realmId, c.req.query('columns'));
    const records = [...company.records.values()]
      .filter((r) => {
        const d = String(r.json.TxnDate ?? '');
        return d >= start && d <= end && keep(r);
      })
      .sort((a, b) => String(a.json.TxnDate).localeCompare(String(b.json.TxnDate)) || Number(a.id) - Number(b.id));
    const empty = records.length === 0;
    return sendJson(c, state, 200, {
      Header: {
        Time: new Date(state.now()).toISOString(),
        ReportName: 'TransactionList',
        StartPeriod: start,
        EndPeriod: end,
        Currency: 'USD',
        Option: [{ Name: 'NoReportData', Value: empty ? 'true' : 'false' }],
      },
      Columns: {
        Column: cols.map((k) => ({
          ColTitle: COLUMNS[k][0],
          ColType: COLUMNS[k][1],
          MetaData: [{ Name: 'ColKey', Value: k }],
        })),
      },
      Rows: empty ? {} : { Row: buildRows(records, cols, levels) },
    });
  });
}
