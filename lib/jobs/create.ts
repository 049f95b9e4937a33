/**
 * A new job from the preflight's reviewed records: de-duplicated (a record twice in one job could be
 * sent twice), ordered by entity then date so a chunk usually needs one re-read call and a narrow
 * reconciled-report span, and cut into chunks of ≤ 30 by position (chunk i = records[i*size ..]).
 * Every read is metered (tools/bench/README.md): the dates run up and down in turn from one entity to the
 * next, so a chunk that straddles two entities holds the latest records of both (or the earliest
 * of both) and its report span stays one window instead of the whole range; and the entities are laid
 * out so that as many boundaries as can be fall on a chunk cut (./entity-order.ts). Cutting chunks
 * at every entity boundary instead would add chunks: a batch call and a report each, more than the
 * query it saves.
 */
import { MAX_BATCH_ITEMS } from '../domain/limits';
import { DELETE } from '../domain/operations';
import type { JobMeta, ReviewedRecord } from '../journal/schema';
import { emptyCounts } from '../journal/schema';
import { keyOf } from './classify';
import { entityGroupOrder } from './entity-order';
import type { CreateJobInput } from './types';

/** A chunk is one batch call. */
export const MAX_CHUNK = MAX_BATCH_ITEMS;

export function orderForChunks(records: readonly ReviewedRecord[], chunkSize = MAX_CHUNK): ReviewedRecord[] {
  const seen = new Set<string>();
  const unique = records.filter((r) => {
    const key = keyOf(r.record);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const sorted = unique.sort(
    (a, b) =>
      a.record.entity.localeCompare(b.record.entity) ||
      (a.record.txnDate ?? '').localeCompare(b.record.txnDate ?? '') ||
      a.record.id.length - b.record.id.length ||
      a.record.id.localeCompare(b.record.id),
  );
  const groups: ReviewedRecord[][] = [];
  for (const r of sorted) {
    const last = groups.at(-1);
    if (last?.[0]?.record.entity === r.record.entity) last.push(r);
    else groups.push([r]);
  }
  const laid = entityGroupOrder(
    groups.map((g) => g.length),
    chunkSize,
  ).map((i) => groups[i] ?? []);
  // Counted from the last entity, which runs up (one entity alone keeps the plain date order).
  return laid.flatMap((group, i) => ((laid.length - 1 - i) % 2 === 1 ? group.reverse() : group));
}

export function chunkCount(total: number, chunkSize: number): number {
  return Math.ceil(total / chunkSize);
}

export function newJobMeta(id: string, input: CreateJobInput, total: number, now: number): JobMeta {
  const chunkSize = Math.min(MAX_CHUNK, Math.max(1, Math.floor(input.chunkSize ?? MAX_CHUNK)));
  const cuts = input.chunks;
  if (cuts?.some((c) => c.length < 1 || c.length > MAX_CHUNK))
    throw new RangeError(`a chunk holds 1 to ${MAX_CHUNK} records`);
  return {
    id,
    realmId: input.realmId,
    environment: input.environment,
    operation: input.operation ?? DELETE.kind,
    includeReconciled: input.includeReconciled ?? false,
    ...(input.allowDuplicateDocNumbers ? { allowDuplicateDocNumbers: true } : {}),
    chunkSize,
    total,
    chunks: cuts ? cuts.length : chunkCount(total, chunkSize),
    cursor: 0,
    openChunk: false,
    status: 'created',
    counts: emptyCounts(),
    unverified: 0,
    createdAt: now,
  };
}
