import type { AuditStats } from '../audit/log';
import { DAY_MS } from '../domain/retention';
import type { PopupState } from '../messaging/views';

/** The audit log's figures for the popup (days, not milliseconds). */
export function auditView(s: AuditStats): PopupState['audit'] {
  return {
    entries: s.entries,
    bytes: s.bytes,
    notExported: s.notExported,
    keepExportedDays: s.keepExportedMs === undefined ? undefined : Math.round(s.keepExportedMs / DAY_MS),
    error: s.error,
  };
}
