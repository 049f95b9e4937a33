/**
 * R2: the TransactionList report, parsed. The transaction Id is the `id` of the txn_type cell; the
 * column is found by its ColKey (MetaData), or by ColType as in Intuit's own docs sample, never by
 * position. Grouped reports nest Section rows: walked recursively. `"Rows": {}` / NoReportData is an
 * empty report. Display names map to entities; an unknown name leaves entity undefined (join on Id).
 */
import { z } from 'zod';
import { isValidId } from '../domain/entities';
import { recordKey } from '../domain/record-key';
import type { ReconciledRow } from './client-api';
import { entityFromReportName } from './entities';

const NameValue = z.looseObject({ Name: z.string(), Value: z.string().nullish() });
const ColumnSchema = z.looseObject({ ColType: z.string().nullish(), MetaData: z.array(NameValue).nullish() });

export const ReportSchema = z.looseObject({
  Header: z.looseObject({ ReportName: z.string().nullish(), Option: z.array(NameValue).nullish() }).nullish(),
  Columns: z.looseObject({ Column: z.array(z.unknown()).nullish() }).nullish(),
  Rows: z.looseObject({ Row: z.unknown().optional() }).nullish(),
});

const CellSchema = z.looseObject({ value: z.string().nullish(), id: z.string().nullish() });
const RowSchema = z.looseObject({
  type: z.string().nullish(),
  ColData: z.array(z.unknown()).nullish(),
  Rows: z.looseObject({ Row: z.unknown().optional() }).nullish(),
});

export const TXN_TYPE_KEY = 'txn_type';
const MAX_DEPTH = 32;

export type ParsedReport = { kind: 'rows'; rows: ReconciledRow[] } | { kind: 'unreadable'; reason: string };

function txnTypeColumn(columns: readonly unknown[]): number {
  const keys = columns.map((column) => {
    const parsed = ColumnSchema.safeParse(column);
    if (!parsed.success) return undefined;
    return parsed.data.MetaData?.find((m) => m.Name === 'ColKey')?.Value ?? undefined;
  });
  const byKey = keys.indexOf(TXN_TYPE_KEY);
  if (byKey >= 0) return byKey;
  // Intuit's docs sample: the key sits in ColType and there is no MetaData.
  return columns.findIndex((column) => ColumnSchema.safeParse(column).data?.ColType === TXN_TYPE_KEY);
}

/** `Rows.Row` may be a list, a lone object, or absent. */
function rowList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function parseTransactionList(json: unknown): ParsedReport {
  const report = ReportSchema.safeParse(json);
  // `{}` or a fault must never read as "nothing is reconciled".
  if (!report.success || (!report.data.Header && !report.data.Columns))
    return { kind: 'unreadable', reason: 'not a report' };
  const noData = report.data.Header?.Option?.find((o) => o.Name === 'NoReportData')?.Value === 'true';
  const top = rowList(report.data.Rows?.Row);
  if (top.length === 0) return { kind: 'rows', rows: [] };
  if (noData) return { kind: 'unreadable', reason: 'NoReportData is true but rows are present' };
  const column = txnTypeColumn(rowList(report.data.Columns?.Column));
  if (column < 0) return { kind: 'unreadable', reason: `no ${TXN_TYPE_KEY} column` };

  const rows = new Map<string, ReconciledRow>();
  const walk = (list: unknown[], depth: number): string | undefined => {
    if (depth > MAX_DEPTH) return 'sections nested too deep';
    for (const item of list) {
      const row = RowSchema.safeParse(item);
      if (!row.success) return 'a row that is not an object';
      if (row.data.Rows) {
        const problem = walk(rowList(row.data.Rows.Row), depth + 1);
        if (problem) return problem;
      }
      if (!row.data.ColData || row.data.type === 'Section') continue;
      const cell = CellSchema.safeParse(row.data.ColData[column]);
      if (!cell.success) return 'a data row without a transaction type cell';
      const { id, value } = cell.data;
      // A reconciled row we cannot identify could hide one of ours: refuse rather than skip.
      if (!id || !isValidId(id)) {
        if (!value && !id) continue; // a blank spacer row
        return `a data row whose transaction id is ${JSON.stringify(id ?? null)}`;
      }
      const entity = value ? entityFromReportName(value) : undefined;
      const key = recordKey(entity ?? '?', id);
      rows.set(key, entity ? { id, entity } : { id });
    }
    return undefined;
  };
  const problem = walk(top, 0);
  return problem ? { kind: 'unreadable', reason: problem } : { kind: 'rows', rows: [...rows.values()] };
}
