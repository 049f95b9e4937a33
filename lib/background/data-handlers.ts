/**
 * What this device keeps, from extension pages: the audit log (export page by page, "the file is
 * saved", retention, clear what was exported), "Erase this company's local data" and the person's
 * name on the reports.
 */
import { DAY_MS } from '../domain/retention';
import { type Handlers, ok, type PageMessageType } from '../messaging/protocol';
import type { BackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { eraseCompanyData } from './erase';
import { savePreparer } from './preparer';

type DataMessageType = Extract<PageMessageType, `audit/${string}` | 'company/erase' | 'report/preparer'>;

export const dataHandlers: Pick<
  Handlers<PageMessageType, [core: BackgroundCore, deps: BackgroundDeps]>,
  DataMessageType
> = {
  async 'audit/export'(msg, core, deps) {
    const stamp = new Date(deps.clock.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const page = await core.audit.exportPage(msg.format, msg.after ?? 0);
    const mime = msg.format === 'csv' ? 'text/csv' : 'application/json';
    return ok({
      filename: `safe-delete-audit-${stamp}.${msg.format}`,
      mime,
      content: page.text,
      next: page.next,
      through: page.through,
    });
  },
  async 'audit/exported'(msg, core) {
    await core.audit.markExported(msg.through);
    await core.audit.prune();
    core.changed();
    return ok(await core.state());
  },
  async 'audit/retention'(msg, core) {
    await core.audit.setRetention({
      keepExportedMs: msg.keepExportedDays === undefined ? undefined : msg.keepExportedDays * DAY_MS,
    });
    await core.audit.prune();
    core.changed();
    return ok(await core.state());
  },
  async 'audit/clear'(_msg, core) {
    await core.audit.clearExported();
    core.changed();
    return ok(await core.state());
  },
  async 'report/preparer'(msg, core, deps) {
    await savePreparer(deps.storage.local, msg.name);
    core.changed();
    return ok(await core.state());
  },
  'company/erase': (msg, core, deps) =>
    eraseCompanyData(core, { realmId: msg.realmId, environment: msg.environment }, deps.storage.local),
};
