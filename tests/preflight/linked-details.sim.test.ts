/**
 * Linked details: the preflight finds a payment's links on its lines (the real shape), and reads the
 * counterparts outside the selection, one complete IN-read per entity, only when there are links;
 * a failed counterpart read leaves the preflight ok, just without details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { PreflightItem } from '../../lib/preflight/types';
import { createQboClient } from '../../lib/qbo/client';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

type Json = Record<string, unknown>;
type Line = { Amount?: number; LinkedTxn?: { TxnId: string; TxnType: string }[] };

describe.each<FidelityMode>(['document', 'real'])('linked details (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    sim = await startSimulator({ mode, now });
  });
  afterAll(() => sim.close());

  const clientOf = (company: SeededCompany, fetchImpl?: typeof fetch) =>
    createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  const itemsOf = (keys: string[]): PreflightItem[] =>
    keys.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt: clock };
    });
  /** A paying Payment with a single invoice line, and that invoice, paid by this payment alone. */
  const pair = (company: SeededCompany) => {
    for (const key of company.keys.linked.filter((k) => k.startsWith('Payment:'))) {
      const payment = sim.record(company.realmId, key)!;
      const lines = (payment.Line as Line[]).filter((l) => l.LinkedTxn?.some((t) => t.TxnType === 'Invoice'));
      if (lines.length !== 1) continue;
      const invoiceId = lines[0]!.LinkedTxn![0]!.TxnId;
      const invoice = sim.record(company.realmId, `Invoice:${invoiceId}`)!;
      if ((invoice.LinkedTxn as unknown[]).length !== 1) continue;
      return { key, payment, invoiceKey: `Invoice:${invoiceId}`, invoice, applied: lines[0]!.Amount! };
    }
    throw new Error('no paying payment');
  };
  const seed = (seedNo: number, linkedShare = 0.5) =>
    sim.seedCompany({
      count: 40,
      seed: seedNo,
      entities: { Invoice: 1, Payment: 1 },
      linkedShare,
      startDate: '2025-01-01',
      endDate: '2025-12-31', // one report window
    });

  it('finds the invoice of a payment whose links are only on its lines, and says its number, total and the amount applied', async () => {
    const company = seed(41);
    const { key, payment, invoiceKey, invoice, applied } = pair(company);
    expect(payment).not.toHaveProperty('LinkedTxn'); // the real shape: nothing at the top level
    const before = sim.requestLog(company.realmId).length;
    const result = await runPreflight({ client: clientOf(company), items: itemsOf([key]), now });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [record] = result.records;
    expect(record?.status).toBe('ready');
    expect(record?.warnings).toEqual([
      expect.objectContaining({ status: 'linked', links: [{ txnId: invoiceKey.split(':')[1], txnType: 'Invoice' }] }),
    ]);
    expect(record?.linked).toEqual([
      {
        entity: 'Invoice',
        id: invoiceKey.split(':')[1],
        docNumber: invoice.DocNumber,
        amount: invoice.TotalAmt,
        lineAmount: applied,
      },
    ]);
    // preferences, count + page of the Payment, the report, its attachments, then count + page of its invoice (R4).
    const log = sim.requestLog(company.realmId).slice(before);
    expect(log.map((e) => e.endpoint)).toEqual(['preferences', 'query', 'query', 'report', 'query', 'query', 'query']);
    expect(result.calls).toBe(7);
    const last = decodeURIComponent(log.at(-1)!.path).replace(/\+/g, ' ');
    expect(last).toMatch(
      new RegExp(`from Invoice where Id in \\('${invoiceKey.split(':')[1]}'\\) startposition 1 maxresults \\d+`),
    );
  });

  it("the invoice's side: the payment that paid it, with the amount its line applies", async () => {
    const company = seed(42);
    const { key, payment, invoiceKey, applied } = pair(company);
    const result = await runPreflight({ client: clientOf(company), items: itemsOf([invoiceKey]), now });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const details = result.records[0]?.linked ?? [];
    expect(details).toContainEqual({
      entity: 'Payment',
      id: key.split(':')[1],
      amount: (payment as Json).TotalAmt,
      lineAmount: applied,
    });
  });

  it('counterparts already in the selection are not read again; no links, no extra call', async () => {
    const company = seed(43);
    const { key, invoiceKey } = pair(company);
    const before = sim.requestLog(company.realmId).length;
    const both = await runPreflight({ client: clientOf(company), items: itemsOf([key, invoiceKey]), now });
    if (both.kind !== 'ok') throw new Error(JSON.stringify(both));
    expect(both.calls).toBe(8); // preferences, 2 per entity, report, attachments per entity: nothing more
    expect(sim.requestLog(company.realmId).length - before).toBe(8);
    expect(both.records.every((r) => (r.linked ?? []).length > 0)).toBe(true);

    const plain = seed(44, 0);
    expect(plain.keys.linked).toEqual([]);
    const start = sim.requestLog(plain.realmId).length;
    const none = await runPreflight({ client: clientOf(plain), items: itemsOf(plain.keys.all), now });
    expect(none).toMatchObject({ kind: 'ok', calls: 8 });
    expect(
      sim
        .requestLog(plain.realmId)
        .slice(start)
        .map((e) => e.endpoint),
    ).toEqual(['preferences', 'query', 'query', 'query', 'query', 'report', 'query', 'query']);
  });

  it('a failed counterpart read leaves the preflight ok and the record linked, just without details', async () => {
    const company = seed(45);
    const { key } = pair(company);
    let reported = false;
    const failAfterReport: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const attachments = /from Attachable/i.test(await request.clone().text());
      if (reported && !attachments && new URL(request.url).pathname.endsWith('/query'))
        return new Response('', { status: 503 });
      if (new URL(request.url).pathname.includes('/reports/')) reported = true;
      return fetch(request);
    };
    const result = await runPreflight({ client: clientOf(company, failAfterReport), items: itemsOf([key]), now });
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    const [record] = result.records;
    expect(record?.status).toBe('ready');
    expect(record?.warnings.map((w) => w.status)).toEqual(['linked']);
    expect(record).not.toHaveProperty('linked');
    expect(result.calls).toBe(6); // the failed attempt counts
  });
});
