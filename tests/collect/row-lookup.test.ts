// @vitest-environment happy-dom
/**
 * rowOf and findRowCheckbox use native closest()/querySelector() (fast in Chromium). They must give
 * the same answers as the plain walks they replaced, on nested rows too: the nearest `.dgrid-row`
 * ancestor wins over a nearer `tr`/`[role=row]` (register rows wrap a presentation table), the link
 * is never its own row, and the checkbox is the row's first one in document order.
 */
import { describe, expect, it } from 'vitest';
import { findRowCheckbox } from '../../lib/collect/checkbox';
import { rowOf } from '../../lib/collect/rows';

/** The previous rowOf: one walk up from the link's parent. */
function walkRowOf(link: Element): Element | null {
  let nearest: Element | null = null;
  for (let el: Element | null = link.parentElement; el; el = el.parentElement) {
    if (/(?:^|\s)dgrid-row(?:\s|$)/.test(el.getAttribute('class') ?? '')) return el;
    if (!nearest && (el.tagName === 'TR' || el.getAttribute('role') === 'row')) nearest = el;
  }
  return nearest;
}

/** The previous findRowCheckbox: a depth-first walk below the row. */
function walkCheckbox(row: Element): Element | null {
  const stack: Element[] = [row];
  while (stack.length) {
    const el = stack.pop() as Element;
    const isBox =
      el.tagName === 'INPUT' ? (el as HTMLInputElement).type === 'checkbox' : el.getAttribute('role') === 'checkbox';
    if (el !== row && isBox) return el;
    for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  }
  return null;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random nests of divs/spans carrying row roles and classes, links and checkboxes. */
function randomTree(doc: Document, next: () => number): Element {
  const root = doc.createElement('div');
  const build = (parent: Element, depth: number) => {
    const n = 1 + Math.floor(next() * 3);
    for (let i = 0; i < n; i++) {
      const r = next();
      let el: Element;
      if (r < 0.15) {
        el = doc.createElement('a');
        el.setAttribute('href', '/app/invoice?txnId=1');
        if (next() < 0.1) el.setAttribute('role', 'row');
        if (next() < 0.1) el.setAttribute('class', 'dgrid-row');
      } else if (r < 0.25) {
        el = doc.createElement('input');
        el.setAttribute('type', next() < 0.7 ? 'checkbox' : 'text');
      } else if (r < 0.32) {
        el = doc.createElement('span');
        el.setAttribute('role', next() < 0.7 ? 'checkbox' : 'button');
      } else {
        el = doc.createElement(next() < 0.5 ? 'div' : 'span');
        const k = next();
        if (k < 0.2) el.setAttribute('role', 'row');
        else if (k < 0.3) el.setAttribute('class', next() < 0.5 ? 'dgrid-row' : 'x dgrid-row y');
        else if (k < 0.35) el.setAttribute('class', 'dgrid-row-table');
        else if (k < 0.4) el.setAttribute('role', 'rowgroup');
      }
      parent.append(el);
      if (depth < 6 && el.tagName !== 'INPUT') build(el, depth + 1);
    }
  };
  build(root, 0);
  return root;
}

describe('row lookup', () => {
  it('agrees with the plain walks on random nested rows', () => {
    const next = rng(7);
    let links = 0;
    let rows = 0;
    for (let t = 0; t < 150; t++) {
      const tree = randomTree(document, next);
      for (const link of tree.querySelectorAll('a')) {
        links++;
        const row = rowOf(link);
        expect(row).toBe(walkRowOf(link));
        if (row) {
          rows++;
          expect(findRowCheckbox(row)).toBe(walkCheckbox(row));
        }
      }
    }
    expect(links).toBeGreaterThan(100);
    expect(rows).toBeGreaterThan(50);
  });

  it('nested tables: a register row wins over its inner tr; a nested list row wins over its outer tr', () => {
    document.body.innerHTML = `
      <div class="dgrid-row" id="reg"><table role="presentation"><tr id="inner"><td>
        <input type="checkbox" id="box1"><a id="l1" href="/app/bill?txnId=1">b</a></td></tr></table></div>
      <table><tr id="outer"><td><input type="checkbox" id="box2"><table><tr id="nested"><td>
        <span role="checkbox" id="box3"></span><a id="l2" href="/app/bill?txnId=2">b</a></td></tr></table></td></tr></table>
      <a id="l3" role="row" class="dgrid-row" href="/app/bill?txnId=3">own row?</a>`;
    const byId = (id: string) => document.getElementById(id) as Element;
    expect(rowOf(byId('l1'))).toBe(byId('reg'));
    expect(findRowCheckbox(byId('reg'))).toBe(byId('box1'));
    expect(rowOf(byId('l2'))).toBe(byId('nested'));
    expect(findRowCheckbox(byId('nested'))).toBe(byId('box3'));
    expect(rowOf(byId('l3'))).toBeNull();
  });
});
