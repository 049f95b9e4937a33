/**
 * Wake to the next batch call: what a worker restart costs before the job sends again, for a job of
 * N reviewed records of realistic size (an Invoice's full JSON with several lines, a few KB each).
 *
 * Built on the runner's public API only (createJobRunner, createJob, start, wake, the client
 * interface), so it measures whatever layout lib/journal keeps. Storage is an in-memory
 * StorageArea that keeps every value serialised, as Chrome's storage.local does (JSON in LevelDB):
 * each `get` parses the stored text afresh, so reading a big value costs what it costs there.
 *
 * Setup: a first runner creates the job and starts it; its client never answers the re-read, so it
 * stops there like a worker killed mid-read (nothing written past the start). The stored state is
 * then copied once. Each run restores that copy and builds a FRESH runner (new storage area object,
 * new write queue, empty caches: a worker restart) whose fake client stamps the time its batchDelete
 * is called; the figure is `wake()` → that stamp. The batch call answers 429 with a long Retry-After,
 * so the runner parks the job and goes idle before the next run.
 */
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { createAuditLog } from '../../lib/audit/log';
import { createJobRunner } from '../../lib/jobs/runner';
import type { JobRunner, ReviewedRecord } from '../../lib/jobs/types';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import type { AlarmsArea, StorageArea } from '../../lib/storage/area';
import { type FakeClient, fakeClient } from '../support/fake-client';

const REALM = '9130350000000001';
const FIRST_ID = 1000;
export const WAKE_RUNS = 25;
/** Unmeasured rounds first: the runner's code paths warm up (the JIT), as in a worker that has run before. */
const WARM_UP_ROUNDS = 3;

export interface WakeResult {
  records: number;
  /** wake() → batchDelete called, per measured run (ms). */
  runsMs: number[];
  medianMs: number;
  /** Mean size of one record's raw JSON (bytes). */
  recordJsonBytes: number;
  /** Everything the job put in storage, serialised (bytes), and its largest single value. */
  storedBytes: number;
  largestValueBytes: number;
  setupMs: number;
}

// ── realistic records ─────────────────────────────────────────────────────────────────────────────

const ITEMS = [
  ['Design', 'Custom Design', '75', 'Design income'],
  ['Installation', 'Installation of landscape design', '50', 'Landscaping Services:Labor:Installation'],
  ['Rock Fountain', 'Rock Fountain', '275', 'Sales of Product Income'],
  ['Pump', 'Fountain Pump', '15', 'Sales of Product Income'],
  ['Sprinkler Pipes', 'Sprinkler Pipes', '4', 'Sales of Product Income'],
  ['Gardening', 'Weekly Gardening Service', '25', 'Landscaping Services'],
  ['Trimming', 'Tree and Shrub Trimming', '35', 'Landscaping Services'],
  ['Concrete', 'Concrete for fountain installation', '9.5', 'Landscaping Services:Job Materials:Fountains'],
] as const;
const CUSTOMERS = [
  'Amy’s Bird Sanctuary',
  'Cool Cars',
  'Freeman Sporting Goods',
  'Red Rock Diner',
  'Rago Travel Agency',
];
const STREETS = ['4581 Finch St.', '65 Ocean Dr.', '370 Easy St.', '1045 Main St.', '12 Ocean Dr.'];
const CITIES = [
  ['Bayshore', 'CA', '94326'],
  ['Half Moon Bay', 'CA', '94213'],
  ['Middlefield', 'CA', '94303'],
  ['Tucson', 'AZ', '85719'],
] as const;

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const cents = (n: number) => Math.round(n * 100) / 100;
const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);

