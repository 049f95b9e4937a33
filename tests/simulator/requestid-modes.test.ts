/**
 * `requestid` modes (issue 23 §1): Intuit documents a repeat as answered with the original answer
 * ('honoured', the default), but public reports show duplicates created despite it ('ignored') and
 * fault 6000 on a re-sent batch ('fault6000'). Selectable at start, in process and over /__sim/, in
 * either fidelity mode; the first call of a requestid is applied the same in all three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, RequestIdMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { byBId, client, type Json, json } from './test-helpers';

const body = (doc: string): Json => ({
  TxnDate: '2025-05-01',
  CustomerRef: { value: '1' },
  DocNumber: doc,
  TotalAmt: 42,
});
const createItem = (bId: string, doc: string): Json => ({ bId, operation: 'create', Invoice: body(doc) });

describe.each<FidelityMode>(['document', 'real'])('requestid modes (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());
  const company = (requestid: RequestIdMode) => {
    sim.setRequestId(requestid);
    return sim.seedCompany({ count: 2, entities: { Invoice: 1 } });
  };
  const numbered = (realmId: string, doc: string) =>
    sim.records(realmId).filter((r) => r.entity === 'Invoice' && r.json.DocNumber === doc);

  it("'ignored': a repeated create is applied again: a second record with a new Id", async () => {
    const co = company('ignored');
    const c = client(sim, co);
    // allowduplicatedocnum: the repeat is not stopped by 6140, as a real duplicate was not.
    const path = '/invoice?requestid=r-1&include=allowduplicatedocnum';
    const first = await json(await c.post(path, body('DUP-1')));
    const second = await json(await c.post(path, body('DUP-1')));
    expect(second.Invoice.Id).not.toBe(first.Invoice.Id);
    expect(numbered(co.realmId, 'DUP-1')).toHaveLength(2);
    expect(sim.truth(co.realmId).createdKeys()).toHaveLength(2);
    expect(sim.requestLog(co.realmId).some((e) => e.replayed)).toBe(false);
  });

  it("'ignored': a repeated batch is applied again, item by item (6140 for the number now taken)", async () => {
    const co = company('ignored');
    const c = client(sim, co);
    const send = () => c.post('/batch?requestid=b-1', { BatchItemRequest: [createItem('1', 'B-1')] });
    expect(byBId(await json(await send())).get('1')?.Invoice?.Id).toBeDefined();
    expect(byBId(await json(await send())).get('1')?.Fault.Error[0].code).toBe('6140');
    expect(numbered(co.realmId, 'B-1')).toHaveLength(1);
  });

  it("'fault6000': a repeat answers 400 ValidationFault 6000 and applies nothing, single path and batch", async () => {
    const co = company('fault6000');
    const c = client(sim, co);
    expect((await c.post('/invoice?requestid=s-1', body('S-1'))).status).toBe(200);
    const again = await c.post('/invoice?requestid=s-1', body('S-1'));
    expect(again.status).toBe(400);
    expect((await json(again)).Fault).toMatchObject({
      type: 'ValidationFault',
      Error: [{ code: '6000', Message: 'A business validation error has occurred while processing your request' }],
    });
    const batch = () => c.post('/batch?requestid=b-2', { BatchItemRequest: [createItem('1', 'B-2')] });
    expect((await batch()).status).toBe(200);
    const repeated = await batch();
    expect(repeated.status).toBe(400);
    expect((await json(repeated)).Fault.Error[0].code).toBe('6000');
    expect(sim.truth(co.realmId).createdKeys()).toHaveLength(2);
    // A new requestid is a new call.
    expect((await c.post('/invoice?requestid=s-2', body('S-3'))).status).toBe(200);
  });

  it("'fault6000' after a create applied and its answer lost (500): the retry gets 6000, never the Id", async () => {
    const co = company('fault6000');
    const c = client(sim, co);
    sim.injectFault({ endpoint: 'create', kind: 'error500-after', realmId: co.realmId });
    expect((await c.post('/invoice?requestid=lost-1', body('L-1'))).status).toBe(500);
    const retry = await c.post('/invoice?requestid=lost-1', body('L-1'));
    expect((await json(retry)).Fault.Error[0].code).toBe('6000');
    expect(numbered(co.realmId, 'L-1')).toHaveLength(1);
  });

  it("'honoured' is the default; the mode is chosen at start, in process or over /__sim/ and shown in /__sim/state", async () => {
    const plain = await startSimulator({ mode });
    const harsh = await startSimulator({ mode, requestid: 'ignored' });
    try {
      const state = async (s: Simulator) => (await json(await fetch(`${s.url}/__sim/state`))).requestid;
      expect(await state(plain)).toBe('honoured');
      expect(await state(harsh)).toBe('ignored');
      const co = plain.seedCompany({ count: 2, entities: { Invoice: 1 } });
      const c = client(plain, co);
      const a = await (await c.post('/invoice?requestid=h-1', body('H-1'))).text();
      expect(await (await c.post('/invoice?requestid=h-1', body('H-1'))).text()).toBe(a);
      const post = (m: string) =>
        fetch(`${plain.url}/__sim/requestid`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ mode: m }),
        });
      expect((await post('fault6000')).status).toBe(200);
      expect(await state(plain)).toBe('fault6000');
      expect((await c.post('/invoice?requestid=h-1', body('H-1'))).status).toBe(400);
      expect((await post('sometimes')).status).toBe(400);
      plain.setRequestId('honoured');
      expect(await (await c.post('/invoice?requestid=h-1', body('H-1'))).text()).toBe(a);
    } finally {
      await Promise.all([plain.close(), harsh.close()]);
    }
  });
});
