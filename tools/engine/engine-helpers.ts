/**
 * Shared by the engine's tests, the 1,000-record run and the benchmark: read the reviewed versions
 * of seeded records (what the preflight hands the runner), and alarms that really fire (fakeBrowser's
 * never do by themselves).
 */

import { type Entity, isEntity } from '../../lib/domain/entities';
import type { JobRunner, ReviewedRecord } from '../../lib/jobs/types';
import type { QboClient } from '../../lib/qbo/client-api';
import type { AlarmsArea } from '../../lib/storage/area';

/** The current versions of `keys` (`Entity:Id`), one complete read per entity; `reconciled` keys flagged. */
export async function readReviewed(
  client: QboClient,
  keys: readonly string[],
  reconciled: ReadonlySet<string> = new Set(),
): Promise<ReviewedRecord[]> {
  const byEntity = new Map<Entity, string[]>();
  for (const key of keys) {
    const [entity, id] = key.split(':');
    if (!isEntity(entity) || !id) throw new Error(`bad key ${key}`);
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), id]);
  }
  const out: ReviewedRecord[] = [];
  for (const [entity, ids] of byEntity) {
    const res = await client.readByIds(entity, ids);
    if (res.kind !== 'ok') throw new Error(`review read failed: ${res.kind}`);
    for (const record of res.records) out.push({ record, reconciled: reconciled.has(`${entity}:${record.id}`) });
  }
  return out;
}

/** Alarms as real setTimeout timers on the wall clock, delivered to whichever runner is current. */
export function timerAlarms(runner: () => JobRunner | undefined) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const alarms: AlarmsArea = {
    create(name, { when }) {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => void runner()?.onAlarm({ name, scheduledTime: when }), Math.max(0, when - Date.now())),
      );
    },
    async clear(name) {
      clearTimeout(timers.get(name));
      return timers.delete(name);
    },
  };
  return {
    alarms,
    stop: () => {
      for (const t of timers.values()) clearTimeout(t);
    },
  };
}