/** Invoice `Id` = FIRST_ID + i as the service returns it: 3 to 8 item lines, tax, addresses, memo. */
export function invoiceJson(i: number): Record<string, unknown> {
  const id = String(FIRST_ID + i);
  const txnDate = day(i);
  const customer = pick(CUSTOMERS, i);
  const [city, state, zip] = pick(CITIES, i);
  const lineCount = 3 + (i % 6);
  const lines: Record<string, unknown>[] = [];
  let subtotal = 0;
  for (let l = 0; l < lineCount; l++) {
    const [name, description, price, account] = pick(ITEMS, i + l * 3);
    const qty = 1 + ((i + l) % 9);
    const amount = cents(Number(price) * qty);
    subtotal += amount;
    lines.push({
      Id: String(l + 1),
      LineNum: l + 1,
      Description: `${description} — ${txnDate}, work order ${id}-${l + 1}`,
      Amount: amount,
      LinkedTxn: [],
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: {
        ItemRef: { value: String(3 + ((i + l) % 8)), name },
        ClassRef: {
          value: `20000000000${1 + (l % 3)}`,
          name: pick(['Commercial', 'Residential', 'Other'], l),
        },
        UnitPrice: Number(price),
        Qty: qty,
        ItemAccountRef: { value: String(40 + ((i + l) % 7)), name: account },
        TaxCodeRef: { value: l % 2 ? 'NON' : 'TAX' },
        ServiceDate: txnDate,
      },
    });
  }
  subtotal = cents(subtotal);
  const tax = cents(subtotal * 0.08);
  const total = cents(subtotal + tax);
  lines.push({ Amount: subtotal, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
  const address = (n: number) => ({
    Id: String(100 + n),
    Line1: pick(STREETS, i + n),
    City: city,
    CountrySubDivisionCode: state,
    PostalCode: zip,
    Lat: '37.4530553',
    Long: '-122.1178261',
  });
  return {
    AllowIPNPayment: false,
    AllowOnlinePayment: false,
    AllowOnlineCreditCardPayment: false,
    AllowOnlineACHPayment: false,
    domain: 'QBO',
    sparse: false,
    Id: id,
    SyncToken: String(i % 3),
    MetaData: { CreateTime: `${txnDate}T10:14:36-08:00`, LastUpdatedTime: `${txnDate}T15:02:11-08:00` },
    CustomField: [
      { DefinitionId: '1', Name: 'Crew #', Type: 'StringType', StringValue: String(100 + (i % 40)) },
      { DefinitionId: '2', Name: 'PO', Type: 'StringType', StringValue: `PO-${20_000 + i}` },
    ],
    DocNumber: String(10_000 + i),
    TxnDate: txnDate,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    PrivateNote: 'Imported from the bank feed; customer asked for itemised labour and materials.',
    LinkedTxn: [],
    Line: lines,
    TxnTaxDetail: {
      TxnTaxCodeRef: { value: '2' },
      TotalTax: tax,
      TaxLine: [
        {
          Amount: tax,
          DetailType: 'TaxLineDetail',
          TaxLineDetail: {
            TaxRateRef: { value: '3' },
            PercentBased: true,
            TaxPercent: 8,
            NetAmountTaxable: subtotal,
          },
        },
      ],
    },
    CustomerRef: { value: String(1 + (i % 29)), name: customer },
    CustomerMemo: { value: 'Thank you for your business and have a great day!' },
    BillAddr: address(0),
    ShipAddr: address(1),
    FreeFormAddress: true,
    ShipFromAddr: { Id: '300', Line1: '123 Sierra Way', Line2: 'San Pablo, CA  87999' },
    SalesTermRef: { value: '3', name: 'Net 30' },
    DueDate: day(i + 30),
    TotalAmt: total,
    ApplyTaxAfterDiscount: false,
    PrintStatus: 'NotSet',
    EmailStatus: 'EmailSent',
    BillEmail: { Address: `accounts${i % 50}@example.com` },
    DeliveryInfo: { DeliveryType: 'Email', DeliveryTime: `${txnDate}T10:20:00-08:00` },
    Balance: total,
  };
}

function invoiceRecord(i: number): TxnRecord {
  const record = toTxnRecord('Invoice', invoiceJson(i));
  if (!record) throw new Error('the bench invoice does not parse as a record');
  return record;
}

// ── storage, alarms, client ───────────────────────────────────────────────────────────────────────

/** storage.local over `data`, values kept serialised: every get parses, every set serialises. */
function storageOver(data: Map<string, string>): StorageArea {
  return {
    async get(keys) {
      const list = keys === undefined || keys === null ? [...data.keys()] : typeof keys === 'string' ? [keys] : keys;
      const out: Record<string, unknown> = {};
      for (const key of list) {
        const text = data.get(key);
        if (text !== undefined) out[key] = JSON.parse(text);
      }
      return out;
    },
    async set(items) {
      for (const [key, value] of Object.entries(items)) {
        if (value === undefined) data.delete(key);
        else data.set(key, JSON.stringify(value));
      }
    },
    async remove(keys) {
      for (const key of typeof keys === 'string' ? [keys] : keys) data.delete(key);
    },
  };
}

const noAlarms: AlarmsArea = { create: () => {}, clear: async () => true };

const never = <T>() => new Promise<T>(() => {});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The service as the runner sees it: every record unchanged since review (regenerated by Id, so
 * nothing holds 50,000 records), nothing reconciled; `batchDelete` stamps the time and answers 429.
 * Only the calls a delete job makes are supplied; any other fails by name.
 */
function benchClient(onBatch: (() => void) | undefined): FakeClient {
  const meta = { status: 200 };
  return fakeClient(
    {
      async readByIds(entity, ids) {
        if (!onBatch) return never(); // the setup runner "dies" here, before writing anything
        const records = entity === 'Invoice' ? ids.map((id) => invoiceRecord(Number(id) - FIRST_ID)) : [];
        return { kind: 'ok', meta, records, calls: 1 };
      },
      readReconciled: async () => ({ kind: 'ok', meta, rows: [], calls: 1 }),
      async batchDelete() {
        onBatch?.();
        return { kind: 'rateLimited', retryAfterMs: 3_600_000, meta: { status: 429 } };
      },
    },
    { realmId: REALM },
  );
}

function runnerOn(data: Map<string, string>, onBatch: (() => void) | undefined, errors: unknown[]): JobRunner {
  const client = benchClient(onBatch);
  const clock = {
    now: () => Date.now(),
    sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms))),
  };
  return createJobRunner({
    storage: storageOver(data),
    alarms: noAlarms,
    clock,
    clientFor: () => client,
    outcomes: auditSubscriber(createAuditLog({ indexedDB, clock })),
    onError: (e) => errors.push(e),
  });
}

