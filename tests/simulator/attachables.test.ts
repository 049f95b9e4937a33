/**
 * Attachments in the simulator: seeded files and notes, the query public clients write (Type and an
 * IN list of values, R4 paging), the single read, a note-only create, a full update with its
 * SyncToken checked and every reference live, and both readings of what a transaction's delete does
 * to them ('removed', the default, and 'kept'), in process and over /__sim/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityMode, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { client, json, splitKey } from './test-helpers';

describe.each<FidelityMode>(['document', 'real'])('Attachable (%s mode)', (mode) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ mode });
  });
  afterAll(() => sim.close());

  const company = () => {
    const co = sim.seedCompany({ count: 6, entities: { Bill: 6 } });
    const [a, b, c] = co.keys.all.map((k) => splitKey(k)[1]);
    return { co, a: a!, b: b!, c: c! };
  };
  const q = (ids: string[]) =>
    `select * from Attachable where AttachableRef.EntityRef.Type = 'Bill' and AttachableRef.EntityRef.value in (${ids.map((i) => `'${i}'`).join(',')}) startposition 1 maxresults 1000`;

  it('a query by Type and an IN list of values finds the attachments of those records, nothing else', async () => {
    const { co, a, b, c } = company();
    const file = sim.seedAttachable(co.realmId, { fileName: 'Lunch.pdf', refs: [{ type: 'Bill', value: a }] });
    const note = sim.seedAttachable(co.realmId, { note: 'Signed by Amy', refs: [{ type: 'Bill', value: b }] });
    sim.seedAttachable(co.realmId, { fileName: 'Other.png', refs: [{ type: 'Bill', value: c }] });
    const body = await json(await client(sim, co).query(q([a, b])));
    const rows = body.QueryResponse.Attachable as Record<string, unknown>[];
    expect(rows.map((r) => r.Id)).toEqual([file.Id, note.Id]);
    expect(rows[0]).toMatchObject({ FileName: 'Lunch.pdf', ContentType: 'application/pdf', SyncToken: '0' });
    expect(rows[1]).toMatchObject({
      Note: 'Signed by Amy',
      AttachableRef: [{ EntityRef: { type: 'Bill', value: b } }],
    });
    expect(rows[1]).not.toHaveProperty('FileName');
    // Ids as the service issues them: longer than a double holds exactly.
    expect(String(file.Id)).toMatch(/^\d{19}$/);
    const none = await json(await client(sim, co).query(q(['999999'])));
    expect(none.QueryResponse.Attachable).toBeUndefined();
  });

  it('R4: no MAXRESULTS cuts at 100 rows; an unknown field or operator is a 4001', async () => {
    const { co, a } = company();
    for (let i = 0; i < 101; i++) sim.seedAttachable(co.realmId, { note: `n${i}`, refs: [{ type: 'Bill', value: a }] });
    const cut = await json(
      await client(sim, co).query(`select * from Attachable where AttachableRef.EntityRef.value = '${a}'`),
    );
    expect(cut.QueryResponse.Attachable).toHaveLength(100);
    const bad = await client(sim, co).query(`select * from Attachable where AttachableRef.EntityRef.value < '${a}'`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain('4001');
  });

  it('read by Id; a full update checks the SyncToken, replaces references and note, keeps the file', async () => {
    const { co, a, b } = company();
    const file = sim.seedAttachable(co.realmId, {
      fileName: 'Lunch.pdf',
      size: 1200,
      refs: [{ type: 'Bill', value: a }],
    });
    const api = client(sim, co);
    const read = await json(await api.get(`/attachable/${file.Id}`));
    expect(read.Attachable).toMatchObject({ Id: file.Id, FileName: 'Lunch.pdf', Size: 1200 });
    const refs = [{ EntityRef: { type: 'Bill', value: b }, IncludeOnSend: false }];
    const stale = await api.post('/attachable', { Id: file.Id, SyncToken: '7', AttachableRef: refs });
    expect(stale.status).toBe(400);
    expect(JSON.stringify(await json(stale))).toContain('5010');
    const ok = await api.post('/attachable?operation=update', { Id: file.Id, SyncToken: '0', AttachableRef: refs });
    expect(ok.status).toBe(200);
    expect((await json(ok)).Attachable).toMatchObject({ SyncToken: '1', FileName: 'Lunch.pdf', AttachableRef: refs });
    const missing = await api.post('/attachable', {
      Id: file.Id,
      SyncToken: '1',
      AttachableRef: [{ EntityRef: { type: 'Bill', value: '999999' } }],
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await json(missing))).toContain('610');
    expect((await api.get('/attachable/5999999999999999999')).status).toBe(400);
  });

  it('a create is note-only: a note gets a new Id; a file name is refused', async () => {
    const { co, a } = company();
    const api = client(sim, co);
    const made = await api.post('/attachable', {
      Note: 'Call Amy',
      AttachableRef: [{ EntityRef: { type: 'Bill', value: a } }],
    });
    expect(made.status).toBe(200);
    const created = (await json(made)).Attachable;
    expect(created).toMatchObject({ Note: 'Call Amy', SyncToken: '0' });
    expect(sim.attachables(co.realmId).map((x) => x.Id)).toContain(created.Id);
    const file = await api.post('/attachable', { FileName: 'x.pdf', Note: 'n', AttachableRef: [] });
    expect(file.status).toBe(400);
  });

  it("'removed' (default): a delete drops the reference (the SyncToken moves), a bare note left on nothing is gone", async () => {
    const { co, a, b } = company();
    const file = sim.seedAttachable(co.realmId, { fileName: 'Lunch.pdf', refs: [{ type: 'Bill', value: a }] });
    const note = sim.seedAttachable(co.realmId, { note: 'Signed', refs: [{ type: 'Bill', value: a }] });
    const shared = sim.seedAttachable(co.realmId, {
      note: 'Both',
      refs: [
        { type: 'Bill', value: a },
        { type: 'Bill', value: b },
      ],
    });
    expect((await client(sim, co).deleteOne(`Bill:${a}`, '0')).status).toBe(200);
    const after = new Map(sim.attachables(co.realmId).map((x) => [x.Id, x]));
    expect(after.get(file.Id)).toMatchObject({ AttachableRef: [], SyncToken: '1', FileName: 'Lunch.pdf' });
    expect(after.has(note.Id)).toBe(false);
    expect(after.get(shared.Id)).toMatchObject({ AttachableRef: [{ EntityRef: { value: b } }] });
  });

  it("'kept': the reference stays, dangling, and an update naming the deleted record is refused (610)", async () => {
    const { co, a, b } = company();
    sim.setAttachableOnDelete('kept');
    try {
      const note = sim.seedAttachable(co.realmId, { note: 'Signed', refs: [{ type: 'Bill', value: a }] });
      expect((await client(sim, co).deleteOne(`Bill:${a}`, '0')).status).toBe(200);
      const kept = sim.attachables(co.realmId).find((x) => x.Id === note.Id);
      expect(kept).toMatchObject({ SyncToken: '0', AttachableRef: [{ EntityRef: { type: 'Bill', value: a } }] });
      const both = [...((kept?.AttachableRef ?? []) as unknown[]), { EntityRef: { type: 'Bill', value: b } }];
      const res = await client(sim, co).post('/attachable', {
        Id: note.Id,
        SyncToken: '0',
        Note: 'Signed',
        AttachableRef: both,
      });
      expect(res.status).toBe(400);
    } finally {
      sim.setAttachableOnDelete('removed');
    }
  });

  it('over /__sim/: seed, list, remove one in between, pick the mode', async () => {
    const { co, a } = company();
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}/__sim/${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    const seeded = (await post('attachable', {
      realmId: co.realmId,
      fileName: 'R.jpg',
      contentType: 'image/jpeg',
      refs: [{ type: 'Bill', value: a }],
    })) as { Id: string };
    const list = (await fetch(`${sim.url}/__sim/attachables?realmId=${co.realmId}`).then((r) => r.json())) as {
      Id: string;
    }[];
    expect(list.map((x) => x.Id)).toEqual([seeded.Id]);
    await post('attachable-remove', { realmId: co.realmId, id: seeded.Id });
    expect(sim.attachables(co.realmId)).toEqual([]);
    expect(await post('attachable-on-delete', { mode: 'kept' })).toEqual({ ok: true });
    const note = sim.seedAttachable(co.realmId, { note: 'n', refs: [{ type: 'Bill', value: a }] });
    await client(sim, co).deleteOne(`Bill:${a}`, '0');
    expect(sim.attachables(co.realmId).map((x) => x.Id)).toEqual([note.Id]);
    sim.setAttachableOnDelete('removed');
  });
});
