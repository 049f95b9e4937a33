/**
 * One migration of one stored item (Bitwarden's one migration per file, each with its test in
 * tests/storage/migrations/): it moves every value of `item` from shape version `from` to `to`.
 * It reads and writes raw storage (never today's schemas: a migration must keep meaning what it
 * meant when it shipped), may run again after a crash, and never drops what it cannot read.
 */
import type { StorageArea } from '../area';
import type { StorageKeyName } from '../keys';

export interface Areas {
  local: StorageArea;
  session: StorageArea;
}

export interface ItemMigration {
  item: StorageKeyName;
  from: number;
  to: number;
  describe: string;
  run(areas: Areas): Promise<void>;
}
