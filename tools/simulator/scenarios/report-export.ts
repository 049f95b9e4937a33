/**
 * `reportExport` (issue 22, "a QuickBooks report export, in CSV and in XLSX"): a company and a
 * "Transaction List by Date" export of `lines` of its transactions, as CSV text and as XLSX bytes,
 * laid out and written by the report fixtures' own writer (tools/support/report-files.ts):
 * title rows (company, report, date range, a blank), the header, the lines by date, a TOTAL row, two
 * blanks and the "Accrual Basis …" footer.
 *
 * One line is ambiguous: the company holds two invoices alike in date, type, number, name, memo and
 * amount (an import run twice, a minute apart), and that line shows them both. Every other line shows
 * a record no other record of the company agrees with on type, amount, number, name and memo (checked
 * here, whatever the date column may be read as), so it names exactly one transaction.
 *
 * Each cell is what the simulator's TransactionList report shows of the record (../report.ts): its
 * type's display name, DocNumber, party name, PrivateNote, the account it names (blank when it names
 * none: the seeded records carry no lines) and its amount, negative for money paid out.
 */
import { dateToMs, metaTime } from '../clock';
import { generateCompany } from '../generate';
import { createPrng } from '../prng';
import { partyName, reportName } from '../report';
import type { StoredRecord } from '../store';
import { type BuiltScenario, keyOf, type ScenarioBase } from './records';

export interface ReportExportOptions extends ScenarioBase {
  /** Transactions in the company (the ambiguous pair's second invoice added). Default 80. */
  count?: number;
  /** Lines of the export, the ambiguous one included. Default 8 (at least 2). */
  lines?: number;
}

export type ExportLine = { row: number; key: string } | { row: number; candidates: [string, string] };

export interface ReportExportTruth {
  /** The export as QuickBooks writes it: CSV text (dates MM/DD/YYYY, money "1,234.56") … */
  csv: string;
  /** … and the same rows as an .xlsx workbook (real date and number cells). Base64 over HTTP. */
  xlsx: Uint8Array;
  /** 1-based row numbers in the file (the same in both formats). */
  headerRow: number;
  totalRow: number;
  /** Every line in file order: the one record it names, or the two it cannot tell apart. */
  lines: ExportLine[];
  /** The records the lines name: exactly what an import must select. */
  listed: string[];
  /** The line that matches two records: "can't tell", nothing added. */
  ambiguous: { row: number; candidates: [string, string] };
}

const FROM = '2026-10-01';
const TO = '2026-11-03';
const monthName = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
const OUTGOING = new Set([
  'Bill Payment (Check)',
  'Bill Payment (Credit Card)',
  'Expense',
  'Check',
  'Credit Card Expense',
  'Refund',
]);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const amountOf = (r: StoredRecord) => Number(r.json.TotalAmt ?? r.json.Amount ?? 0);
/** The account cell as ../report.ts writes it: the first account the record names, else blank. */
const accountName = (j: Record<string, unknown>) => {
  const ref = j.DepositToAccountRef ?? j.AccountRef ?? j.FromAccountRef ?? j.CreditCardAccountRef;
  return ref && typeof ref === 'object' ? text((ref as { name?: unknown }).name) : '';
};

/** What a line shows that the resolver compares, the date left out. */
function shownKey(r: StoredRecord): string {
  const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const j = r.json;
  return [reportName(r.entity, j), Math.round(Math.abs(amountOf(r)) * 100), text(j.DocNumber)]
    .concat([partyName(j), text(j.PrivateNote)].map(fold))
    .join('\u0000');
}

