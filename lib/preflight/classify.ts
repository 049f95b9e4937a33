/** Findings → one PreflightRecord: status = first blocker in STATUS_ORDER, warnings kept apart. */

import { recordKey } from '../domain/record-key';
import type { TxnRecord } from '../qbo/outcomes';
import {
  type Blocker,
  type CheckStatus,
  type Finding,
  isBlocker,
  type PreflightItem,
  type PreflightRecord,
  type PreflightSummary,
  STATUS_ORDER,
  type Warning,
} from './types';

export function toPreflightRecord(
  item: PreflightItem,
  findings: readonly Finding[],
  reviewed: TxnRecord | undefined,
): PreflightRecord {
  const blockers: Blocker[] = [];
  const warnings: Warning[] = [];
  for (const finding of findings) {
    if (isBlocker(finding)) blockers.push(finding);
    else warnings.push(finding);
  }
  blockers.sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  const first = blockers[0];
  const status: CheckStatus = first ? first.status : 'ready';
  const record: PreflightRecord = {
    key: recordKey(item.entity, item.id),
    entity: item.entity,
    id: item.id,
    shownAt: item.shownAt,
    status,
    blockers,
    warnings,
  };
  if (reviewed) record.reviewed = reviewed;
  return record;
}

export function summarize(records: readonly PreflightRecord[]): PreflightSummary {
  const summary = {
    ...(Object.fromEntries(['ready', ...STATUS_ORDER].map((s) => [s, 0])) as Record<CheckStatus, number>),
    total: records.length,
    withWarnings: 0,
  } as PreflightSummary;
  for (const record of records) {
    summary[record.status] += 1;
    if (record.warnings.length > 0) summary.withWarnings += 1;
  }
  return summary;
}
