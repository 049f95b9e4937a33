/**
 * Links as the real service writes them (service-facts "Where links live"): a document (Invoice,
 * Bill, SalesReceipt, Estimate, …) lists what is linked to it at its top level, `LinkedTxn`; a payment
 * (Payment, BillPayment) and a Deposit carry theirs per line, `Line[].LinkedTxn`, with no top-level
 * `LinkedTxn` at all. Both fidelity modes write this shape (the document shows no other).
 *
 * Decision where the documents are silent: a deposited Payment names its Deposit on a line of its own
 * (`{Amount, LinkedTxn: [{TxnType: 'Deposit'}]}`), as it names everything else; a deposited
 * SalesReceipt, a document, at its top level.
 */
import type { Entity } from './service-names';

export interface JsonLink {
  TxnId: string;
  TxnType: string;
  TxnLineId?: string;
}

/** The entities whose links live on their lines. */
export const LINE_LINKED: ReadonlySet<Entity> = new Set<Entity>(['Payment', 'BillPayment', 'Deposit']);

function list(value: unknown): JsonLink[] {
  return Array.isArray(value)
    ? value.filter((l): l is JsonLink => typeof l?.TxnId === 'string' && typeof l?.TxnType === 'string')
    : [];
}

/** Every link an entity JSON names, from both places: top level first, then the lines'. */
export function jsonLinks(json: Record<string, unknown>): JsonLink[] {
  const lines = Array.isArray(json.Line) ? (json.Line as Record<string, unknown>[]) : [];
  return [...list(json.LinkedTxn), ...lines.flatMap((line) => list(line?.LinkedTxn))];
}

/** The next line Id of an entity JSON ("1", "2", …). */
function nextLineId(json: Record<string, unknown>): string {
  const lines = Array.isArray(json.Line) ? (json.Line as { Id?: unknown }[]) : [];
  return String(lines.reduce((max, line) => Math.max(max, Number(line.Id) || 0), 0) + 1);
}

/**
 * Adds a link where `entity` keeps it: a line `{Id, Amount, LinkedTxn}` for a payment or deposit
 * (Amount: what the line applies), the top-level `LinkedTxn` for a document.
 */
export function addLink(entity: Entity, json: Record<string, unknown>, link: JsonLink, amount?: number): void {
  if (!LINE_LINKED.has(entity)) {
    json.LinkedTxn = [...list(json.LinkedTxn), link];
    return;
  }
  const line: Record<string, unknown> = { Id: nextLineId(json) };
  if (amount !== undefined) line.Amount = amount;
  line.LinkedTxn = [link];
  json.Line = [...(Array.isArray(json.Line) ? json.Line : []), line];
}
