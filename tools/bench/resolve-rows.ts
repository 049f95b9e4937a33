/**
 * Resolving 1,000 ticked rows by what they show (issue 20): the query calls it makes and the CPU of
 * the extension's own work. The simulator runs in a child process (./sim-remote.ts), so this
 * process's cpuUsage() covers the client's HTTP edge, JSON parsing, zod, the plan and the matching.
 * The company holds 1,500 invoices, bills and expenses of one month; 1,000 of them are shown as the
 * web app's real-markup pages show a row (MM/DD/YYYY, "$1,234.56", the register's Type names,
 * number, name, memo: tools/simulator/pages/real-fields.ts), with no Id. The rows' shown values are
 * built from one setup read of the month, before the measured run.
 */
import type { Entity } from '../../lib/domain/entities';
import type { CallContext } from '../../lib/qbo/exchange';
import { createHttp } from '../../lib/qbo/http';
import { readWindow } from '../../lib/qbo/read-window';
import { readWindows } from '../../lib/qbo/read-windows';
import { resolveRows, windowReaderOf, windowsReaderOf } from '../../lib/resolve/resolve';
import type { RowToResolve } from '../../lib/resolve/types';
import { startRemoteSimulator } from './sim-remote';

export interface ResolveRowsResult {
  rows: number;
  /** Query calls of the measured run (count(*) and pages). */
  queryCalls: number;
  /** (entity, window) reads: one count(*) each, then its pages. */
  reads: number;
  cpuMs: number;
  wallMs: number;
  outcomes: Record<string, number>;
}

const TYPES = ['Invoice', 'Bill', 'Purchase'] as const satisfies readonly Entity[];
const FROM = '2026-11-01';
const TO = '2026-11-30';

type Json = Record<string, unknown>;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const usMoney = (n: number) => Math.abs(n).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const ref = (v: unknown) => (v as { name?: string } | undefined)?.name;

function typeName(entity: Entity, json: Json): string {
  if (entity !== 'Purchase') return entity;
  if (json.PaymentType === 'Check') return 'Check';
  return json.Credit === true ? 'Credit Card Credit' : 'Expense';
}

function shownRow(entity: Entity, json: Json): RowToResolve {
  const shown: RowToResolve['shown'] = {
    date: usDate(String(json.TxnDate)),
    amount: usMoney(Number(json.TotalAmt)),
    type: typeName(entity, json),
  };
  if (typeof json.DocNumber === 'string') shown.number = json.DocNumber;
  const name = ref(json.CustomerRef) ?? ref(json.VendorRef) ?? ref(json.EntityRef);
  if (name) shown.name = name;
  if (typeof json.PrivateNote === 'string' && json.PrivateNote) shown.memo = json.PrivateNote;
  return { rowKey: `${entity}:${String(json.Id)}`, shown };
}

export async function measureResolveRows(count: number): Promise<ResolveRowsResult> {
  const sim = await startRemoteSimulator({ requestLimits: false });
  try {
    const co = await sim.seedCompany({
      count: Math.round(count * 1.5),
      seed: 20,
      entities: { Invoice: 1, Bill: 1, Purchase: 1 },
      startDate: FROM,
      endDate: TO,
    });
    let queries = 0;
    let counts = 0;
    const http = createHttp({
      realmId: co.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => co.token,
    });
    const ctx: CallContext = {
      send: (request) => {
        // Every call that reads: a query, or a batch of query items (the product's windowed read).
        if (request.path === 'query' || request.path === 'batch') queries += 1;
        if (request.params?.some(([, v]) => v.startsWith('select count(*)'))) counts += 1;
        const items = (request.json as { BatchItemRequest?: { Query?: string }[] } | undefined)?.BatchItemRequest;
        counts += (items ?? []).filter((item) => item.Query?.startsWith('select count(*)')).length;
        return http(request);
      },
      now: Date.now,
    };
    const all: RowToResolve[] = [];
    for (const entity of TYPES) {
      const month = await readWindow(ctx, entity, FROM, TO, 1000);
      if (month.kind !== 'ok') throw new Error(`setup read failed: ${JSON.stringify(month).slice(0, 300)}`);
      for (const json of month.records) all.push(shownRow(entity, json as Json));
    }
    const rows = all.filter((_, i) => i % 3 !== 2).slice(0, count);
    queries = 0;
    counts = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    // As the product resolves (lib/background/app.ts): every window at once, counts and first pages batched.
    const result = await resolveRows(
      rows,
      readerOver(ctx),
      windowsReaderOf({ readWindows: (windows) => readWindows(ctx, windows, 1000) }),
    );
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const outcomes: Record<string, number> = {};
    for (const r of result.values()) outcomes[r.kind] = (outcomes[r.kind] ?? 0) + 1;
    return {
      rows: rows.length,
      queryCalls: queries,
      reads: counts,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs,
      outcomes,
    };
  } finally {
    await sim.close();
  }
}

/** The resolver's reader over a bare call context (no client), at a given page size. */
function readerOver(ctx: CallContext, pageSize = 1000) {
  return windowReaderOf({ readWindow: (entity, from, to) => readWindow(ctx, entity, from, to, pageSize) });
}
