/**
 * The content script's logic, with every browser dependency passed in (so happy-dom tests drive it):
 * scan the page, give registers our checkbox, judge who ticked each row, and send `selection/report`
 * changes bound to the page's company (report-queue.ts). Gesture listeners start at once (the content
 * script runs at document_start, before the page's scripts and the person's first click); the first
 * scan waits for the DOM (DOMContentLoaded). A full snapshot is sent on start, after every client-side
 * navigation and when the person comes back to the tab (so refusals reach our boxes); otherwise
 * deltas only, after the DOM has been quiet for `debounceMs`. Reads nothing secret, starts nothing
 * destructive.
 */

import type { Shown } from '../domain/shown';
import type { PageInfo } from '../messaging/content-protocol';
import type { ContentSend } from '../messaging/protocol';
import { createCompanyNameReader } from './company-name';
import { defaultIsTrusted, watchGestures } from './gestures';
import { type DomWatch, type Timers, watchDom } from './observer';
import { createOwnCheckboxes } from './own-checkboxes';
import { createCounterReader } from './page-counter';
import { unreadableOf } from './page-structure';
import { createProvenanceJudge } from './provenance';
import { createRangeSelection } from './range-select';
import { createReportQueue } from './report-queue';
import { createLinkAgreement } from './row-agreement';
import { createRowKeyer, pageEntities, pageKind } from './row-keys';
import { type AnyRow, isShownRow, type PageScan, rowOf, scanRows } from './rows';
import { createSelectionTracker } from './selection-tracker';
import { TICK_CONTROL_SELECTOR } from './selectors';
import { createShownReader } from './shown';
import { createShownRows } from './shown-rows';

export interface CollectorOptions {
  document: Document;
  /** The page's current URL. */
  location(): string;
  now(): number;
  /** Sends `page/hello` and `selection/report`; resolves with the background's reply (typed by the protocol map). */
  send: ContentSend;
  signal: AbortSignal;
  /** Registers a listener for client-side navigation (WXT: `wxt:locationchange`). */
  onLocationChange(listener: () => void): void;
  /** Whether an event came from the person. Default `e.isTrusted === true` (tests inject their own). */
  isTrusted?: (event: Event) => boolean;
  /** Default 150 ms. */
  debounceMs?: number;
  /** Wait before re-sending after a failed send. Default 2000 ms. */
  retryMs?: number;
  timers?: Timers;
}

export interface Collector {
  /** Scans now (tests, or after a known change). */
  scan(): void;
  /** Resolves when every queued message has been handed to `send` and answered. */
  idle(): Promise<void>;
  lastScan(): PageScan | undefined;
  /** The company the page was loaded under (from `page/hello`), or null while unknown. */
  pageCompany(): string | null;
}

// Events on our own checkbox stop at the window: the register's row must not open the transaction.
const OWN_EVENTS = ['click', 'change', 'input', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'dblclick'];

const PAGE_INPUT_EVENTS = ['click', 'change', 'keyup'];

