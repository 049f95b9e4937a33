/**
 * A restore job's chunks, cut here with the runner's chunk size (one batch call each, lib/domain
 * limits): the plan's refusals first (they need no call), then each wave in order, cut at the batch
 * size, so a record is never sent before (or with) one it links to. Each planned record learns the
 * chunk of every record it depends on: by the time it is sent, their new Ids are in those chunks'
 * outcomes. Pure; what a chunk holds is the caller's (`toJob`).
 */
import { MAX_BATCH_ITEMS } from '../domain/limits';
import type { RecordKey } from '../domain/record-key';
import type { PlannedRecord, RefusedRecord, RestorePlan } from './plan';

export interface RestoreDependency {
  key: RecordKey;
  /** The chunk whose outcome holds the new Id. */
  chunk: number;
}

export interface ToJobRecord<R> {
  refused(record: RefusedRecord): R;
  planned(record: PlannedRecord, dependsOn: RestoreDependency[]): R;
}

export function restoreChunksOf<R>(plan: Pick<RestorePlan, 'records' | 'refused'>, toJob: ToJobRecord<R>): R[][] {
  const chunks: R[][] = [];
  const cut = (records: R[]) => {
    for (let i = 0; i < records.length; i += MAX_BATCH_ITEMS) chunks.push(records.slice(i, i + MAX_BATCH_ITEMS));
  };
  cut(plan.refused.map((r) => toJob.refused(r)));
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
        toJob.planned(
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