// ── the figure ────────────────────────────────────────────────────────────────────────────────────

interface Prepared {
  records: number;
  snapshot: ReadonlyMap<string, string>;
  recordJsonBytes: number;
  setupMs: number;
}

/** A job of `records` reviewed records, created and started, its worker killed at the first re-read. */
async function prepare(records: number, errors: unknown[]): Promise<Prepared> {
  const t0 = performance.now();
  const stored = new Map<string, string>();
  let recordJsonBytes = 0;
  const reviewed: ReviewedRecord[] = [];
  for (let i = 0; i < records; i++) {
    const record = invoiceRecord(i);
    if (i < 100) recordJsonBytes += JSON.stringify(record.raw).length;
    reviewed.push({ record, reconciled: false });
  }
  const first = runnerOn(stored, undefined, errors);
  const job = await first.createJob({ realmId: REALM, environment: 'sandbox', records: reviewed });
  await first.start(job.id);
  await new Promise((r) => setTimeout(r, 50)); // its driver reaches the re-read and hangs there
  return {
    records,
    snapshot: new Map(stored),
    recordJsonBytes: Math.round(recordJsonBytes / Math.min(records, 100)),
    setupMs: performance.now() - t0,
  };
}

/** One worker restart over a copy of the prepared storage: wake() → the batch call, in ms. */
async function wakeOnce(prepared: Prepared, errors: unknown[]): Promise<number> {
  const data = new Map(prepared.snapshot);
  let stamp: (at: number) => void = () => {};
  const called = new Promise<number>((resolve) => {
    stamp = resolve;
  });
  const runner = runnerOn(data, () => stamp(performance.now()), errors);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = performance.now();
  await runner.wake();
  const at = await Promise.race([
    called,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no batch call within 60 s of wake: ${String(errors[0])}`)), 60_000);
    }),
  ]);
  clearTimeout(timer);
  await runner.whenIdle();
  if (errors.length > 0) throw new Error(`runner error: ${String(errors[0])}`);
  return at - start;
}

/**
 * For each count: WAKE_RUNS worker restarts, median. The counts are interleaved run by run (so
 * machine noise falls on all of them alike), after WARM_UP_ROUNDS unmeasured rounds.
 */
export async function measureWake(counts: readonly number[], runs = WAKE_RUNS): Promise<WakeResult[]> {
  const errors: unknown[] = [];
  const prepared: Prepared[] = [];
  for (const n of counts) prepared.push(await prepare(n, errors));
  const runsMs = prepared.map(() => [] as number[]);
  for (let run = 0; run < WARM_UP_ROUNDS + runs; run++) {
    for (const [i, p] of prepared.entries()) {
      await new Promise((r) => setTimeout(r, 5)); // the last runner's tail (its reschedule) ends first
      const ms = await wakeOnce(p, errors);
      if (run >= WARM_UP_ROUNDS) runsMs[i]!.push(ms);
    }
  }
  return prepared.map((p, i) => {
    let storedBytes = 0;
    let largestValueBytes = 0;
    for (const text of p.snapshot.values()) {
      storedBytes += text.length;
      largestValueBytes = Math.max(largestValueBytes, text.length);
    }
    return {
      records: p.records,
      runsMs: runsMs[i]!,
      medianMs: median(runsMs[i]!),
      recordJsonBytes: p.recordJsonBytes,
      storedBytes,
      largestValueBytes,
      setupMs: p.setupMs,
    };
  });
}
