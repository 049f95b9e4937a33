// @vitest-environment happy-dom
/** The found transactions' table: windowed at 10,000 results, the ticks and both "Add" buttons, the keyboard, axe. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultRow } from '../../components/find/ResultRow';
import { RESULT_ROW_HEIGHT, type ResultKey, ResultsTable } from '../../components/find/ResultsTable';
import type { Entity } from '../../lib/domain/entities';
import type { FoundRecord } from '../../lib/domain/find';

afterEach(cleanup);

const TYPES: Entity[] = ['Invoice', 'Bill', 'Purchase', 'JournalEntry'];

/** `n` results; amounts 100.00 + i/100, so 10,000 of them sum to $1,499,950.00. */
function results(n: number): FoundRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    entity: TYPES[i % TYPES.length] as Entity,
    id: String(i + 1),
    date: '2024-11-03',
    number: String(1000 + i),
    name: `Customer ${i % 97}`,
    amount: 100 + i / 100,
    currency: 'USD',
    createdAt: '2024-11-03T14:02:00Z',
  }));
}

function setup(rows: FoundRecord[]) {
  const onAdd = vi.fn<(keys: ResultKey[]) => void>();
  const view = render(<ResultsTable results={rows} onAdd={onAdd} />);
  const bodyRows = () => view.container.querySelectorAll('tbody tr:not(.find-spacer)');
  return { ...view, onAdd, bodyRows };
}

const box = (name: RegExp | string) => screen.getByRole('checkbox', { name });

describe('ResultsTable at 10,000 results', () => {
  const tenThousand = results(10_000);

  it('renders a real table with its headers, the total, and at most ~60 rows in the DOM', () => {
    const { bodyRows } = setup(tenThousand);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Date', 'Type', 'No.', 'Name', 'Amount', 'Created']);
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    expect(bodyRows().length).toBeGreaterThan(10);
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    // Per type: four types' amounts are never added into one figure.
    expect(
      screen.getByText(
        '10,000 found · Invoices 2,500: $374,950.00 · Bills 2,500: $374,975.00 · Expenses 2,500: $375,000.00 · Journal entries 2,500: $375,025.00',
      ),
    ).toBeTruthy();
    expect(box('Select all 10,000 results')).toBeTruthy();
  });

  it('"Add to selection" is off until a box is ticked, then gives exactly the ticked keys', () => {
    const { onAdd } = setup(tenThousand);
    const add = screen.getByRole('button', { name: 'Add to selection' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(box(/^Select Bill 1001,/));
    fireEvent.click(box(/^Select Expense 1002,/));
    fireEvent.click(box(/^Select Invoice 1004,/));
    fireEvent.click(box(/^Select Expense 1002,/)); // untick
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toEqual([
      { entity: 'Bill', id: '2' },
      { entity: 'Invoice', id: '5' },
    ]);
  });

  it('"Add all 10,000" gives every result once', () => {
    const { onAdd } = setup(tenThousand);
    fireEvent.click(screen.getByRole('button', { name: 'Add all 10,000' }));
    const keys = onAdd.mock.calls[0]?.[0] ?? [];
    expect(keys).toHaveLength(10_000);
    expect(new Set(keys.map((k) => `${k.entity}:${k.id}`)).size).toBe(10_000);
    expect(keys[9_999]).toEqual({ entity: 'JournalEntry', id: '10000' });
  });

  it('a row far down is rendered after scrolling, and its tick is the one added', () => {
    const { container, onAdd, bodyRows } = setup(tenThousand);
    const scroller = container.querySelector('.find-scroller') as HTMLElement;
    scroller.scrollTop = 7_000 * RESULT_ROW_HEIGHT;
    fireEvent.scroll(scroller);
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    expect(screen.queryByRole('checkbox', { name: /^Select Bill 1001,/ })).toBeNull();
    fireEvent.click(box(/^Select Invoice 8000,/));
    fireEvent.click(screen.getByRole('button', { name: 'Add to selection' }));
    expect(onAdd.mock.calls[0]?.[0]).toEqual([{ entity: 'Invoice', id: '7001' }]);
  });

  it('"Select all" ticks every result, rendered or not; again clears them', () => {
    const { onAdd } = setup(tenThousand);
    const all = box('Select all 10,000 results') as HTMLInputElement;
    fireEvent.click(all);
    expect(all.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add to selection' }));
    expect(onAdd.mock.calls[0]?.[0]).toHaveLength(10_000);
    fireEvent.click(all);
    expect((screen.getByRole('button', { name: 'Add to selection' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ResultsTable keyboard and changes', () => {
  it('space toggles the focused row’s box once; arrows move to the next row’s box', () => {
    setup(results(100));
    const first = box(/^Select Invoice 1000,/) as HTMLInputElement;
    first.focus();
    const space = fireEvent.keyDown(first, { key: ' ' });
    expect(space).toBe(false); // handled: the browser's own key-up click would toggle it back
    expect(first.checked).toBe(true);
    fireEvent.keyDown(first, { key: ' ' });
    expect(first.checked).toBe(false);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(box(/^Select Bill 1001,/));
  });

  it('arrows walk past the rendered window: the row comes into the DOM and takes the focus', () => {
    const { bodyRows } = setup(results(10_000));
    box(/^Select Invoice 1000,/).focus();
    for (let i = 0; i < 40; i++) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toMatch(/^Select Invoice 1040,/);
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    for (let i = 0; i < 40; i++) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toMatch(/^Select Invoice 1000,/);
  });

  it('sums each currency apart, within a type', () => {
    const rows = results(3).map((r, i) => ({
      ...r,
      entity: 'Invoice' as const,
      amount: 10,
      currency: i === 2 ? 'EUR' : 'USD',
    }));
    setup([...rows, { ...rows[0]!, id: '9', amount: undefined }]);
    expect(screen.getByText('4 found · Invoices 4: $20.00 + €10.00')).toBeTruthy();
  });

  it('new results start with nothing ticked', () => {
    const onAdd = vi.fn();
    const view = render(<ResultsTable results={results(5)} onAdd={onAdd} />);
    fireEvent.click(box(/^Select Invoice 1000,/));
    view.rerender(<ResultsTable results={results(3)} onAdd={onAdd} />);
    expect((screen.getByRole('button', { name: 'Add to selection' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add all 3' })).toBeTruthy();
  });

  it('no results: both buttons off, "0 found"', () => {
    setup([]);
    expect(screen.getByText('0 found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add all 0' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('names a box by type, number, date, amount and Id: two duplicates differ', () => {
    const [a, b] = [results(1)[0]!, { ...results(1)[0]!, id: '77' }];
    render(
      <table>
        <tbody>
          {[a, b].map((row, i) => (
            <ResultRow key={row.id} row={row} index={i} ticked={false} onToggle={() => {}} onKey={() => {}} />
          ))}
        </tbody>
      </table>,
    );
    expect(box('Select Invoice 1000, Nov 3, 2024, $100.00 (Id 1)')).toBeTruthy();
    expect(box('Select Invoice 1000, Nov 3, 2024, $100.00 (Id 77)')).toBeTruthy();
  });

  it('is axe clean, with rows ticked', async () => {
    const { container } = setup(results(50));
    fireEvent.click(box(/^Select Invoice 1000,/));
    const result = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
