/**
 * Attachments against the simulator, both modes: the check reads the selection's attachments in one
 * Attachable query per entity (its page size set, R4), keeps each one's metadata on the reviewed
 * record (never the file), notes them as a finding that holds nothing back, and counts the reads.
 * A failed read fails the check rather than calling a record ready with its receipts unread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReason } from '../../lib/audit/words';
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

describe.each<FidelityMode>(['document', 'real'])('attachments in the check (%s mode)', (mode) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    sim = await startSimulator({ mode, now, requestLimits: false });
  });
  afterAll(() => sim.close());

  const clientOf = (company: SeededCompany) =>
    createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });
  const itemsOf = (keys: readonly string[]) =>
    keys.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt: clock };
    });
  const attachableQueries = (company: SeededCompany, from: number) =>
    sim
      .requestLog(company.realmId)
      .slice(from)
      .map((entry) => `${decodeURIComponent(entry.path.replace(/\+/g, ' '))} ${entry.body ?? ''}`)
      .filter((text) => /from Attachable/i.test(text));

  it('keeps each record’s attachments on its snapshot, notes them, and reads once per entity', async () => {
    const company = sim.seedCompany({ count: 40, seed: 3, entities: { Bill: 20, Invoice: 20 } });
    const bills = company.keys.all.filter((k) => k.startsWith('Bill:')).slice(0, 3);
    const invoices = company.keys.all.filter((k) => k.startsWith('Invoice:')).slice(0, 2);
    const [b0, b1, b2] = bills.map((k) => k.split(':')[1]!);
    const [i0] = invoices.map((k) => k.split(':')[1]!);
    const lunch = sim.seedAttachable(company.realmId, {
      fileName: 'Lunch.pdf',
      contentType: 'application/pdf',
      size: 5120,
      refs: [{ type: 'Bill', value: b0! }],
    });
    const note = sim.seedAttachable(company.realmId, { note: 'Approved by Amy', refs: [{ type: 'Bill', value: b0! }] });
    // On an invoice too, and on a record outside the selection: neither is Bill b1's.
    sim.seedAttachable(company.realmId, {
      fileName: 'Signed.pdf',
      refs: [
        { type: 'Invoice', value: i0! },
        { type: 'Invoice', value: b1! },
      ],
    });
    sim.seedAttachable(company.realmId, { fileName: 'Other.pdf', refs: [{ type: 'Bill', value: b2! }] });
    const before = sim.requestLog(company.realmId).length;
    const result = await runPreflight({
      client: clientOf(company),
      items: itemsOf([...bills.slice(0, 2), ...invoices]),
      now,
    });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [first, second, inv0, inv1] = result.records;
    expect(first?.reviewed?.attachments).toEqual([
      { id: lunch.Id, entity: 'Bill', txnId: b0, fileName: 'Lunch.pdf', contentType: 'application/pdf', size: 5120 },
      { id: note.Id, entity: 'Bill', txnId: b0, note: 'Approved by Amy' },
    ]);
    expect(first?.status).toBe('ready');
    expect(first?.warnings).toContainEqual({
      check: 'attachments',
      status: 'attachments',
      files: ['Lunch.pdf'],
      notes: 1,
    });
    expect(recordReason({ entity: 'Bill', id: b0! }, [], first?.warnings ?? [])).toContain('Lunch.pdf, 1 note');
    // Bill b1 shares its Id's digits with no attachment of its own type: nothing is put on it.
    expect(second?.reviewed?.attachments).toBeUndefined();
    expect(second?.warnings.some((w) => w.status === 'attachments')).toBe(false);
    expect(inv0?.reviewed?.attachments?.map((a) => a.fileName)).toEqual(['Signed.pdf']);
    expect(inv1?.reviewed?.attachments).toBeUndefined();
    // Two entities: two metered reads, each with its page size set (R4).
    const queries = attachableQueries(company, before);
    expect(queries).toHaveLength(2);
    for (const q of queries) expect(q).toMatch(/maxresults 1000/i);
  });

  it('pages past 1000 attachments and a failed read fails the check', async () => {
    const company = sim.seedCompany({ count: 4, seed: 5, entities: { Bill: 4 } });
    const key = company.keys.all[0]!;
    const id = key.split(':')[1]!;
    for (let n = 0; n < 1001; n++)
      sim.seedAttachable(company.realmId, { note: `note ${n}`, refs: [{ type: 'Bill', value: id }] });
    const before = sim.requestLog(company.realmId).length;
    const result = await runPreflight({ client: clientOf(company), items: itemsOf([key]), now });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.records[0]?.reviewed?.attachments).toHaveLength(1001);
    expect(attachableQueries(company, before)).toHaveLength(2);
    sim.injectFault({ endpoint: 'query', kind: 'error500-before', after: 2, times: 1 });
    const failed = await runPreflight({ client: clientOf(company), items: itemsOf([key]), now });
    sim.clearFaults();
    expect(failed.kind).toBe('failed');
  });
});
