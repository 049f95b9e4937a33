import type { AuditStats } from '../audit/log';
import type { PopupState } from '../messaging/views';

/** The audit log's figures for the popup (days, not milliseconds). */
export function auditView(s: AuditStats): PopupState['audit'] {
  return {
    entries: s.entries,
    bytes: s.bytes,
    notExported: s.notExported,
    keepExportedDays: s.keepExportedMs === undefined ? undefined : Math.round(s.keepExportedMs / 86_400_000),
    error: s.error,
  };
}
