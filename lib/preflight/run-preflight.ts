/**
 * runPreflight: read the selection once, completely, and classify every record before anything is
 * deleted. Few calls: one preferences call, per entity one paged IN-read per ≤ 1000 Ids (R4), one
 * TransactionList call per date window (R2), and, only when the records' lines name items, one
 * Item read per 1000 distinct items (./item-types.ts: is it inventory?), and per entity one Attachable
 * query per 1000 Ids (./attachments.ts: its receipts and notes, kept with the snapshot). A call failure (unauthorized, rateLimited, incomplete …)
 * ends the preflight and is passed through as data: nothing is classified on a partial picture.
 * Then, only when some record is linked, one complete IN-read per entity of the linked counterparts
 * outside the selection, for the popup's words (./linked-details.ts); its failure fails nothing.
 */

import { ENTITIES, type Entity } from '../domain/entities';
import type { Environment } from '../domain/ids';
import { recordKey } from '../domain/record-key';
import type { QboClient } from '../qbo/client-api';
import type { TxnRecord } from '../qbo/outcomes';
import { readAttachments } from './attachments';
import { findDuplicates } from './checks/duplicate';
import { RECORD_CHECKS } from './checks/index';
import { checkUnsupported } from './checks/unsupported';
import { summarize, toPreflightRecord } from './classify';
import { readItemIndex } from './item-types';
import { attachLinkedDetails } from './linked-details';
import { readReconciledIndex } from './reconciled-index';
import type { Finding, PreflightItem, PreflightRecord, PreflightResult } from './types';

export interface PreflightInput {
  client: QboClient;
  items: readonly PreflightItem[];
  /** Injected clock: stamps checkedAt. */
  now: () => number;
  /** The company and environment the selection was made in; must match the client's when given. */
  realmId?: string;
  environment?: Environment;
}

export async function runPreflight(input: PreflightInput): Promise<PreflightResult> {
  const { client, items } = input;
  if (
    (input.realmId !== undefined && input.realmId !== client.realmId) ||
    (input.environment !== undefined && input.environment !== client.environment)
  ) {
    return { kind: 'wrongCompany', expected: { realmId: client.realmId, environment: client.environment }, calls: 0 };
  }
  const inputFindings = findDuplicates(items);
  items.forEach((item, index) => {
    const finding = inputFindings.has(index) ? undefined : checkUnsupported(item);
    if (finding) inputFindings.set(index, finding);
  });
  const idsByEntity = new Map<Entity, Set<string>>();
  items.forEach((item, index) => {
    if (inputFindings.has(index)) return;
    const entity = item.entity as Entity; // checkUnsupported passed
    idsByEntity.set(entity, (idsByEntity.get(entity) ?? new Set()).add(item.id));
  });

  let calls = 0;
  let bookCloseDate: string | undefined;
  const found = new Map<string, TxnRecord>();
  if (idsByEntity.size > 0) {
    const preferences = await client.readPreferences();
    calls += 1;
    if (preferences.kind !== 'ok') return { kind: 'failed', failure: preferences, calls };
    bookCloseDate = preferences.bookCloseDate;
    for (const entity of ENTITIES) {
      const ids = idsByEntity.get(entity);
      if (!ids) continue;
      const read = await client.readByIds(entity, [...ids]);
      if (read.kind !== 'ok') return { kind: 'failed', failure: read, calls: calls + 1 };
      calls += read.calls;
      for (const record of read.records) found.set(recordKey(entity, record.id), record);
    }
  }
  const dates = [...found.values()].flatMap((record) => (record.txnDate ? [record.txnDate] : []));
  const reconciled = await readReconciledIndex(client, dates);
  if (reconciled.kind !== 'ok') return { kind: 'failed', failure: reconciled.failure, calls: calls + reconciled.calls };
  calls += reconciled.calls;
  const itemTypes = await readItemIndex(client, found.values());
  if (itemTypes.kind !== 'ok') return { kind: 'failed', failure: itemTypes.failure, calls: calls + itemTypes.calls };
  calls += itemTypes.calls;
  const attachments = await readAttachments(client, found.values());
  if (attachments.kind !== 'ok')
    return { kind: 'failed', failure: attachments.failure, calls: calls + attachments.calls };
  calls += attachments.calls;

  const records: PreflightRecord[] = items.map((item, index) => {
    const early = inputFindings.get(index);
    if (early) return toPreflightRecord(item, [early], undefined);
    const entity = item.entity as Entity;
    const record = found.get(recordKey(entity, item.id));
    const checkInput = {
      item: { ...item, entity },
      record,
      bookCloseDate,
      reconciled: reconciled.index,
      items: itemTypes.index,
    };
    const findings: Finding[] = [];
    for (const check of RECORD_CHECKS) {
      const finding = check.run(checkInput);
      if (finding) findings.push(finding);
      if (finding?.status === 'notFound') break;
    }
    return toPreflightRecord(item, findings, record);
  });
  const selected = new Set([...idsByEntity].flatMap(([entity, ids]) => [...ids].map((id) => recordKey(entity, id))));
  calls += (await attachLinkedDetails(client, records, found, selected)).calls;
  return { kind: 'ok', records, summary: summarize(records), calls, checkedAt: input.now() };
}
