import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Environment } from '../lib/domain/ids';
import type { SelectionRow } from '../lib/messaging/views';
import { SelectionRowItem } from './SelectionRowItem';

/** Fixed geometry makes windowing a division: keep in step with `.row` in style.css. */
export const ROW_HEIGHT = 36;
/** The full view's rows: room for the why-text on three lines (`.full .row` in style.css). */
export const FULL_ROW_HEIGHT = 56;
/** The popup's list: ten rows, the records first (at least 8 visible at 460 × 600). */
export const VIEWPORT_HEIGHT = 360;
export const OVERSCAN = 6;
/** The list never shrinks below four rows to make room: the page scrolls instead. */
const MIN_ROWS = 4;

/** Which rows to render for a scroll position: the visible ones plus OVERSCAN either side. */
export function visibleRange(
  scrollTop: number,
  count: number,
  viewport = VIEWPORT_HEIGHT,
  rowHeight = ROW_HEIGHT,
): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);
  return [first, last];
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
  const [first, last] = visibleRange(scrollTop.value, rows.length, room, rowHeight);
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
      style={{ height: px(Math.min(room, Math.max(1, rows.length) * rowHeight)) }}
      onScroll={(e) => (scrollTop.value = e.currentTarget.scrollTop)}
    >
      <ul class="rows" style={{ height: px(rows.length * rowHeight) }}>
        {rows.slice(first, last).map((row, i) => (
          <SelectionRowItem
            key={row.key}
            row={row}
            index={first + i}
            setSize={rows.length}
            top={px((first + i) * rowHeight)}
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
