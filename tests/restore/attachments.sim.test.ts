/**
 * Re-attaching a restored record's attachments against the simulator, in both fidelity modes and
 * under both readings of what a delete does to them (the reference dropped, or kept dangling): a
 * file and a note end on the new record (a note the delete took away is made again from the
 * snapshot), a file another user removed in between is named as gone, never dropped in silence;
 * and a pass stopped after a write and before its outcome was stored, run again, makes no second
 * note and sends no second update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentMeta } from '../../lib/domain/attachments';
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import { type AttachmentJournal, type AttachmentOutcome, reattachAttachments } from '../../lib/restore/attachments';
import { createBody } from '../../lib/restore/strip';
import type { FidelityMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import type { AttachableOnDelete } from '../../tools/simulator/attachables';
import { startSimulator } from '../../tools/simulator/index';
import { json, client as rawClient } from '../simulator/test-helpers';

const memoryJournal = (failOnWrite?: number): AttachmentJournal & { kept: Map<string, AttachmentOutcome> } => {
  const kept = new Map<string, AttachmentOutcome>();
  let writes = 0;
  return {
    kept,
    read: async () => new Map(kept),
    write: async (key, outcome) => {
      writes += 1;
      if (writes === failOnWrite) throw new Error('worker stopped before the outcome was stored');
      kept.set(key, outcome);
    },
  };
};

const cases = (['document', 'real'] as const).flatMap((mode) =>
  (['removed', 'kept'] as const).map((onDelete) => [mode, onDelete] as [FidelityMode, AttachableOnDelete]),
);

describe.each(cases)('re-attaching attachments (%s mode, delete %s)', (mode, onDelete) => {
  let sim: Simulator;
  const clock = Date.parse('2026-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    sim = await startSimulator({ mode, now, requestLimits: false, attachableOnDelete: onDelete });
  });
  afterAll(() => sim.close());

  const clientOf = (company: SeededCompany) =>
    createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });

  /** Three bills with attachments, checked (the snapshot), deleted, one file removed in between, re-created. */
  async function deletedAndRecreated() {
    const company = sim.seedCompany({ count: 12, seed: 9, entities: { Bill: 12 } });
    const bad = new Set([...company.keys.closed, ...company.keys.linked, ...company.keys.deposited]);
    const keys = company.keys.all.filter((k) => !bad.has(k)).slice(0, 3);
    const ids = keys.map((k) => k.split(':')[1]!);
    const ref = (i: number) => [{ type: 'Bill', value: ids[i]! }];
    const file = sim.seedAttachable(company.realmId, { fileName: 'Lunch.pdf', refs: ref(0) });
    const note = sim.seedAttachable(company.realmId, { note: 'Approved by Amy', refs: ref(0) });
    const removed = sim.seedAttachable(company.realmId, {
      fileName: 'Taxi.jpg',
      contentType: 'image/jpeg',
      refs: ref(1),
    });
    const alone = sim.seedAttachable(company.realmId, { note: 'Paid in cash', refs: ref(2) });
    const check = await runPreflight({
      client: clientOf(company),
      items: keys.map((k) => ({ entity: 'Bill', id: k.split(':')[1]!, shownAt: clock })),
      now,
    });
    if (check.kind !== 'ok') throw new Error(JSON.stringify(check));
    const api = rawClient(sim, company);
    const records = [];
    for (const r of check.records) {
      const reviewed = r.reviewed!;
      expect((await api.deleteOne(`Bill:${reviewed.id}`, reviewed.syncToken)).status).toBe(200);
      records.push(reviewed);
    }
    sim.removeAttachable(company.realmId, String(removed.Id));
    const restored = [];
    for (const reviewed of records) {
      const made = await json(await api.post('/bill?minorversion=75', createBody('Bill', reviewed.raw)));
      restored.push({
        entity: 'Bill' as const,
        newId: String(made.Bill.Id),
        attachments: reviewed.attachments as AttachmentMeta[],
      });
    }
    return { company, restored, file, note, removed, alone };
  }

  const onRecord = (company: SeededCompany, newId: string) =>
    sim
      .attachables(company.realmId)
      .filter((a) =>
        (a.AttachableRef as { EntityRef: { type: string; value: string } }[]).some(
          (r) => r.EntityRef.type === 'Bill' && r.EntityRef.value === newId,
        ),
      );

  it('each attachment ends on the new record or is named as gone', async () => {
    const { company, restored, file, note, removed } = await deletedAndRecreated();
    expect(restored.map((r) => r.attachments.length)).toEqual([2, 1, 1]);
    const journal = memoryJournal();
    const result = await reattachAttachments({ client: clientOf(company), jobId: 'job-7', records: restored, journal });
    expect(result.kind).toBe('done');
    const codes = [...result.outcomes.values()].map((o) => o.code);
    expect(codes).toHaveLength(4);
    // The file and the note of the first bill, the note of the third: on the new records.
    expect(
      onRecord(company, restored[0]!.newId)
        .map((a) => a.FileName ?? a.Note)
        .sort(),
    ).toEqual(['Approved by Amy', 'Lunch.pdf']);
    expect(onRecord(company, restored[2]!.newId).map((a) => a.Note)).toEqual(['Paid in cash']);
    expect(onRecord(company, restored[1]!.newId)).toEqual([]);
    const gone = [...result.outcomes.values()].find((o) => o.id === removed.Id);
    expect(gone).toEqual({ code: 'attachmentGone', id: removed.Id, fileName: 'Taxi.jpg' });
    expect([...result.outcomes.values()].find((o) => o.id === file.Id)?.code).toBe('attachmentReattached');
    // A note on nothing is gone with its record when the delete drops references: made again.
    const noteCode = [...result.outcomes.values()].find((o) => o.id === note.Id)?.code;
    expect(noteCode).toBe(onDelete === 'removed' ? 'attachmentRecreated' : 'attachmentReattached');
    // No reference to a deleted record is left on what was re-attached.
    const fileNow = sim.attachables(company.realmId).find((a) => a.Id === file.Id)!;
    expect((fileNow.AttachableRef as unknown[]).length).toBe(1);
    // Run again: every outcome is stored, nothing is read or sent.
    const before = sim.requestLog(company.realmId).length;
    const again = await reattachAttachments({ client: clientOf(company), jobId: 'job-7', records: restored, journal });
    expect(again).toMatchObject({ kind: 'done', calls: 0 });
    expect(sim.requestLog(company.realmId).length).toBe(before);
  });

  // Stopped after the first outcome's write (an update) or the second's (a create of the note, where the delete took it).
  it.each([1, 2])(
    'a pass stopped after write %i and before storing it, run again, makes nothing twice',
    async (stopAt) => {
      const { company, restored } = await deletedAndRecreated();
      const crashing = memoryJournal(stopAt);
      await expect(
        reattachAttachments({ client: clientOf(company), jobId: 'job-8', records: restored, journal: crashing }),
      ).rejects.toThrow('worker stopped');
      const writesBefore = sim
        .requestLog(company.realmId)
        .filter((e) => e.method === 'POST' && e.path.includes('/attachable')).length;
      expect(writesBefore).toBe(stopAt);
      const result = await reattachAttachments({
        client: clientOf(company),
        jobId: 'job-8',
        records: restored,
        journal: crashing,
      });
      expect(result.kind).toBe('done');
      const first = restored[0]!.newId;
      expect(onRecord(company, first)).toHaveLength(2);
      expect(onRecord(company, restored[2]!.newId)).toHaveLength(1);
      // The first write found done on the second pass: not sent again.
      const writes = sim
        .requestLog(company.realmId)
        .filter((e) => e.method === 'POST' && e.path.includes('/attachable'));
      expect(writes.length).toBe(3);
    },
  );
});
