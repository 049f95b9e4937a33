import { useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { Entity } from '../../lib/domain/entities';
import type { FoundRecord } from '../../lib/domain/find';
import { keyOfRecord } from '../../lib/domain/record-key';
import { sumsByType } from '../../lib/find/search-total';
import { formatCount, formatMoney } from '../../lib/popup/format';
import { entityCountsText } from '../../lib/popup/words';
import { ResultRow } from './ResultRow';

/** Fixed geometry makes windowing a division: keep in step with `.find-table tbody tr` in results-table.css. */
export const RESULT_ROW_HEIGHT = 32;
/** Fifteen rows: the full view (1280 × 800) keeps the search form above and the buttons below in view. */
export const RESULTS_VIEWPORT = 480;
export const RESULTS_OVERSCAN = 8;

/** Which results to render for a scroll position: those in view plus RESULTS_OVERSCAN either side. */
export function resultsRange(scrollTop: number, count: number, viewport = RESULTS_VIEWPORT): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / RESULT_ROW_HEIGHT) - RESULTS_OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / RESULT_ROW_HEIGHT) + RESULTS_OVERSCAN);
  return [first, last];
}

export interface ResultKey {
  entity: Entity;
  id: string;
}

interface Props {
  results: readonly FoundRecord[];
  onAdd: (keys: ResultKey[]) => void;
  viewport?: number;
}

const keyOf = (r: FoundRecord): ResultKey => ({ entity: r.entity, id: r.id });
const NONE: ReadonlySet<number> = new Set();

/**
 * The found transactions: a real table whose rows are windowed (thousands of
 * results, a few dozen rows in the DOM), a box per row and one for all, the total, and the two ways
 * to add to the selection. Space toggles the focused row's box, arrows move between rows.
 */
export function ResultsTable({ results, onAdd, viewport = RESULTS_VIEWPORT }: Props) {
  const scrollTop = useSignal(0);
  // By position in the results they were ticked in: a new set of results starts with nothing ticked.
  const ticks = useSignal<{ of: readonly FoundRecord[]; set: ReadonlySet<number> }>({ of: results, set: NONE });
  const tickedSet = ticks.value.of === results ? ticks.value.set : NONE;
  const setTicked = (set: ReadonlySet<number>) => {
    ticks.value = { of: results, set };
  };
  const scroller = useRef<HTMLElement>(null);
  const pendingFocus = useRef<number | undefined>(undefined);
  const sums = useMemo(() => sumsByType(results), [results]);
  const count = results.length;
  const [first, last] = resultsRange(scrollTop.value, count, viewport);
  const tickedCount = tickedSet.size;

  const toggle = (index: number) => {
    const next = new Set(tickedSet);
    if (!next.delete(index)) next.add(index);
    setTicked(next);
  };
  const toggleAll = () => {
    setTicked(tickedCount === count ? NONE : new Set(results.keys()));
  };
  const onKey = (index: number, e: KeyboardEvent) => {
    if (e.key === ' ') {
      // Handled here, not by the browser's click on key-up: one toggle, the same in every browser.
      e.preventDefault();
      toggle(index);
      return;
    }
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    const target = index + step;
    if (step === 0 || target < 0 || target >= count) return;
    e.preventDefault();
    const el = scroller.current;
    const top = target * RESULT_ROW_HEIGHT;
    const header = RESULT_ROW_HEIGHT; // the sticky header covers the first row's height
    if (el && top < el.scrollTop) el.scrollTop = top;
    else if (el && top + RESULT_ROW_HEIGHT + header > el.scrollTop + viewport)
      el.scrollTop = top + RESULT_ROW_HEIGHT + header - viewport;
    if (el) scrollTop.value = el.scrollTop;
    // Rendered already (the overscan) → focus now; else once the scroll above has rendered it.
    const rendered = el?.querySelector<HTMLInputElement>(`input[data-index="${target}"]`);
    if (rendered) rendered.focus();
    else pendingFocus.current = target;
  };
  // The row to focus may have just been rendered by the scroll above.
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (target === undefined) return;
    pendingFocus.current = undefined;
    scroller.current?.querySelector<HTMLInputElement>(`input[data-index="${target}"]`)?.focus();
  });

  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = tickedCount > 0 && tickedCount < count;
  }, [tickedCount, count]);

  // Per type: receivables and payables added into one figure would mean nothing.
  const totals = sums.map(
    (t) =>
      `${entityCountsText(new Map([[t.entity, t.count]]))}: ${t.sums.map((s) => formatMoney(s.cents / 100, s.currency)).join(' + ') || 'no amount'}`,
  );
  return (
    <section class="find-results" aria-label="Results">
      <p class="find-total">{[`${formatCount(count)} found`, ...totals].join(' · ')}</p>
      <section
        ref={scroller}
        class="find-scroller"
        aria-label="Found transactions"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        style={{ maxHeight: `${viewport}px` }}
        onScroll={(e) => (scrollTop.value = e.currentTarget.scrollTop)}
      >
        <table class="find-table" aria-rowcount={count + 1}>
          <colgroup>
            <col class="find-col-check" />
            <col class="find-col-date" />
            <col class="find-col-type" />
            <col class="find-col-number" />
            <col />
            <col class="find-col-amount" />
            <col class="find-col-created" />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" class="find-check">
                <input
                  ref={all}
                  type="checkbox"
                  aria-label={`Select all ${formatCount(count)} results`}
                  checked={count > 0 && tickedCount === count}
                  disabled={count === 0}
                  onChange={toggleAll}
                />
              </th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">No.</th>
              <th scope="col">Name</th>
              <th scope="col" class="find-amount">
                Amount
              </th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            <Spacer height={first * RESULT_ROW_HEIGHT} />
            {results.slice(first, last).map((row, i) => (
              <ResultRow
                key={keyOfRecord(row)}
                row={row}
                index={first + i}
                ticked={tickedSet.has(first + i)}
                onToggle={toggle}
                onKey={onKey}
              />
            ))}
            <Spacer height={(count - last) * RESULT_ROW_HEIGHT} />
          </tbody>
        </table>
      </section>
      <div class="find-actions">
        <span class="find-ticked">{tickedCount > 0 ? `${formatCount(tickedCount)} ticked` : ''}</span>
        <button
          type="button"
          disabled={tickedCount === 0}
          onClick={() =>
            onAdd([...tickedSet].sort((a, b) => a - b).flatMap((i) => (results[i] ? [keyOf(results[i])] : [])))
          }
        >
          Add to selection
        </button>
        <button type="button" disabled={count === 0} onClick={() => onAdd(results.map(keyOf))}>
          {`Add all ${formatCount(count)}`}
        </button>
      </div>
    </section>
  );
}

/** The rows above or below the window, as one empty row of their height: the scroll bar stays true. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with no control: not a row to announce
    <tr class="find-spacer" aria-hidden="true" style={{ height: `${height}px` }}>
      <td colSpan={7} />
    </tr>
  );
}
