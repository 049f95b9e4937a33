/**
 * The check's extra reads per 1,000 records: the attachments (one Attachable query per entity and
 * 1,000 Ids, paged) and the inventory items (one Item query per 1,000 distinct items on the lines).
 * A seeded company of mixed types, a third of the records carrying a receipt or a note, a tenth bills
 * buying the company's items; the preflight over 1,000 of them, its calls told apart in the simulator's request log. Reads, not time: an
 * in-process simulator is enough.
 */
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import { startSimulator } from '../simulator/index';
import { meteredReads } from '../simulator/metering';

export interface ExtraReadsResult {
  records: number;
  withAttachments: number;
  attachableReads: number;
  itemReads: number;
  meteredReads: number;
}

export async function measurePreflightExtraReads(records = 1_000): Promise<ExtraReadsResult> {
  const sim = await startSimulator({ mode: 'real', requestLimits: false });
  try {
    const company = sim.seedCompany({ count: records, seed: 34 });
    let withAttachments = 0;
    company.keys.all.forEach((key, n) => {
      if (n % 3 !== 0) return;
      const [type = '', value = ''] = key.split(':');
      sim.seedAttachable(
        company.realmId,
        n % 2 ? { note: `note ${n}`, refs: [{ type, value }] } : { fileName: `r${n}.pdf`, refs: [{ type, value }] },
      );
      withAttachments += 1;
    });
    const client = createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });
    // A tenth of the selection: bills whose lines buy the company's items (Rock Fountain is inventory).
    const vendor = sim.references(company.realmId, 'Vendor')[0];
    const itemIds = sim.references(company.realmId, 'Item').map((i) => i.id);
    const bills: string[] = [];
    for (let n = 0; n < records / 10 && vendor; n++) {
      const line = (item: string) => ({
        Amount: 40,
        DetailType: 'ItemBasedExpenseLineDetail',
        ItemBasedExpenseLineDetail: { ItemRef: { value: item } },
      });
      const body = {
        TxnDate: '2026-03-01',
        VendorRef: { value: vendor.id },
        Line: [line(itemIds[n % itemIds.length] ?? '1')],
      };
      const answer = await fetch(`${sim.url}/v3/company/${company.realmId}/bill`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${company.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const id = ((await answer.json()) as { Bill?: { Id?: string } }).Bill?.Id;
      if (id) bills.push(`Bill:${id}`);
    }
    const before = sim.requestLog(company.realmId).length;
    const shownAt = Date.now();
    const items = [...company.keys.all.slice(0, records - bills.length), ...bills].map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt };
    });
    const result = await runPreflight({ client, items, now: Date.now });
    if (result.kind !== 'ok') throw new Error(`preflight failed: ${JSON.stringify(result)}`);
    const log = sim.requestLog(company.realmId).slice(before);
    const statement = (e: (typeof log)[number]) => `${decodeURIComponent(e.path.replace(/\+/g, ' '))} ${e.body ?? ''}`;
    return {
      records: items.length,
      withAttachments,
      attachableReads: log.filter((e) => /from Attachable/i.test(statement(e))).length,
      itemReads: log.filter((e) => /from Item/i.test(statement(e))).length,
      meteredReads: log.reduce((n, e) => n + meteredReads(e), 0),
    };
  } finally {
    await sim.close();
  }
}
