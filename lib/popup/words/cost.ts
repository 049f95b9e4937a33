/**
 * The popup's words for what deleting a record changes beyond itself, from the findings' facts: the
 * cost of inventory sold after it (a decision, "Include inventory transactions") and the sales tax
 * it carries (a note: the service does not say which sales-tax periods are filed). Pure.
 */
import type { InventoryFinding, SalesTaxFinding, WarningFinding } from '../../domain/findings';
import { formatDate, formatMoney, plural } from '../format';

/** Items named before "and N more items". */
const NAMED_ITEMS = 3;

/**
 * What deleting a record that buys or sells inventory changes: "Changes the cost of inventory sold
 * after Mar 1, 2025 (Rock Fountain)." The date is the record's own; the items as the Item list names them.
 */
export function inventoryText(finding: InventoryFinding, locale?: string): string {
  const names = finding.items.map((i) => i.name ?? `item ${i.id}`);
  const shown = names.slice(0, NAMED_ITEMS);
  if (names.length > NAMED_ITEMS) shown.push(plural(names.length - NAMED_ITEMS, 'more item'));
  return `Changes the cost of inventory sold after ${formatDate(finding.dated, locale)} (${shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`}).`;
}

/** The service does not say which sales-tax periods are filed: the row says what the tax may change. */
export function salesTaxText(finding: SalesTaxFinding, locale?: string): string {
  return `Has sales tax of ${formatMoney(finding.totalTax, finding.currency, locale)}: if its period is already filed, deleting it changes your next return.`;
}

/**
 * What else a row's non-blocking findings say, beside its status's reason: the inventory decision
 * when it is not the status itself (a linked record that also moves inventory), and the sales tax.
 */
export function notesOf(row: { status?: string; warnings: readonly WarningFinding[] }, locale?: string): string[] {
  const notes: string[] = [];
  for (const w of row.warnings) {
    if (w.status === 'inventory' && row.status !== 'inventory') notes.push(inventoryText(w, locale));
    if (w.status === 'salesTax') notes.push(salesTaxText(w, locale));
  }
  return notes;
}
