/**
 * The audit log's export as the popup does it ("exported" only once the file is saved).
 *
 * The export is fetched page after page (`after` = the previous page's `next`), the parts kept apart
 * so a Blob joins them (50,000 entries never become one string), and handed to the browser. Handing
 * it over is not saving it: the person may cancel the Save dialog, the disk may be full, the
 * download may be blocked. Without the `downloads` permission (which would add an install-time
 * warning) a page cannot see the download end, so the popup asks "Did the file save?" and only
 * "Yes, the file is saved" sends `audit/exported` with the watermark that file held. Until then the
 * entries count as not exported: "Clear audit log" and pruning leave them. A popup closed before
 * the answer marks nothing (the question lives in the popup's memory only).
 */
import { signal } from '@preact/signals';
import type { PageMessageType, Reply, RequestOf } from '../messaging/protocol';
import type { AuditFile } from '../messaging/views';
import type { DownloadFile } from './download';

type FetchPage = (after: number) => Promise<Reply<AuditFile> | undefined>;
export type AuditFormat = 'csv' | 'json';

export const NOT_HANDED_OVER = 'The browser did not take the file. Nothing was marked exported: try again.';

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

/** What the model lends the export actions. */
export interface AuditExportDeps {
  request: (message: RequestOf<'audit/export'>) => Promise<Reply<AuditFile> | undefined>;
  act: (message: RequestOf<'audit/exported'>) => Promise<boolean>;
  actionError: { value: string | undefined };
  pending: { value: PageMessageType | undefined };
  /** Hands a file to the browser; absent: no export. */
  download?: (file: DownloadFile) => void;
}

export function createAuditExportActions(deps: AuditExportDeps) {
  /** The file handed to the browser and not yet confirmed saved: its format and watermark. */
  const awaitingSave = signal<{ format: AuditFormat; through: number } | undefined>(undefined);

  /**
   * "Export audit log": every page into one file, handed to the browser; then the question. A new
   * export replaces an unanswered one (the newest file is the one asked about).
   */
  async function exportAudit(format: AuditFormat): Promise<boolean> {
    awaitingSave.value = undefined;
    deps.pending.value = 'audit/export';
    const got = await fetchAuditExport((after) => deps.request({ type: 'audit/export', format, after })).finally(() => {
      deps.pending.value = undefined;
    });
    if (!got.ok) deps.actionError.value = got.error;
    if (!got.ok || !deps.download) return false;
    try {
      deps.download(got.file);
    } catch {
      deps.actionError.value = NOT_HANDED_OVER;
      return false;
    }
    deps.actionError.value = undefined;
    awaitingSave.value = { format, through: got.through };
    return true;
  }

  return {
    awaitingSave,
    exportAudit,
    /** "Yes, the file is saved": now, and only now, the entries that file held count as exported. */
    async confirmAuditSaved(): Promise<boolean> {
      const saved = awaitingSave.peek();
      if (!saved) return false;
      awaitingSave.value = undefined;
      return deps.act({ type: 'audit/exported', through: saved.through });
    },
    /** "No, export again": nothing is marked; the same export is made and handed over again. */
    exportAuditAgain(): Promise<boolean> {
      const last = awaitingSave.peek();
      awaitingSave.value = undefined;
      return last ? exportAudit(last.format) : Promise.resolve(false);
    },
  };
}
