/**
 * The stored preflight checks (`sd:preflight:<env>:<realm>`) 1 → 2: findings as facts
 * (lib/domain/findings.ts) where shape 1 held sentences (`reason`, `warnings: string[]`). A sentence
 * cannot be turned back into facts safely: reading "linked" out of a warning's words is what shape 2
 * removed, and a row migrated without its linked finding would let a linked record go without
 * "Include linked transactions". So every stored check is dropped: the selection stays, its rows show
 * unchecked, the popup checks them again, and a click before that is refused ("The selection changed
 * since it was checked"). A check is reads only; nothing else is lost.
 *
 * (Shipped as storage layout 2 → 3; the layout number is now ../migrate.ts's bridge.)
 */
import { ENVIRONMENTS } from '../../domain/ids';
import { storageKey } from '../keys';
import type { ItemMigration } from './types';

/** The stored checks among a local area's keys (every company, both environments). */
export function preflightKeysIn(keys: readonly string[]): string[] {
  const prefixes = ENVIRONMENTS.map((environment) => storageKey.preflight({ environment, realmId: '' }));
  return keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix) && key.length > prefix.length));
}

export const preflightV2Facts: ItemMigration = {
  item: 'preflight',
  from: 1,
  to: 2,
  describe: 'stored checks hold facts: the sentence checks of shape 1 are dropped, to be checked again',
  async run({ local }) {
    const old = preflightKeysIn(Object.keys(await local.get(null)));
    if (old.length > 0) await local.remove(old);
  },
};
