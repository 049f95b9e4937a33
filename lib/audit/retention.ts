/**
 * What may leave the audit log. The log is the only way back after a delete (the service has no
 * undo), so nothing leaves it on its own: an entry is pruned only when it was exported (its sequence
 * number is at or below the export watermark) AND it is older than the retention the person chose.
 * With no retention chosen, nothing is ever pruned. There is no count limit.
 */

export interface AuditRetentionChoice {
  /** Keep exported entries this long; undefined: keep everything (the default). */
  keepExportedMs?: number;
}

export function isPrunable(
  entry: { seq: number; at: number },
  exportedThrough: number,
  now: number,
  retention: AuditRetentionChoice,
): boolean {
  if (retention.keepExportedMs === undefined) return false;
  return entry.seq <= exportedThrough && entry.at < now - retention.keepExportedMs;
}
