/**
 * Storage version 2 → 3: the stored preflight checks (`sd:preflight:<env>:<realm>`) now hold findings
 * as facts (lib/domain/findings.ts) where version 2 held sentences (`reason`, `warnings: string[]`).
 * A sentence cannot be turned back into facts safely: reading "linked" out of a warning's words is
 * what issue 19 removed, and a row migrated without its linked finding would let a linked record go
 * without "Include linked transactions". So every stored check is dropped: the selection stays, its
 * rows show unchecked, the popup checks them again, and a click before that is refused ("The
 * selection changed since it was checked"). A check is reads only; nothing else is lost.
 *
 * Order (crash safety, as every migration): the old checks are removed first, the version written
 * after; interrupted between the two, the migration runs again and finds nothing left to remove.
 */
import { ENVIRONMENTS } from '../domain/ids';
import type { StorageArea } from './area';
import { storageKey } from './keys';

/** The stored checks among a local area's keys (every company, both environments). */
export function preflightKeysIn(keys: readonly string[]): string[] {
  const prefixes = ENVIRONMENTS.map((environment) => storageKey.preflight({ environment, realmId: '' }));
  return keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix) && key.length > prefix.length));
}

export async function runV3(areas: { local: StorageArea }): Promise<void> {
  const old = preflightKeysIn(Object.keys(await areas.local.get(null)));
  if (old.length > 0) await areas.local.remove(old);
  await areas.local.set({ [storageKey.version()]: 3 });
}
