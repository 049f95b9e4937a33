/** Builders for preflight unit tests. */

import type { Entity } from '../../lib/domain/entities';
import type { PreflightItem, ReconciledIndex, RecordCheckInput } from '../../lib/preflight/types';
import type { TxnRecord } from '../../lib/qbo/outcomes';

export const SHOWN_AT = Date.parse('2026-01-15T12:00:00Z');

export function txn(overrides: Partial<TxnRecord> = {}): TxnRecord {
  return {
    entity: 'Invoice',
    id: '33',
    syncToken: '3',
    txnDate: '2025-04-14',
    lastUpdatedTime: '2025-04-15T09:01:18-07:00',
    linkedTxn: [],
    raw: { Id: '33', SyncToken: '3' },
    ...overrides,
  };
}

export function index(keys: string[] = [], idOnly: string[] = []): ReconciledIndex {
  return {
    has: (entity: Entity, id: string) => keys.includes(`${entity}:${id}`) || idOnly.includes(id),
    covers: () => true,
  };
}

export function input(overrides: Partial<RecordCheckInput> = {}): RecordCheckInput {
  const record = 'record' in overrides ? overrides.record : txn();
  const item: PreflightItem & { entity: Entity } = {
    entity: record?.entity ?? 'Invoice',
    id: record?.id ?? '33',
    shownAt: SHOWN_AT,
  };
  return { item, record, bookCloseDate: undefined, reconciled: index(), ...overrides };
}
