/**
 * Follows a single-page app: DOM changes (MutationObserver), checkbox clicks/changes (a property
 * change is not a mutation) and explicit triggers all schedule ONE debounced callback. A burst longer
 * than `maxWaitMs` still gets a callback every `maxWaitMs`. Everything stops when `signal` aborts.
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WatchOptions {
  /** What to observe, usually `document`. */
  root: Node;
  signal: AbortSignal;
  onChange(): void;
  /** Default 150 ms. */
  debounceMs?: number;
  /** Default 1000 ms. */
  maxWaitMs?: number;
  /** Mutations made only of these nodes are ignored (our own injected checkboxes). */
  ignoreNode?(node: Node): boolean;
  timers?: Timers;
  now?: () => number;
}

export interface DomWatch {
  /** Schedules the callback (debounced). */
  trigger(): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function watchDom(options: WatchOptions): DomWatch {
  const { root, signal, onChange, debounceMs = 150, maxWaitMs = 1000, ignoreNode } = options;
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? Date.now;
  let handle: unknown;
  let firstAt: number | undefined;

  const fire = () => {
    handle = undefined;
    firstAt = undefined;
    if (!signal.aborted) onChange();
  };
  const trigger = () => {
    if (signal.aborted) return;
    const t = now();
    firstAt ??= t;
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = timers.setTimeout(fire, Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - t)));
  };

  const ours = (m: MutationRecord) =>
    ignoreNode !== undefined &&
    m.type === 'childList' &&
    m.removedNodes.length === 0 &&
    [...m.addedNodes].every((n) => ignoreNode(n));
  const observer = new MutationObserver((mutations) => {
    if (!mutations.every(ours)) trigger();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-checked', 'href', 'checked'],
  });
  const doc = root.ownerDocument ?? (root as Document);
  doc.addEventListener('change', trigger, true);
  doc.addEventListener('click', trigger, true);

  const stop = () => {
    observer.disconnect();
    doc.removeEventListener('change', trigger, true);
    doc.removeEventListener('click', trigger, true);
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  return { trigger };
}
