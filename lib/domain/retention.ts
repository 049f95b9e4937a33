/**
 * How long the person may keep audit entries once exported: the one list the protocol checks, the
 * popup offers and the audit log prunes by (lib/audit/retention.ts). No choice: keep everything.
 */
export const RETENTION_DAYS = [365, 90] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number];

export { DAY_MS } from './values/date';
