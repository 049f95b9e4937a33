/**
 * What a person sees of the selection's rows, measured in the page (pass `measureRows` to
 * `page.evaluate`: it is self-contained). The windowed list is scrolled through, every row drawn is
 * looked at once: a cell (type, number, date, amount, name, status, why it is held back) is cut when
 * its text is wider or taller than its box (an ellipsis drawn counts), runs out of the row, or is
 * clipped by a box around it; two cells of a row overlap when their boxes intersect.
 */
export interface RowFigures {
  rowsChecked: number;
  cellsChecked: number;
  /** "Expense:512 .row-number: "CC-88231"". */
  cut: string[];
  /** "Deposit:520 .chip over .row-why". */
  overlaps: string[];
  /** Headers of the full view's table whose text does not fit. */
  cutHeaders: string[];
  /** The height of each row with no why-text and a name on one line (px): such a row takes the least height. */
  plainRowHeights: number[];
}

export async function measureRows(): Promise<RowFigures> {
  // Every cell is drawn whole in both views: what identifies the record and why it is held back.
  const whole = [
    '.row-type',
    '.row-number',
    '.row-date',
    '.row-amount',
    '.row-party',
    '.row-why',
    '.chip',
    '.row-open',
    '.link-button',
  ];
  const cut = new Set<string>();
  const overlaps = new Set<string>();
  const seen = new Set<string>();
  const plainRowHeights: number[] = [];
  let cellsChecked = 0;
  const box = (el: Element) => el.getBoundingClientRect();
  const inside = (a: DOMRect, b: DOMRect) =>
    a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const isCut = (el: HTMLElement, row: HTMLElement): boolean => {
    const style = getComputedStyle(el);
    if (style.display !== 'inline' && (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 1))
      return true;
    // An ellipsis in use: the box is narrower than the text it holds (even by less than a pixel).
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) return true;
    const r = box(el);
    if (!inside(r, box(row))) return true;
    for (let p = el.parentElement; p && p !== row; p = p.parentElement) {
      const ps = getComputedStyle(p);
      if (ps.display === 'contents') continue;
      if ((ps.overflowX !== 'visible' || ps.overflowY !== 'visible') && !inside(r, box(p))) return true;
    }
    return false;
  };
  const look = () => {
    for (const row of document.querySelectorAll<HTMLElement>('li.row')) {
      const key = row.dataset.key ?? '';
      if (seen.has(key)) continue;
      const rowBox = box(row);
      const scroller = row.closest('.scroller');
      // Only a row wholly in its scroller's view: windowing draws a few rows past the edge.
      if (scroller && !inside(rowBox, box(scroller))) continue;
      seen.add(key);
      // A row with no why whose name takes one line (a longer name wraps and makes the row taller).
      const party = row.querySelector('.row-party')?.getBoundingClientRect();
      const date = row.querySelector('.row-date')?.getBoundingClientRect();
      if (!row.querySelector('.row-why') && (!party || !date || party.height <= date.height + 1))
        plainRowHeights.push(rowBox.height);
      const cells: [string, HTMLElement][] = [];
      for (const selector of whole) {
        const cell = row.querySelector<HTMLElement>(selector);
        if (!cell || cell.innerText.trim() === '' || cells.some(([s]) => s === selector)) continue;
        cells.push([selector, cell]);
        cellsChecked += 1;
        if (isCut(cell, row)) cut.add(`${key} ${selector}: "${cell.innerText.trim()}"`);
      }
      cells.forEach(([a, x], i) => {
        for (const [b, y] of cells.slice(i + 1)) {
          const p = box(x);
          const q = box(y);
          const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          if (w > 0.5 && h > 0.5) overlaps.add(`${key} ${a} over ${b}`);
        }
      });
    }
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const scroller = document.querySelector<HTMLElement>('.scroller');
  look();
  if (scroller) {
    for (let y = 0; y < scroller.scrollHeight; ) {
      scroller.scrollTop = y;
      // Three frames: the scroll event re-renders the window, the rows drawn are measured (a row
      // taller than the least height moves those below it), the next frame lays it out.
      await frame();
      await frame();
      await frame();
      look();
      // On by half the view, or less: the next row not looked at yet comes to the top (a row of any
      // height up to the view's is once wholly in view).
      const unseen = [...scroller.querySelectorAll<HTMLElement>('li.row')]
        .filter((r) => !seen.has(r.dataset.key ?? '') && r.offsetTop > y)
        .map((r) => r.offsetTop);
      y = Math.min(y + Math.max(1, scroller.clientHeight / 2), ...unseen);
    }
    scroller.scrollTop = 0;
    await frame();
  }
  const cutHeaders = [...document.querySelectorAll<HTMLElement>('.row-head > *')]
    .filter((h) => h.scrollWidth > h.clientWidth + 0.5 || h.scrollHeight > h.clientHeight + 1)
    .map((h) => h.innerText.trim());
  return { rowsChecked: seen.size, cellsChecked, cut: [...cut], overlaps: [...overlaps], cutHeaders, plainRowHeights };
}
