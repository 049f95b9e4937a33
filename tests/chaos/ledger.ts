/**
 * The chaos run's own record, on one sequence counter: what the harness did to the records (edits,
 * reconciliations, each while the record was live) and what the runner's client read and sent. The
 * checks judge every applied delete against it: was the record changed before the runner's last
 * re-read of it (a wrong delete), or inside the re-read→delete gap (a race R1 allows)?
 */
import type { QboClient } from '../../lib/qbo/client-api';

export type ChangePhase = 'beforePreflight' | 'beforeStart' | 'duringJob';

export interface Change {
  seq: number;
  phase: ChangePhase;
  kind: 'edit' | 'reconcile';
}

export interface Ledger {
  tick(): number;
  change(key: string, kind: Change['kind'], phase: ChangePhase): void;
  changes(key: string): readonly Change[];
  changedKeys(kind: Change['kind']): string[];
  /** Every answered runner re-read (readByIds) of the key, by the sequence of its start. */
  reads(key: string): readonly number[];
  /** Every runner delete call (batch or single) that carried the key, by sequence. */
  sends(key: string): readonly number[];
  /** The runner's client, recording its reads and sends here. */
  observe(client: QboClient): QboClient;
}

export function createLedger(): Ledger {
  let seq = 0;
  const changes = new Map<string, Change[]>();
  const reads = new Map<string, number[]>();
  const sends = new Map<string, number[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  const tick = () => ++seq;
  return {
    tick,
    change: (key, kind, phase) => push(changes, key, { seq: tick(), phase, kind }),
    changes: (key) => changes.get(key) ?? [],
    changedKeys: (kind) => [...changes].filter(([, list]) => list.some((c) => c.kind === kind)).map(([k]) => k),
    reads: (key) => reads.get(key) ?? [],
    sends: (key) => sends.get(key) ?? [],
    observe: (client) => ({
      realmId: client.realmId,
      environment: client.environment,
      readPreferences: () => client.readPreferences(),
      readNames: (type, ids) => client.readNames(type, ids),
      readCompanyInfo: () => client.readCompanyInfo(),
      // The restore's search for its own record after a lost answer: a read of no Id of the run.
      readCreated: (entity, query) => client.readCreated(entity, query),
      readReconciled: (start, end) => client.readReconciled(start, end),
      async readByIds(entity, ids) {
        const at = tick();
        const res = await client.readByIds(entity, ids);
        // Only a read that answered counts as a re-read (a failed one leaves the chunk unsent).
        if (res.kind === 'ok') for (const id of ids) push(reads, `${entity}:${id}`, at);
        return res;
      },
      async batchDelete(items) {
        const at = tick();
        for (const item of items) push(sends, `${item.entity}:${item.id}`, at);
        return client.batchDelete(items);
      },
      async deleteOne(item) {
        push(sends, `${item.entity}:${item.id}`, tick());
        return client.deleteOne(item);
      },
      async batchVoid(items) {
        const at = tick();
        for (const item of items) push(sends, `${item.entity}:${item.id}`, at);
        return client.batchVoid(items);
      },
      async batchCreate(items, options) {
        return client.batchCreate(items, options);
      },
      async voidOne(item) {
        push(sends, `${item.entity}:${item.id}`, tick());
        return client.voidOne(item);
      },
    }),
  };
}
