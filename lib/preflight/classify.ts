/** Findings → one PreflightRecord: status = first blocker in STATUS_ORDER, warnings kept apart. */

import { recordKey } from '../domain/record-key';
import type { TxnRecord } from '../qbo/outcomes';
import { recordReason } from './reason';
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
    reason: recordReason(item, blockers, warnings),
  };
  if (reviewed) record.reviewed = reviewed;
  return record;
}

export function summarize(records: readonly PreflightRecord[]): PreflightSummary {
  const summary: PreflightSummary = {
    ready: 0,
    duplicate: 0,
    unsupported: 0,
    notFound: 0,
    pageMismatch: 0,
    changed: 0,
    closedPeriod: 0,
    deposited: 0,
    reconciled: 0,
    unverifiable: 0,
    total: records.length,
    withWarnings: 0,
  };
  for (const record of records) {
    summary[record.status] += 1;
    if (record.warnings.length > 0) summary.withWarnings += 1;
  }
  return summary;
}
