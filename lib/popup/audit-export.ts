/**
 * The audit log's export as the popup fetches it: page after page (`after` = the previous page's
 * `next`), the parts kept apart so a Blob joins them (50,000 entries never become one string).
 */
import type { Reply } from '../messaging/protocol';
import type { AuditFile } from '../messaging/views';
import type { DownloadFile } from './download';

type FetchPage = (after: number) => Promise<Reply<AuditFile> | undefined>;

/** Every page, or the first refusal's words; `through` is the watermark the export reaches. */
export async function fetchAuditExport(
  fetchPage: FetchPage,
): Promise<{ ok: true; file: DownloadFile; through: number } | { ok: false; error: string }> {
  const parts: string[] = [];
  let after: number | undefined = 0;
  let last: AuditFile | undefined;
  while (after !== undefined) {
    const reply: Reply<AuditFile> | undefined = await fetchPage(after);
    if (!reply?.ok) return { ok: false, error: reply ? reply.error : 'The audit log could not be exported.' };
    last = reply.data;
    parts.push(last.content);
    after = last.next;
  }
  if (!last) return { ok: false, error: 'The audit log could not be exported.' };
  return { ok: true, file: { filename: last.filename, mime: last.mime, parts }, through: last.through };
}
