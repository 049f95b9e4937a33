/**
 * The whole audit export as one string, page after page as the popup fetches it (`after` = the
 * previous page's `next`). The log itself has no whole-log export: the product only streams pages.
 */
import type { AuditLog } from '../../lib/audit/log';

export async function exportAll(
  log: Pick<AuditLog, 'exportPage'>,
  format: 'csv' | 'json',
  pageSize?: number,
): Promise<string> {
  const parts: string[] = [];
  let after: number | undefined = 0;
  while (after !== undefined) {
    const page = await log.exportPage(format, after, pageSize);
    parts.push(page.text);
    after = page.next;
  }
  return parts.join('');
}
