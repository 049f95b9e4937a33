/**
 * What a person sees of the selection's rows, measured in the page (pass `measureRows` to
 * `page.evaluate`: it is self-contained). The windowed list is scrolled through, every row drawn is
 * looked at once: a cell that identifies the record (type, number, date, amount, status, and in the
 * full view the name and why too) is cut when its text is wider or taller than its box, runs out of
 * the row, or is clipped by a box around it; two cells of a row overlap when their boxes intersect.
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
}

export async function measureRows(): Promise<RowFigures> {
  const full = document.querySelector('.popup.full') !== null;
  // Identifying cells are never cut; in the popup the name and the why may be shortened (the
  // full view and the row's tooltip have them whole), never drawn over another cell.
  const whole = ['.row-type', '.row-number', '.row-date', '.row-amount', '.chip', '.row-open', '.link-button'];
  if (full) whole.push('.row-party', '.row-why');
  const drawn = [...whole, '.row-party', '.row-why'];
  const cut = new Set<string>();
  const overlaps = new Set<string>();
  const seen = new Set<string>();
  let cellsChecked = 0;
  const box = (el: Element) => el.getBoundingClientRect();
  const inside = (a: DOMRect, b: DOMRect) =>
    a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const isCut = (el: HTMLElement, row: HTMLElement): boolean => {
    const style = getComputedStyle(el);
    if (style.display !== 'inline' && (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 1))
      return true;
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
      const cells: [string, HTMLElement][] = [];
      for (const selector of drawn) {
        const cell = row.querySelector<HTMLElement>(selector);
        if (!cell || cell.innerText.trim() === '' || cells.some(([s]) => s === selector)) continue;
        cells.push([selector, cell]);
        if (!whole.includes(selector)) continue;
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
    for (let y = 0; y < scroller.scrollHeight; y += Math.max(1, scroller.clientHeight / 2)) {
      scroller.scrollTop = y;
      // Two frames: the scroll event re-renders the window, the next frame lays it out.
      await frame();
      await frame();
      look();
    }
    scroller.scrollTop = 0;
    await frame();
  }
  const cutHeaders = [...document.querySelectorAll<HTMLElement>('.row-head > *')]
    .filter((h) => h.scrollWidth > h.clientWidth + 0.5 || h.scrollHeight > h.clientHeight + 1)
    .map((h) => h.innerText.trim());
  return { rowsChecked: seen.size, cellsChecked, cut: [...cut], overlaps: [...overlaps], cutHeaders };
}
