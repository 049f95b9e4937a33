/**
 * Page-side entry for the popup figure: the real popup (model + components, via renderPopupForBench)
 * on a PopupState with N selected rows, after a preflight. Reports the synchronous render, and the
 * time until style and layout are done (a forced reflow), i.e. what the user waits for. Two calls,
 * `__benchPrepare(n)` then `__benchRender()`, so the runner can read the main thread's CPU clock
 * around the render alone.
 */
import type { PopupState, PreflightStatus, SelectionRow } from '../../../lib/messaging/views';
import type { PopupModel } from '../../../lib/popup/model';
import { popupModelForBench, renderPopupForBench } from '../render-for-bench';

const STATUSES: PreflightStatus[] = ['ready', 'ready', 'ready', 'ready', 'reconciled', 'changed', 'closedPeriod'];

function selection(n: number, now: number): SelectionRow[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `Invoice:${i + 100}`,
    entity: 'Invoice',
    id: String(i + 100),
    shownAt: now - 60_000,
    status: STATUSES[i % STATUSES.length],
    blockers: [],
    warnings: i % 11 === 0 ? [{ status: 'linked' as const, links: [{ txnId: '12', txnType: 'Payment' }] }] : [],
    txnDate: '2025-03-01',
    docNumber: String(1000 + i),
    party: `Customer ${i % 97}`,
    amount: 100 + i / 100,
    currency: 'USD',
  }));
}

let prepared: PopupModel | undefined;

/**
 * Builds the state and the model's first poll (the answer parsed) outside the timed span, as the
 * wall-clock figure always did: the runner reads the CPU clock between this call and `render`.
 */
async function prepare(n: number): Promise<void> {
  const now = Date.now();
  const state: PopupState = {
    version: 1,
    connection: { realmId: '9130350000000001', environment: 'sandbox', hasToken: true, remember: false },
    selection: selection(n, now),
    pageTicked: [],
    unresolved: [],
    recentRuns: [],
    connections: [],
    preflight: { at: now - 5_000, running: false },
  };
  prepared = await popupModelForBench(state);
}

async function render(): Promise<{ renderMs: number; withLayoutMs: number; rowElements: number }> {
  if (!prepared) throw new Error('__benchPrepare first');
  const container = document.getElementById('app') ?? document.body;
  const result = await renderPopupForBench(prepared, container);
  const before = performance.now();
  void container.getBoundingClientRect(); // style + layout of what was rendered
  const layoutMs = performance.now() - before;
  return { renderMs: result.ms, withLayoutMs: result.ms + layoutMs, rowElements: result.rowElements };
}

const bench = globalThis as { __benchPrepare?: typeof prepare; __benchRender?: typeof render };
bench.__benchPrepare = prepare;
bench.__benchRender = render;
