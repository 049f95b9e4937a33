/**
 * Page-side entry for "find transactions, 10,000 results: first rows shown after the answer": from
 * the service's last answer to the first rows on screen, in one span. `__findPrepare(n)` builds the
 * query pages' bodies (`{"QueryResponse": …}` text, 1000 rows a page, as the service sends them);
 * `__findRender()` then does what the extension does once they are in: JSON.parse and the row check
 * (zod) per record, the filters and the sort (searchTransactions), the message hop to the full view
 * (JSON both ways, as runtime messages are), the table's render and the browser's style and layout.
 */
import { render } from 'preact';
import { ResultsTable } from '../../../components/find/ResultsTable';
import type { Entity } from '../../../lib/domain/entities';
import type { FoundRecord } from '../../../lib/domain/find';
import { type SearchOutcome, searchTransactions } from '../../../lib/find/search';

let pages: string[] = [];
let total = 0;

function invoiceJson(i: number): Record<string, unknown> {
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    Id: String(5000 + i),
    SyncToken: '0',
    domain: 'QBO',
    TxnDate: `2024-11-${day}`,
    DocNumber: String(20_000 + ((i * 7919) % 100_000)),
    CustomerRef: { value: String(60 + (i % 400)), name: `Customer ${i % 400}` },
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    TotalAmt: 100 + (i % 977) / 100,
    PrivateNote: i % 5 === 0 ? 'Imported from bank CSV' : undefined,
    MetaData: { CreateTime: '2024-11-03T14:02:11-07:00', LastUpdatedTime: '2024-11-03T14:02:11-07:00' },
    Line: [
      {
        Id: '1',
        LineNum: 1,
        Amount: 100,
        DetailType: 'SalesItemLineDetail',
        SalesItemLineDetail: { ItemRef: { value: '1' } },
      },
      { Amount: 100, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
    ],
  };
}

async function prepare(n: number): Promise<void> {
  total = n;
  pages = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, k) => invoiceJson(start + k));
    pages.push(JSON.stringify({ QueryResponse: { Invoice: rows, startPosition: start + 1, maxResults: rows.length } }));
  }
}

/** The reader as the client has it once the answers are in: parse each body, hand its rows over. */
async function read(entity: Entity, statement: string) {
  if (statement.startsWith('select count'))
    return { kind: 'ok' as const, meta: { status: 200 }, rows: [], totalCount: total };
  const start = Number(statement.match(/startposition (\d+)/)?.[1] ?? '1');
  const body = JSON.parse(pages[(start - 1) / 1000] ?? '{}') as { QueryResponse: Record<string, unknown[]> };
  return { kind: 'ok' as const, meta: { status: 200 }, rows: body.QueryResponse[entity] ?? [] };
}

interface Shown {
  searchMs: number;
  renderMs: number;
  totalMs: number;
  rowElements: number;
  /** Neither the page nor the table scrolls sideways at the full view's size. */
  fitsWidth: boolean;
}

async function show(): Promise<Shown> {
  const t0 = performance.now();
  const outcome = await searchTransactions(
    { types: ['Invoice'], createdFrom: Date.parse('2024-11-03T21:00:00Z') },
    read,
  );
  const hop = JSON.parse(JSON.stringify(outcome)) as SearchOutcome;
  if (hop.kind !== 'ok' || hop.total !== total) throw new Error(`search: ${hop.kind}`);
  const t1 = performance.now();
  const container = document.getElementById('app') ?? document.body;
  render(<ResultsTable results={hop.rows as FoundRecord[]} onAdd={() => {}} />, container);
  void container.getBoundingClientRect(); // style + layout: the rows are on screen
  const t2 = performance.now();
  return {
    searchMs: t1 - t0,
    renderMs: t2 - t1,
    totalMs: t2 - t0,
    rowElements: container.querySelectorAll('tbody tr:not(.find-spacer)').length,
    fitsWidth: fitsWidth(container),
  };
}

function fitsWidth(container: HTMLElement): boolean {
  const scroller = container.querySelector<HTMLElement>('.find-scroller');
  const page = document.documentElement;
  return !!scroller && scroller.scrollWidth <= scroller.clientWidth && page.scrollWidth <= page.clientWidth;
}

const bench = globalThis as { __findPrepare?: typeof prepare; __findRender?: typeof show };
bench.__findPrepare = prepare;
bench.__findRender = show;