export async function buildReportExport(
  options: ReportExportOptions & { companyName: string },
): Promise<BuiltScenario<ReportExportTruth>> {
  const seed = options.seed ?? 1;
  const rng = createPrng(seed + 104_729);
  const entities = { Invoice: 4, Payment: 2, SalesReceipt: 2, Bill: 3, Purchase: 4, BillPayment: 2, Deposit: 1 };
  const { records } = generateCompany({ count: options.count ?? 80, seed, entities, startDate: FROM, endDate: TO });
  const original = records.find((r) => r.entity === 'Invoice' && partyName(r.json) !== '');
  if (!original) throw new Error('reportExport: the company has no invoice to import twice');
  const twin: StoredRecord = { ...original, id: String(Math.max(...records.map((r) => Number(r.id))) + 2) };
  const created = Date.parse(text((original.json.MetaData as { CreateTime?: unknown }).CreateTime)) + 60_000;
  twin.json = { ...structuredClone(original.json), Id: twin.id, SyncToken: '0' };
  twin.json.MetaData = { CreateTime: metaTime(created), LastUpdatedTime: metaTime(created) };
  records.push(twin);

  const counts = new Map<string, number>();
  for (const r of records) counts.set(shownKey(r), (counts.get(shownKey(r)) ?? 0) + 1);
  const unique = records.filter((r) => r !== original && r !== twin && counts.get(shownKey(r)) === 1);
  const want = Math.max(2, Math.floor(options.lines ?? 8));
  if (unique.length < want - 1) throw new Error(`reportExport: only ${unique.length} records to list`);
  const shown = [original, ...rng.shuffle(unique).slice(0, want - 1)].sort(
    (a, b) => text(a.json.TxnDate).localeCompare(text(b.json.TxnDate)) || Number(a.id) - Number(b.id),
  );

  const { toCsv, toXlsx } = await import('../../support/report-files');
  type Value = Parameters<typeof toCsv>[0][number][number];
  const signed = (r: StoredRecord) => (OUTGOING.has(reportName(r.entity, r.json)) ? -1 : 1) * amountOf(r);
  const line = (r: StoredRecord): Value[] => {
    const j = r.json;
    const type = reportName(r.entity, j);
    const [date, money] = [{ date: text(j.TxnDate) }, { money: signed(r) }];
    return [date, type, text(j.DocNumber), 'Yes', partyName(j), text(j.PrivateNote), accountName(j), '-Split-', money];
  };
  const first = text(shown[0]?.json.TxnDate);
  const last = text(shown[shown.length - 1]?.json.TxnDate);
  const day = (iso: string) => `${monthName(iso)} ${Number(iso.slice(8, 10))}`;
  const total = Math.round(shown.reduce((s, r) => s + signed(r), 0) * 100) / 100;
  const weekday = new Date(dateToMs(TO)).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const rows: Value[][] = [
    [options.companyName],
    ['Transaction List by Date'],
    // As QuickBooks words a period: "October 9-29, 2026", "October 9 - November 2, 2026".
    [`${day(first)}${first.slice(0, 7) === last.slice(0, 7) ? `-${Number(last.slice(8))}` : ` - ${day(last)}`}, 2026`],
    [],
    ['Date', 'Transaction Type', 'Num', 'Posting', 'Name', 'Memo/Description', 'Account', 'Split', 'Amount'],
    ...shown.map(line),
    ['TOTAL', null, null, null, null, null, null, null, { money: total }],
    [],
    [],
    [`Accrual Basis ${weekday}, ${monthName(TO)} ${Number(TO.slice(8))}, 2026 02:05 PM GMT-07:00`],
  ];
  const lines: ExportLine[] = shown.map((r, i) =>
    r === original ? { row: 6 + i, candidates: [keyOf(original), keyOf(twin)] } : { row: 6 + i, key: keyOf(r) },
  );
  const ambiguous = lines.find((l): l is Extract<ExportLine, { candidates: unknown }> => 'candidates' in l);
  if (!ambiguous) throw new Error('reportExport: the ambiguous line is missing');
  return {
    records,
    truth: {
      csv: toCsv(rows),
      xlsx: new Uint8Array(await (await toXlsx(rows)).arrayBuffer()),
      headerRow: 5,
      totalRow: 6 + shown.length,
      lines,
      listed: lines.flatMap((l) => ('key' in l ? [l.key] : [])),
      ambiguous,
    },
  };
}