/** Only clicks and keys on something that can tick a row trigger an immediate scan (not typing in a search box). */
function isTickTarget(target: EventTarget | null): boolean {
  const el = target as Element | null;
  return typeof el?.closest === 'function' && el.closest(TICK_CONTROL_SELECTOR) !== null;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

export function startCollector(options: CollectorOptions): Collector {
  const { document: doc, signal, now } = options;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const isTrusted = options.isTrusted ?? defaultIsTrusted;
  const win: EventTarget = doc.defaultView ?? doc;
  const listen = { capture: true, signal };
  const keyer = createRowKeyer();
  // Our box on a row known by what it shows gets its key when the person ticks it.
  const own = createOwnCheckboxes((box) => {
    const row = rowOf(box);
    return row ? keyer.keyOf(row)?.key : undefined;
  });
  const scanShownRows = createShownRows();
  const tracker = createSelectionTracker({ now });
  const range = createRangeSelection();
  const judge = createProvenanceJudge(watchGestures({ target: win, now, isTrusted, signal }));
  const queue = createReportQueue({
    send: options.send,
    signal,
    timers,
    retryMs: options.retryMs ?? 2000,
    onRefused(key, sentTickedAt) {
      // The next scan writes the record back into our boxes: a refused row's box unticks.
      if (tracker.refuse(key, sentTickedAt)) own.drop(key, sentTickedAt);
      trigger();
    },
  });
  const readCounter = createCounterReader();
  const readName = createCompanyNameReader();
  // What a row shows, read once while its text is unchanged (the link agreement, the row keys and the
  // report share it). Within one scan the rows do not change: a row's text is read once per scan.
  const shownOf = new WeakMap<Element, { text: string; shown: Shown | undefined }>();
  const cachedRead = (read: (el: Element | undefined) => Shown | undefined) => {
    const thisScan = new Map<Element, Shown | undefined>();
    const withText = (el: Element, text: string) => {
      const hit = shownOf.get(el);
      const shown = hit?.text === text ? hit.shown : read(el);
      if (hit?.text !== text) shownOf.set(el, { text, shown });
      thisScan.set(el, shown);
      return shown;
    };
    const byElement = (el: Element | undefined) => {
      if (!el) return undefined;
      return thisScan.has(el) ? thisScan.get(el) : withText(el, el.textContent ?? '');
    };
    return { byElement, withText };
  };
  let claimed: number | undefined;
  let snapshotNext = true;
  let last: PageScan | undefined;
  let watch: DomWatch | undefined;

  const scan = () => {
    if (signal.aborted) return;
    const url = options.location();
    const host = hostOf(url);
    if (host === undefined) return;
    const { byElement: readShown, withText: readShownWithText } = cachedRead(createShownReader());
    // A link is its row's Id only when it agrees with what the row shows (not a related record's).
    const result = scanRows(doc, url, createLinkAgreement(url, readShown, last?.related));
    let seenSelected = 0;
    for (const row of result.rows) {
      let ownBox = false;
      for (const cell of row.cells) {
        if (!cell.checkbox) cell.checkbox = own.inject(cell.element, row.key);
        if (!own.isOwn(cell.checkbox)) continue;
        ownBox = true;
        cell.selected = own.sync(cell.checkbox, row.key);
      }
      if (ownBox) row.selected = row.cells.some((cell) => cell.selected);
      if (row.selected) seenSelected++;
    }
    keyer.begin(
      pageKind(url),
      (el) => {
        const known = result.byElement.get(el);
        return known !== undefined && !isShownRow(known);
      },
      readShownWithText,
    );
    const shownScan = scanShownRows({ doc, url, scan: result, own, keyer, entities: pageEntities(url) });
    let tracked: AnyRow[] = [...result.rows, ...shownScan.rows];
    let bankLines = shownScan.bankLines;
    if (shownScan.bankLinesTab) {
      // Bank lines, even one that links a suggested match: nothing ticked here is a transaction.
      bankLines += seenSelected;
      seenSelected = 0;
      tracked = [];
    } else {
      for (const row of shownScan.rows) if (row.selected) seenSelected++;
    }
    last = result;
    const at = now();
    judge.begin(result, at, url);
    const snapshot = snapshotNext;
    snapshotNext = false;
    const ownTick = (row: { key: string }) => own.tickedAt(row.key);
    const changes = tracker.update(tracked, snapshot, {
      ownTick,
      personTick(row) {
        const ownAt = ownTick(row);
        return ownAt !== undefined ? { at: ownAt, via: 'own' } : judge.personTick(row);
      },
      shown: (row) => readShown(row.cells[0]?.element),
    });
    const page: PageInfo = { seenSelected };
    const unreadable = unreadableOf(doc, result, own.isOwn, shownScan);
    if (unreadable) page.unreadable = unreadable;
    else if (bankLines > 0) page.bankLines = bankLines;
    // A page with nothing ticked has nothing to count: a 10,000-row page is not searched for a counter.
    claimed = seenSelected > 0 || unreadable || bankLines > 0 || claimed !== undefined ? readCounter(doc) : undefined;
    if (claimed !== undefined) page.claimedSelected = claimed;
    // The header's company name, a label for the popup: read (cheaply, from the element that
    // answered last) only when the report has ticked rows to carry it.
    const companyName = seenSelected > 0 || unreadable || bankLines > 0 ? readName(doc) : undefined;
    if (companyName !== undefined) page.companyName = companyName;
    queue.setPage(url, host);
    queue.push(changes, snapshot, page);
  };
  const trigger = () => watch?.trigger();

  const onOwnEvent = (event: Event) => {
    const box = event.target;
    if (!own.isOwn(box)) return;
    event.stopPropagation();
    if (event.type !== 'click') return;
    // A script's click() or a forged event must not tick our box (nor anchor a shift-click range).
    if (!isTrusted(event)) {
      event.preventDefault();
      return;
    }
    const at = now();
    own.record(box, at);
    const shiftKey = (event as MouseEvent).shiftKey === true;
    for (const other of range.clicked(box, shiftKey, () => own.inDocument(doc))) own.record(other, at);
    trigger();
  };
  for (const type of OWN_EVENTS) win.addEventListener(type, onOwnEvent, listen);
  // A tick on the page's own checkbox is recorded right after the event, not after the DOM has been
  // quiet: a bookkeeper who ticks and pages on at once would otherwise lose the tick when the
  // single-page app swaps the rows out (native .checked changes are invisible to a MutationObserver).
  let inputScan: unknown;
  const onPageInput = (event: Event) => {
    if (!watch || own.isOwn(event.target) || inputScan !== undefined || !isTickTarget(event.target)) return;
    inputScan = timers.setTimeout(() => {
      inputScan = undefined;
      scan();
    }, 0);
  };
  for (const type of PAGE_INPUT_EVENTS) win.addEventListener(type, onPageInput, listen);
  // Back on the tab: a snapshot, whose answer unticks our boxes for rows removed in the popup meanwhile.
  const resync = () => {
    snapshotNext = true;
    trigger();
  };
  // (focus does not bubble: a listener on the window hears the window's own focus only)
  win.addEventListener('focus', resync, { signal });
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'visible' && resync(), { signal });
  signal.addEventListener('abort', () => inputScan !== undefined && timers.clearTimeout(inputScan), { once: true });

  options.onLocationChange(() => {
    // A select-all authorizes ticks on the page it was clicked on only.
    judge.newPage(now());
    snapshotNext = true;
    queue.setPage(options.location(), hostOf(options.location()) ?? '');
    queue.hello();
    trigger();
  });

  queue.setPage(options.location(), hostOf(options.location()) ?? '');
  queue.hello();
  const begin = () => {
    if (signal.aborted || watch) return;
    watch = watchDom({
      root: doc,
      signal,
      onChange: scan,
      debounceMs: options.debounceMs ?? 150,
      ignoreNode: own.isOwn,
      timers,
      now,
    });
    scan();
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', begin, { once: true, signal });
  else begin();

  return {
    scan,
    idle: () => queue.idle(),
    lastScan: () => last,
    pageCompany: () => queue.company(),
  };
}
