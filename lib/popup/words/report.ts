/**
 * The words of the report handed to the client (lib/popup/report-data.ts, the printed page and its
 * files) that are the report's own: which books, and per record what else deleting it touched —
 * its attachments kept with the undo copy (or, after a restore, what became of each), the cost of
 * inventory and the sales tax — with the run's count of each. Pure; `locale` is for tests.
 */
import type { AttachmentOutcome } from '../../domain/attachments';
import type { AttachmentsFinding, InventoryFinding, SalesTaxFinding } from '../../domain/findings';
import type { Environment } from '../../domain/ids';
import { formatCount } from '../format';
import { attachmentOutcomeText, attachmentsNote } from './attachments';
import { inventoryText, salesTaxText } from './cost';

/** The books the run acted on, said only for a sandbox: a bookkeeper's real books go without saying. */
export function reportEnvironment(environment: Environment): string | undefined {
  return environment === 'sandbox' ? 'Sandbox (test company)' : undefined;
}

/** "Attachments: Lunch.pdf and 1 note." and, for a record deleted, that the undo copy keeps them. */
export function reportAttachmentsText(finding: Pick<AttachmentsFinding, 'files' | 'notes'>, deleted: boolean): string {
  const note = attachmentsNote(finding);
  return deleted ? `${note} Kept with the undo copy (not the files): a restore attaches them again.` : note;
}

/** What a restore did with each attachment, one sentence each, none left out. */
export function reportAttachmentOutcomesText(outcomes: readonly AttachmentOutcome[]): string {
  return outcomes.map(attachmentOutcomeText).join(' ');
}

/**
 * The inventory effect of a record: included in the run (the option was ticked) or held back by the
 * check, with what deleting it changes ("Changes the cost of inventory sold after Mar 1, 2026 …")
 * unless `effectSaid` (the row's why says it already).
 */
export function reportInventoryText(
  finding: InventoryFinding,
  how: { included: boolean; effectSaid?: boolean },
  locale?: string,
): string {
  const effect = how.effectSaid ? '' : ` ${inventoryText(finding, locale)}`;
  return how.included
    ? `Included with “Include inventory transactions”.${effect}`
    : `Held back: not deleted without “Include inventory transactions”.${effect}`;
}

/** The sales tax a record carried, and what deleting it may change. */
export function reportSalesTaxText(finding: SalesTaxFinding, locale?: string): string {
  return salesTaxText(finding, locale);
}

export interface ReportNoteCounts {
  /** Records deleted with attachments, kept with the undo copy. */
  attachmentsKept: number;
  /** Records restored whose attachments a restore dealt with. */
  attachmentsRestored: number;
  inventory: number;
  salesTax: number;
}

/** "3 had attachments, kept for undo · 1 bought or sold inventory · 2 carried sales tax"; undefined when none. */
export function reportNotesSummary(c: ReportNoteCounts, locale?: string): string | undefined {
  const n = (count: number) => formatCount(count, locale);
  const parts: string[] = [];
  if (c.attachmentsKept > 0) parts.push(`${n(c.attachmentsKept)} had attachments, kept for undo`);
  if (c.attachmentsRestored > 0) parts.push(`${n(c.attachmentsRestored)} had attachments, restored as said below`);
  if (c.inventory > 0) parts.push(`${n(c.inventory)} bought or sold inventory`);
  if (c.salesTax > 0) parts.push(`${n(c.salesTax)} carried sales tax`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
