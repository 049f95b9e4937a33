/**
 * The duplicates scan of a whole company (issue 22, item 3): the read calls it makes and the CPU
 * time of the extension's own work. The company is the simulator's generator run in-process
 * (tools/simulator/generate.ts: links, deposits, reconciled share), plus re-entered copies of some
 * records (the duplicates to find), built in memory: no HTTP. The reader serves each type as the
 * service's query pages (`{"QueryResponse": {...}}` text, 1000 rows a page) and counts the calls an
 * R4 read makes (one count(*), then one call per page; the reconciled report one call per year
 * window), and the scan's own count(*) per type that enforces the record cap before any read. Inside the measured time it does what the client does with each answer: JSON.parse and
 * toTxnRecord (zod) per row; so the figure covers parsing, the preflight checks per record, matching
 * and the keep rules, but no socket or TLS work.
 */
import { ENTITIES, type Entity } from '../../lib/domain/entities';
import { type ScanReader, scanDuplicates } from '../../lib/find/scan';
import type { ReconciledRow } from '../../lib/qbo/client-api';
import { splitDateRange } from '../../lib/qbo/date-windows';
import { jsonKey } from '../../lib/qbo/entities';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { MAX_PAGE_SIZE } from '../../lib/qbo/query-builder';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { addDays, metaTime } from '../simulator/clock';
import { generateCompany } from '../simulator/generate';
import type { StoredRecord } from '../simulator/store';

export interface DuplicatesScanResult {
  transactions: number;
  /** Re-entered copies added to the generated company. */
  copies: number;
  calls: number;
  groups: number;
  proposed: number;
  withoutProposal: number;
  cpuMs: number;
  wallMs: number;
}

const FROM = '2024-01-01';
const TO = '2025-12-31';
const COPY_TYPES = new Set<Entity>(['Invoice', 'Bill', 'Purchase', 'SalesReceipt', 'Payment', 'Deposit']);

const HEAD = 1_000;

/** Nothing links to it or from it, and it is not reconciled: it can leave the company unnoticed. */
const isPlain = (r: StoredRecord) =>
  r.cleared !== 'reconciled' && !JSON.stringify([r.json.LinkedTxn ?? [], r.json.Line ?? []]).includes('TxnId');

/**
 * Every 100th record of a common type past the first HEAD re-entered: a new Id, 0–3 days later,
 * created later, no links. As many plain records of the head leave, so the company keeps its size.
 */
function addCopies(records: StoredRecord[], share = 100): number {
  let nextId = Math.max(...records.map((r) => Number(r.id))) + 1;
  const copies: StoredRecord[] = [];
  records.forEach((original, i) => {
    if (i < HEAD || i % share !== 0 || !COPY_TYPES.has(original.entity)) return;
    const json: Record<string, unknown> = { ...original.json, Id: String(nextId++) };
    const date = String(json.TxnDate);
    json.TxnDate = [date, addDays(date, i % 4)].sort()[1] as string;
    if (String(json.TxnDate) > TO) json.TxnDate = TO;
    json.MetaData = {
      CreateTime: metaTime(Date.parse(`${TO}T12:00:00Z`)),
      LastUpdatedTime: metaTime(Date.parse(`${TO}T12:00:00Z`)),
    };
    delete json.LinkedTxn;
    delete json.Line;
    if (i % 2) delete json.DocNumber;
    copies.push({ entity: original.entity, id: String(json.Id), json, cleared: 'uncleared' });
  });
  const leaving = new Set(records.slice(0, HEAD).filter(isPlain).slice(0, copies.length));
  if (leaving.size < copies.length) throw new Error('not enough plain records to make room for the copies');
  const kept = records.filter((r) => !leaving.has(r));
  records.splice(0, records.length, ...kept, ...copies);
  return copies.length;
}

/** Query pages as the service sends them, per type, sorted by date (the reader filters by range). */
function servePages(records: readonly StoredRecord[]) {
  const byType = new Map<Entity, StoredRecord[]>();
  for (const r of records) {
    const list = byType.get(r.entity);
    if (list) list.push(r);
    else byType.set(r.entity, [r]);
  }
  let calls = 0;
  const reconciled: ReconciledRow[] = records
    .filter((r) => r.cleared === 'reconciled')
    .map((r) => ({ id: r.id, entity: r.entity }));
  const inRange = (entity: Entity, from: string, to: string) =>
    (byType.get(entity) ?? []).filter((r) => {
      const date = String(r.json.TxnDate);
      return from <= date && date <= to;
    });
  const reader: ScanReader = {
    async countRange(entity, from, to) {
      calls += 1; // the scan's own count(*), before any page: the cap of a search
      return { kind: 'ok', meta: { status: 200 }, count: inRange(entity, from, to).length, calls: 1 };
    },
    async readRange(entity, from, to) {
      const rows = inRange(entity, from, to);
      calls += 1; // select count(*)
      const records: TxnRecord[] = [];
      for (let start = 0; start < rows.length; start += MAX_PAGE_SIZE) {
        calls += 1;
        const page = JSON.stringify({
          QueryResponse: { [jsonKey(entity)]: rows.slice(start, start + MAX_PAGE_SIZE).map((r) => r.json) },
        });
        const answer = JSON.parse(page) as { QueryResponse: Record<string, unknown[]> };
        for (const row of answer.QueryResponse[jsonKey(entity)] ?? []) {
          const record = toTxnRecord(entity, row);
          if (!record) throw new Error(`unreadable ${entity} row`);
          records.push(record);
        }
      }
      return { kind: 'ok', meta: { status: 200 }, records, calls: 1 + Math.ceil(rows.length / MAX_PAGE_SIZE) };
    },
    async readReconciled(from, to) {
      const windows = splitDateRange(from, to).length;
      calls += windows;
      return { kind: 'ok', meta: { status: 200 }, rows: reconciled, calls: windows };
    },
  };
  return { reader, calls: () => calls };
}

export async function measureDuplicatesScan(count: number): Promise<DuplicatesScanResult> {
  const company = generateCompany({
    count,
    seed: 22,
    reconciledShare: 0.1,
    depositedShare: 0.05,
    linkedShare: 0.1,
    startDate: FROM,
    endDate: TO,
  });
  const records = company.records;
  const copies = addCopies(records);
  const { reader, calls } = servePages(records);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await scanDuplicates({ from: FROM, to: TO, types: [...ENTITIES] }, reader);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (result.kind !== 'ok') throw new Error(`duplicates scan failed: ${JSON.stringify(result).slice(0, 300)}`);
  if (result.calls !== calls()) throw new Error(`the scan counted ${result.calls} calls, the reader ${calls()}`);
  return {
    transactions: records.length,
    copies,
    calls: result.calls,
    groups: result.findings.groups.length,
    proposed: result.findings.groups.reduce((n, g) => n + g.proposed.length, 0),
    withoutProposal: result.findings.withoutProposal,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
  };
}
