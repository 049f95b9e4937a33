/**
 * What a QuickBooks list showed for a ticked row (raw text, bounded). The content script reads it
 * (lib/collect/shown.ts), the selection report carries it, the selection keeps it, the popup shows
 * it, the preflight compares it with the service's record ("Doesn't match the page"), and, for a row
 * whose markup carries no transaction Id (registers, the Invoices list, the bank feed's Posted tab),
 * the row resolver (lib/resolve) finds the one record that agrees with every field shown.
 */
import { z } from 'zod';
import { MAX_SHOWN_TEXT } from './limits';

const ShownTextSchema = z.string().max(MAX_SHOWN_TEXT);

/**
 * Which column the amount came from: registers and the bank feed show money out and money in in two
 * columns (Payment / Deposit, Spent / Received; a credit card register's Charge), lists one Amount.
 */
export const AMOUNT_COLUMNS = ['amount', 'payment', 'deposit', 'charge'] as const;
export type AmountColumn = (typeof AMOUNT_COLUMNS)[number];

/** What the list showed for the row; each field only where the list has such a column. */
export const ShownSchema = z.strictObject({
  amount: ShownTextSchema.optional(),
  number: ShownTextSchema.optional(),
  date: ShownTextSchema.optional(),
  /** The Type column ("Invoice", "Expense", "Bill Payment (Check)"). */
  type: ShownTextSchema.optional(),
  /** Customer, vendor, payee or employee. */
  name: ShownTextSchema.optional(),
  /** The Account / Category column (a register's other side, "-Split-" for several). */
  account: ShownTextSchema.optional(),
  memo: ShownTextSchema.optional(),
  amountColumn: z.enum(AMOUNT_COLUMNS).optional(),
});
export type Shown = z.infer<typeof ShownSchema>;
