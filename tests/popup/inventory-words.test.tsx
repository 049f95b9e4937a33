// @vitest-environment happy-dom
/**
 * Inventory cost and sales tax in the popup: a record that buys or sells inventory shows "Inventory"
 * and says whose cost changes after its date; it is a decision, left out of the click until the
 * person ticks "Include inventory transactions", which then goes with the job's start. A record
 * carrying sales tax says so beside it (the service does not say which periods are filed).
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { InventoryFinding, SalesTaxFinding } from '../../lib/domain/findings';
import type { SelectionRow } from '../../lib/messaging/views';
import { buildPlan } from '../../lib/popup/plan';
import { inventoryText, salesTaxText } from '../../lib/popup/words/cost';
import { linkedTo, popupState, renderPopup, row, settle } from './fixtures';

const fountain: InventoryFinding = {
  status: 'inventory',
  items: [{ id: '7', name: 'Rock Fountain' }],
  dated: '2026-03-01',
};
const tax: SalesTaxFinding = { status: 'salesTax', totalTax: 12.4, currency: 'USD' };
const billRow = (over: Partial<SelectionRow> = {}): SelectionRow => ({
  ...row(3, 'inventory', 'Bill'),
  docNumber: 'B-3',
  warnings: [fountain],
  ...over,
});

describe('inventory and sales-tax words', () => {
  it('says whose cost changes after the record’s date, and the sales tax', () => {
    expect(inventoryText(fountain, 'en-US')).toBe(
      'Changes the cost of inventory sold after Mar 1, 2026 (Rock Fountain).',
    );
    const many = { ...fountain, items: ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ id: String(i), name })) };
    expect(inventoryText(many, 'en-US')).toBe(
      'Changes the cost of inventory sold after Mar 1, 2026 (A, B, C and 2 more items).',
    );
    expect(salesTaxText(tax, 'en-US')).toBe(
      'Has sales tax of $12.40: if its period is already filed, deleting it changes your next return.',
    );
  });

  it('the plan holds an inventory row for a decision; a linked one that also moves inventory needs both opt-ins', () => {
    const both = { ...row(4, 'linked'), warnings: [...linkedTo(['Payment', '9']), fountain] };
    const rows = [row(1, 'ready'), billRow(), both];
    const none = buildPlan(rows, { includeReconciled: false, includeLinked: false });
    expect(none.groups.willDelete.rows.map((r) => r.id)).toEqual(['1']);
    expect(none.groups.decision.rows.map((r) => r.id)).toEqual(['3', '4']);
    const inv = buildPlan(rows, { includeReconciled: false, includeLinked: false, includeInventory: true });
    expect(inv.groups.willDelete.rows.map((r) => r.id)).toEqual(['1', '3']);
    const all = buildPlan(rows, { includeReconciled: false, includeLinked: true, includeInventory: true });
    expect(all.groups.willDelete.rows.map((r) => r.id)).toEqual(['1', '3', '4']);
  });
});

describe('the popup', () => {
  it('shows the words beside the rows, and "Include inventory transactions" goes with the job', async () => {
    const taxed = { ...row(1, 'ready'), warnings: [tax] };
    const { container, bg } = await renderPopup(popupState({ selection: [taxed, billRow()] }));
    const text = container.textContent ?? '';
    expect(text).toContain('Changes the cost of inventory sold after');
    expect(text).toContain('(Rock Fountain)');
    expect(text).toContain('if its period is already filed, deleting it changes your next return');
    expect(text).toMatch(/Has sales tax of \$12\.40/);
    const box = screen.getByLabelText('Include inventory transactions') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain(
      '1 inventory transaction left alone',
    );
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /Verify and delete selected/ })));
    expect(bg.sentOfType('job/start').at(-1)).not.toHaveProperty('includeInventory'); // absent: off
    await settle(() => fireEvent.click(box));
    expect(bg.sentOfType('selection/choose').at(-1)).toMatchObject({ choice: { includeInventory: true } });
    expect((screen.getByLabelText('Include inventory transactions') as HTMLInputElement).checked).toBe(true);
    const warning = document.getElementById(box.getAttribute('aria-describedby')!)!;
    expect(warning.textContent).toContain('1 inventory transaction will be deleted');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /Verify and delete selected/ })));
    expect(bg.sentOfType('job/start').at(-1)).toMatchObject({ includeInventory: true });
  });
});
