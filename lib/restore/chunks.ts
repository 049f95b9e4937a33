/**
 * A restore job's records, in chunks cut here with the runner's chunk size (one batch call each,
 * lib/domain limits): the plan's refusals first (they need no call), then each wave in order, cut at
 * the batch size, so a record is never sent before (or with) one it links to. Each planned record
 * learns the chunk of every record it depends on: by the time it is sent, their new Ids are in those
 * chunks' outcomes. Each record is the job's restore variant (lib/domain/job-records.ts): its old Id,
 * the create body the plan built (once: the runner sends it, rewriting only its links), or the
 * plan's refusal. Pure.
 */
import { isEntity } from '../domain/entities';
import type { RestoreDependency, RestoreRecord } from '../domain/job-records';
import { MAX_BATCH_ITEMS } from '../domain/limits';
import type { RecordKey } from '../domain/record-key';
import type { PlannedRecord, RefusedRecord, RestorePlan } from './plan';

/** A refusal carries why (a code) and no body; the result lists it under "Refused". */
function refusedRecord(r: RefusedRecord): RestoreRecord[] {
  // The key as the plan built it from its audit entry (a refused Id may be malformed: kept as it is).
  const at = r.oldKey.indexOf(':');
  const entity = r.oldKey.slice(0, at);
  if (!isEntity(entity)) return []; // an audit entry's entity is one of ENTITIES: never
  return [{ kind: 'restore', entity, id: r.oldKey.slice(at + 1), create: { kind: 'refused', why: r.why } }];
}

function plannedRecord(r: PlannedRecord, dependsOn: RestoreDependency[]): RestoreRecord {
  return {
    kind: 'restore',
    entity: r.entity,
    id: r.oldId,
    ...(r.docNumber !== undefined ? { docNumber: r.docNumber } : {}),
    ...(r.txnDate !== undefined ? { txnDate: r.txnDate } : {}),
    ...(r.amount !== undefined ? { amount: r.amount } : {}),
    ...(r.notes.length > 0 ? { notes: r.notes } : {}),
    create: { kind: 'send', body: r.body, dependsOn },
  };
}

export function restoreChunks(plan: Pick<RestorePlan, 'records' | 'refused'>): RestoreRecord[][] {
  const chunks: RestoreRecord[][] = [];
  const cut = (records: RestoreRecord[]) => {
    for (let i = 0; i < records.length; i += MAX_BATCH_ITEMS) chunks.push(records.slice(i, i + MAX_BATCH_ITEMS));
  };
  cut(plan.refused.flatMap(refusedRecord));
  const chunkOf = new Map<RecordKey, number>();
  const waves = new Map<number, PlannedRecord[]>();
  for (const r of plan.records) waves.set(r.wave, [...(waves.get(r.wave) ?? []), r]);
  for (const wave of [...waves.keys()].sort((a, b) => a - b)) {
    const records = waves.get(wave) ?? [];
    const first = chunks.length;
    records.forEach((r, i) => {
      chunkOf.set(r.oldKey, first + Math.floor(i / MAX_BATCH_ITEMS));
    });
    cut(
      records.map((r) =>
        plannedRecord(
          r,
          r.dependsOn.flatMap((key) => {
            const chunk = chunkOf.get(key);
            return chunk === undefined ? [] : [{ key, chunk }];
          }),
        ),
      ),
    );
  }
  return chunks;
}
