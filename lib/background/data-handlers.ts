/**
 * What this device keeps, from extension pages: the audit log (export page by page, "the file is
 * saved", retention, clear what was exported), "Erase this company's local data" and the person's
 * name on the reports.
 */
import type { AuditLog } from '../audit/log';
import { DAY_MS } from '../domain/retention';
import { type Handlers, ok, type PageMessageType } from '../messaging/protocol';
import { type EraseServices, eraseCompanyData } from './erase';
import { savePreparer } from './preparer';

type DataMessageType = Extract<PageMessageType, `audit/${string}` | 'company/erase' | 'report/preparer'>;

/** What the device data's handlers use. */
export interface DataServices extends EraseServices {
  audit: EraseServices['audit'] &
    Pick<AuditLog, 'exportPage' | 'markExported' | 'prune' | 'setRetention' | 'clearExported'>;
  now: () => number;
}

export const dataHandlers: Pick<Handlers<PageMessageType, [s: DataServices]>, DataMessageType> = {
  async 'audit/export'(msg, s) {
    const stamp = new Date(s.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const page = await s.audit.exportPage(msg.format, msg.after ?? 0);
    const mime = msg.format === 'csv' ? 'text/csv' : 'application/json';
    return ok({
      filename: `safe-delete-audit-${stamp}.${msg.format}`,
      mime,
      content: page.text,
      next: page.next,
      through: page.through,
    });
  },
  async 'audit/exported'(msg, s) {
    await s.audit.markExported(msg.through);
    await s.audit.prune();
    s.view.changed();
    return ok(await s.view.state());
  },
  async 'audit/retention'(msg, s) {
    await s.audit.setRetention({
      keepExportedMs: msg.keepExportedDays === undefined ? undefined : msg.keepExportedDays * DAY_MS,
    });
    await s.audit.prune();
    s.view.changed();
    return ok(await s.view.state());
  },
  async 'audit/clear'(_msg, s) {
    await s.audit.clearExported();
    s.view.changed();
    return ok(await s.view.state());
  },
  async 'report/preparer'(msg, s) {
    await savePreparer(s.local, msg.name);
    s.view.changed();
    return ok(await s.view.state());
  },
  'company/erase': (msg, s) => eraseCompanyData(s, { realmId: msg.realmId, environment: msg.environment }),
};
