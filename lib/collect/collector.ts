/**
 * The content script's logic, with every browser dependency passed in (so happy-dom tests drive it):
 * scan the page, give registers our checkbox, track ticks, and send `selection/report` changes.
 * A full snapshot is sent on start and after every client-side navigation; otherwise deltas only,
 * after the DOM has been quiet for `debounceMs`. Reads nothing secret, starts nothing destructive.
 */
import { injectOwnCheckbox, isOwnCheckbox, OWN_CHECKBOX_SELECTOR } from './checkbox';
import { MAX_REPORT_ITEMS } from './limits';
import { type DomWatch, type Timers, watchDom } from './observer';
import { createRangeSelection } from './range-select';
import { type PageScan, scanRows } from './rows';
import type { AddedItem, RemovedItem, SelectionReport } from './selection-message';
import { createSelectionTracker } from './selection-tracker';

export interface CollectorOptions {
  document: Document;
  /** The page's current URL. */
  location(): string;
  now(): number;
  send(report: SelectionReport): Promise<unknown>;
  signal: AbortSignal;
  /** Registers a listener for client-side navigation (WXT: `wxt:locationchange`). */
  onLocationChange(listener: () => void): void;
  /** Default 150 ms. */
  debounceMs?: number;
  /** Wait before re-sending after a failed send. Default 2000 ms. */
  retryMs?: number;
  timers?: Timers;
}

export interface Collector {
  /** Scans now (tests, or after a known change). */
  scan(): void;
  /** Resolves when every queued message has been handed to `send`. */
  idle(): Promise<void>;
  lastScan(): PageScan | undefined;
}

// Events on our own checkbox stop at the window: the register's row must not open the transaction.
const OWN_EVENTS = ['click', 'change', 'input', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'dblclick'];

const PAGE_INPUT_EVENTS = ['click', 'change', 'keyup'];
const TICK_TARGET = 'input[type="checkbox"], [role="checkbox"], label';

/** Only clicks and keys on something that can tick a row trigger an immediate scan (not typing in a search box). */
function isTickTarget(target: EventTarget | null): boolean {
  const el = target as Element | null;
  return typeof el?.closest === 'function' && el.closest(TICK_TARGET) !== null;
}

export function startCollector(options: CollectorOptions): Collector {
  const { document: doc, signal, send } = options;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const tracker = createSelectionTracker({ now: options.now });
  const range = createRangeSelection();
  const pendingAdd = new Map<string, AddedItem>();
  const pendingRemove = new Map<string, RemovedItem>();
  let snapshotNext = true;
  let snapshotPending = false;
  let last: PageScan | undefined;
  let page = { url: options.location(), host: '' };
  let chain: Promise<void> = Promise.resolve();
  let retry: unknown;

  const scan = () => {
    if (signal.aborted) return;
    const url = options.location();
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return;
    }
    const result = scanRows(doc, url);
    for (const row of result.rows) {
      for (const cell of row.cells) {
        if (cell.checkbox) continue;
        const box = injectOwnCheckbox(cell.element, tracker.isReported(row.key));
        cell.checkbox = box;
        cell.selected = box.checked;
        row.selected ||= box.checked;
      }
    }
    last = result;
    const snapshot = snapshotNext;
    snapshotNext = false;
    const { added, removed } = tracker.update(result.rows, snapshot);
    for (const item of added) {
      pendingRemove.delete(`${item.entity}:${item.id}`);
      pendingAdd.set(`${item.entity}:${item.id}`, item);
    }
    for (const item of removed) {
      pendingAdd.delete(`${item.entity}:${item.id}`);
      pendingRemove.set(`${item.entity}:${item.id}`, item);
    }
    page = { url, host };
    if (snapshot && (added.length || removed.length)) snapshotPending = true;
    if (pendingAdd.size || pendingRemove.size) chain = chain.then(flush);
  };

  // While a failed send waits for its retry, new changes join the queue and go with it.
  const flush = async () => {
    if (signal.aborted || retry !== undefined || (!pendingAdd.size && !pendingRemove.size)) return;
    const added = [...pendingAdd.values()];
    const removed = [...pendingRemove.values()];
    const snapshot = snapshotPending;
    pendingAdd.clear();
    pendingRemove.clear();
    snapshotPending = false;
    for (let i = 0; i < Math.max(added.length, removed.length); i += MAX_REPORT_ITEMS) {
      const chunk = { added: added.slice(i, i + MAX_REPORT_ITEMS), removed: removed.slice(i, i + MAX_REPORT_ITEMS) };
      try {
        await send({
          type: 'selection/report',
          data: { pageUrl: page.url, host: page.host, replace: false, snapshot, ...chunk },
        });
      } catch {
        // Background unreachable: queue what was not sent (unless a newer change replaced it) and retry.
        for (const item of added.slice(i)) requeue(pendingAdd, pendingRemove, item);
        for (const item of removed.slice(i)) requeue(pendingRemove, pendingAdd, item);
        snapshotPending ||= snapshot;
        if (retry === undefined && !signal.aborted) {
          retry = timers.setTimeout(() => {
            retry = undefined;
            chain = chain.then(flush);
          }, options.retryMs ?? 2000);
        }
        return;
      }
    }
  };

  const watch: DomWatch = watchDom({
    root: doc,
    signal,
    onChange: scan,
    debounceMs: options.debounceMs ?? 150,
    ignoreNode: isOwnCheckbox,
    timers,
    now: options.now,
  });

  const onOwnEvent = (event: Event) => {
    if (!isOwnCheckbox(event.target)) return;
    event.stopPropagation();
    if (event.type !== 'click') return;
    const shiftKey = (event as MouseEvent).shiftKey === true;
    range.clicked(event.target, shiftKey, () => [...doc.querySelectorAll<HTMLInputElement>(OWN_CHECKBOX_SELECTOR)]);
    watch.trigger();
  };
  const win: EventTarget = doc.defaultView ?? doc;
  for (const type of OWN_EVENTS) win.addEventListener(type, onOwnEvent, true);
  // A tick on the page's own checkbox is recorded right after the event, not after the DOM has been
  // quiet: a bookkeeper who ticks and pages on at once would otherwise lose the tick when the
  // single-page app swaps the rows out (native .checked changes are invisible to a MutationObserver).
  let inputScan: unknown;
  const onPageInput = (event: Event) => {
    if (isOwnCheckbox(event.target) || inputScan !== undefined || !isTickTarget(event.target)) return;
    inputScan = timers.setTimeout(() => {
      inputScan = undefined;
      scan();
    }, 0);
  };
  for (const type of PAGE_INPUT_EVENTS) win.addEventListener(type, onPageInput, true);
  signal.addEventListener(
    'abort',
    () => {
      for (const type of OWN_EVENTS) win.removeEventListener(type, onOwnEvent, true);
      for (const type of PAGE_INPUT_EVENTS) win.removeEventListener(type, onPageInput, true);
      if (retry !== undefined) timers.clearTimeout(retry);
    },
    { once: true },
  );

  options.onLocationChange(() => {
    snapshotNext = true;
    watch.trigger();
  });
  scan();

  return {
    scan,
    idle: () => chain,
    lastScan: () => last,
  };
}

function requeue<T extends { entity: string; id: string }>(
  into: Map<string, T>,
  other: Map<string, unknown>,
  item: T,
): void {
  const key = `${item.entity}:${item.id}`;
  if (!into.has(key) && !other.has(key)) into.set(key, item);
}
