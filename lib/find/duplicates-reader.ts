/**
 * The duplicates scan's reader over a company's client: each type's count(*) over the range (the
 * statement a search counts with), the counted window read (R4) of each type's date range, each
 * record read as a TxnRecord (an unreadable one fails the read: nothing is proposed from a set with a
 * hole in it), and the reconciled TransactionList rows (R2).
 */
import type { QboClient, QboFindReads } from '../qbo/client-api';
import type { TxnRecord } from '../qbo/outcomes';
import { toTxnRecord } from '../qbo/to-txn-record';
import type { ScanReader } from './scan';
import { countStatement, serviceConditions } from './search-statement';

export function duplicatesReader(
  client: Pick<QboClient, 'readReconciled'> & Pick<QboFindReads, 'readWindow' | 'query'>,
): ScanReader {
  return {
    async countRange(entity, from, to) {
      const conditions = serviceConditions({ types: [entity], txnDateFrom: from, txnDateTo: to });
      const answer = await client.query(entity, countStatement(entity, conditions));
      if (answer.kind !== 'ok') return answer;
      // No totalCount is the real service's `{}` for none; the read that follows proves it (R4).
      const count = answer.totalCount ?? 0;
      if (!Number.isInteger(count) || count < 0)
        return { kind: 'incomplete', reason: `count(*) says ${count}`, meta: answer.meta };
      return { kind: 'ok', meta: answer.meta, count, calls: 1 };
    },
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
