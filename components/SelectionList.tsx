import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Environment } from '../lib/domain/ids';
import type { SelectionRow } from '../lib/messaging/views';
import { SelectionRowItem } from './SelectionRowItem';

/**
 * A row's least height, and its height until it is drawn and measured: keep in step with `.row` in
 * style.css. A row whose name or why takes more lines is as tall as its text (measured once drawn).
 */
export const ROW_HEIGHT = 36;
/** The full view's rows: room for the why-text on three lines (`.full .row` in style.css), more if it needs. */
export const FULL_ROW_HEIGHT = 56;
/** The popup's list: ten rows, the records first (at least 8 visible at 460 × 600). */
export const VIEWPORT_HEIGHT = 360;
export const OVERSCAN = 6;
/** The list never shrinks below four rows to make room: the page scrolls instead. */
const MIN_ROWS = 4;

/** Each row's top, and the list's height last: the measured height of a row drawn, else `rowHeight`. */
export function rowTops(
  keys: readonly string[],
  measured: ReadonlyMap<string, number>,
  rowHeight = ROW_HEIGHT,
): number[] {
  const tops = [0];
  for (const key of keys) tops.push((tops[tops.length - 1] as number) + (measured.get(key) ?? rowHeight));
  return tops;
}

/** Which rows to render for a scroll position: the visible ones plus OVERSCAN either side. */
export function visibleRange(tops: readonly number[], scrollTop: number, viewport = VIEWPORT_HEIGHT): [number, number] {
  const count = tops.length - 1;
  // The first row whose bottom is below the top edge, the first whose top is past the bottom edge.
  const firstShown = lowerBound(tops, scrollTop, 1) - 1;
  const pastShown = lowerBound(tops, scrollTop + viewport, 0);
  return [Math.max(0, firstShown - OVERSCAN), Math.min(count, pastShown + OVERSCAN)];
}

/** The first index from `from` whose value is above `value` (or equal when `from` is 0: a top at the edge is past it). */
function lowerBound(tops: readonly number[], value: number, from: number): number {
  let lo = from;
  let hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const t = tops[mid] as number;
    if (from === 0 ? t >= value : t > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface Props {
  rows: readonly SelectionRow[];
  environment: Environment;
  onRemove: (key: string) => void;
  /** Taller in the full view (a tab has room). */
  viewport?: number;
  /** "Void instead of delete" is on: rows of a type the service cannot void say so. */
  voidInstead?: boolean;
  /** Each row's height in pixels (ROW_HEIGHT in the popup, FULL_ROW_HEIGHT in the full view). */
  rowHeight?: number;
  /** False: no connection can check the rows now. */
  connected?: boolean;
}

/** A windowed list: thousands of rows scroll smoothly because only ~20 exist in the DOM. */
export function SelectionList({
  rows,
  environment,
  onRemove,
  viewport = VIEWPORT_HEIGHT,
  voidInstead,
  rowHeight = ROW_HEIGHT,
  connected,
}: Props) {
  const scrollTop = useSignal(0);
  const scroller = useRef<HTMLElement>(null);
  const room = useRoomAbove(scroller, viewport, rowHeight);
  const measured = useMeasuredHeights(scroller);
  const tops = rowTops(
    rows.map((r) => r.key),
    measured,
    rowHeight,
  );
  const total = tops[rows.length] as number;
  const [first, last] = visibleRange(tops, scrollTop.value, room);
  // The removed row's button disappears with it: keep keyboard focus in the list, not on <body>.
  const remove = (key: string) => {
    scroller.current?.focus();
    onRemove(key);
  };
  return (
    <section
      ref={scroller}
      class="scroller"
      aria-label="Selected transactions"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      style={{ height: px(Math.min(room, Math.max(rowHeight, total))) }}
      onScroll={(e) => (scrollTop.value = e.currentTarget.scrollTop)}
    >
      <ul class="rows" style={{ height: px(total) }}>
        {rows.slice(first, last).map((row, i) => (
          <SelectionRowItem
            key={row.key}
            row={row}
            index={first + i}
            setSize={rows.length}
            top={px(tops[first + i] as number)}
            environment={environment}
            onRemove={remove}
            voidInstead={voidInstead}
            connected={connected}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The drawn rows' heights, measured after each render: a row whose text takes more lines than the
 * least height is as tall as it is drawn, and the rows below it move down. A change re-renders once.
 */
function useMeasuredHeights(scroller: { current: HTMLElement | null }): ReadonlyMap<string, number> {
  const heights = useRef(new Map<string, number>());
  const version = useSignal(0);
  // Read so that a change of the version re-renders the list.
  void version.value;
  useLayoutEffect(() => {
    let changed = false;
    for (const li of scroller.current?.querySelectorAll<HTMLElement>('li.row') ?? []) {
      const key = li.dataset.key;
      const h = li.getBoundingClientRect().height;
      // Not laid out (a hidden list, a DOM without layout): keep the least height.
      if (!key || h <= 0) continue;
      if (Math.abs((heights.current.get(key) ?? 0) - h) > 0.5) {
        heights.current.set(key, h);
        changed = true;
      }
    }
    if (changed) version.value += 1;
  });
  return heights.current;
}

/**
 * The list's height: at most `viewport`, less when what sits above it (an alert, a banner) and the
 * deck at the bottom would otherwise cover rows, so every row drawn is a row seen.
 */
function useRoomAbove(scroller: { current: HTMLElement | null }, viewport: number, rowHeight: number): number {
  const room = useSignal(viewport);
  const measure = () => {
    const el = scroller.current;
    if (!el || typeof innerHeight !== 'number') return;
    const deck = document.querySelector<HTMLElement>('.deck');
    const top = el.getBoundingClientRect().top + scrollY;
    const free = Math.floor((innerHeight - top - (deck?.offsetHeight ?? 0) - 8) / rowHeight) * rowHeight;
    room.value = Math.min(viewport, Math.max(MIN_ROWS * rowHeight, free));
  };
  // What sits above the list changes with every render (notices, the deck): measure after each one.
  useLayoutEffect(measure);
  // The window's size changes on its own: one listener for the list's life, not one per render.
  const latest = useRef(measure);
  latest.current = measure;
  useEffect(() => {
    const onResize = () => latest.current();
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, []);
  return room.value;
}

/** Preact 11 no longer appends `px` to numeric styles. */
function px(n: number): string {
  return `${n}px`;
}
