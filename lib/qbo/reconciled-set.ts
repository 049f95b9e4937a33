/**
 * R2's one membership rule, for the preflight and the runner alike (it was written twice):
 * a record is reconciled when a TransactionList row (cleared=Reconciled) names its Id and either its
 * entity or no entity at all (a row whose type the report did not name still counts: never delete on
 * a guess).
 */
import { recordKey } from '../domain/record-key';
import type { ReconciledRow } from './client-api';

export interface ReconciledSet {
  has(entity: string, id: string): boolean;
  /** Adds a report's rows (the preflight reads several date windows). */
  add(rows: readonly ReconciledRow[]): void;
}

export function reconciledSet(rows: readonly ReconciledRow[] = []): ReconciledSet {
  const keyed = new Set<string>();
  const idOnly = new Set<string>();
  const set: ReconciledSet = {
    has: (entity, id) => keyed.has(recordKey(entity, id)) || idOnly.has(id),
    add(more) {
      for (const row of more) {
        if (row.entity) keyed.add(recordKey(row.entity, row.id));
        else idOnly.add(row.id);
      }
    },
  };
  set.add(rows);
  return set;
}
