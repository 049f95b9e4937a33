/**
 * The duplicates scan's reader over a company's client: the counted window read (R4) of each type's
 * date range, each record read as a TxnRecord (an unreadable one fails the read: nothing is proposed
 * from a set with a hole in it), and the reconciled TransactionList rows (R2).
 */
import type { QboClient, QboFindReads } from '../qbo/client-api';
import type { TxnRecord } from '../qbo/outcomes';
import { toTxnRecord } from '../qbo/to-txn-record';
import type { ScanReader } from './scan';

export function duplicatesReader(
  client: Pick<QboClient, 'readReconciled'> & Pick<QboFindReads, 'readWindow'>,
): ScanReader {
  return {
    async readRange(entity, from, to) {
      const read = await client.readWindow(entity, from, to);
      if (read.kind !== 'ok') return read;
      const records: TxnRecord[] = [];
      for (const raw of read.records) {
        const record = toTxnRecord(entity, raw);
        if (!record) return { kind: 'incomplete', reason: `an unreadable ${entity} record`, meta: read.meta };
        records.push(record);
      }
      return { kind: 'ok', meta: read.meta, records, calls: read.calls };
    },
    readReconciled: (from, to) => client.readReconciled(from, to),
  };
}
