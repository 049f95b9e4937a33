/**
 * The runner's subscriber with attachments, on a real audit log and the simulator (both readings of
 * what a delete does to attachments): a restored record's attachments, taken from its deletion's
 * line, end on the new record, and its line names what became of each (the one removed in between
 * as gone). Told again (a worker that died before the journal commit), it sends nothing twice; a
 * call that fails as a whole throws, so nothing is committed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLineOf } from '../../lib/audit/from-jobs';
import { createAuditLog } from '../../lib/audit/log';
import { AttachmentsNotSettled, auditWithAttachments } from '../../lib/background/attachments-subscriber';
import { emptyCounts, type JobMeta } from '../../lib/journal/schema';
import { runPreflight } from '../../lib/preflight/run-preflight';
import { createQboClient } from '../../lib/qbo/client';
import { createBody } from '../../lib/restore/strip';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import type { AttachableOnDelete } from '../../tools/simulator/attachables';
import { startSimulator } from '../../tools/simulator/index';
import { json, client as rawClient } from '../simulator/test-helpers';
import { createManualClock } from '../support/clock';

const jobOf = (id: string, realmId: string, operation: 'delete' | 'restore'): JobMeta => ({
  id,
  realmId,
  environment: 'sandbox',
  operation,
  includeReconciled: false,
  chunkSize: 30,
  total: 1,
  chunks: 1,
  cursor: 0,
  openChunk: true,
  status: 'running',
  counts: emptyCounts(),
  unverified: 0,
  createdAt: 1,
});

describe.each<AttachableOnDelete>(['removed', 'kept'])('the subscriber re-attaches (delete %s)', (onDelete) => {
  let sim: Simulator;
  const clock = createManualClock(Date.parse('2026-06-01T12:00:00Z'));
  beforeAll(async () => {
    sim = await startSimulator({
      mode: 'real',
      now: () => clock.now(),
      requestLimits: false,
      attachableOnDelete: onDelete,
    });
  });
  afterAll(() => sim.close());

  const clientFor = (company: SeededCompany) => () =>
    createQboClient({
      realmId: company.realmId,
      environment: 'sandbox',
      baseUrl: sim.url,
      getToken: () => company.token,
    });

  it('puts them on the new record, names the gone one, and sends nothing twice when told again', async () => {
    const company = sim.seedCompany({ count: 8, seed: 4, entities: { Bill: 8 }, closedShare: 0, reconciledShare: 0 });
    const bad = new Set([...company.keys.linked, ...company.keys.deposited]);
    const key = company.keys.all.find((k) => !bad.has(k))!;
    const id = key.split(':')[1]!;
    const file = sim.seedAttachable(company.realmId, { fileName: 'Lunch.pdf', refs: [{ type: 'Bill', value: id }] });
    const note = sim.seedAttachable(company.realmId, { note: 'Approved', refs: [{ type: 'Bill', value: id }] });
    const taxi = sim.seedAttachable(company.realmId, { fileName: 'Taxi.jpg', refs: [{ type: 'Bill', value: id }] });
    const check = await runPreflight({
      client: clientFor(company)(),
      items: [{ entity: 'Bill', id, shownAt: clock.now() }],
      now: clock.now,
    });
    if (check.kind !== 'ok') throw new Error(JSON.stringify(check));
    const reviewed = check.records[0]!.reviewed!;
    const log = createAuditLog({ clock, indexedDB });
    // The deletion and its line, as the runner writes it.
    expect((await rawClient(sim, company).deleteOne(key, reviewed.syncToken)).status).toBe(200);
    const deleteJob = jobOf(`del-${onDelete}`, company.realmId, 'delete');
    await log.append([
      auditLineOf({
        job: deleteJob,
        record: { kind: 'reviewed', record: reviewed, reconciled: false },
        stored: { outcome: { kind: 'deleted' }, at: clock.now() },
      }),
    ]);
    sim.removeAttachable(company.realmId, String(taxi.Id));
    // The restore re-created it; its final outcome is told.
    const body = createBody('Bill', reviewed.raw);
    const newId = String((await json(await rawClient(sim, company).post('/bill', body))).Bill.Id);
    const final = {
      job: jobOf(`res-${onDelete}`, company.realmId, 'restore'),
      record: {
        kind: 'restore' as const,
        entity: 'Bill' as const,
        id,
        create: { kind: 'send' as const, body, dependsOn: [] },
      },
      stored: { outcome: { kind: 'restored' as const, newId }, at: clock.now() },
    };
    const subscriber = auditWithAttachments(log, clientFor(company));
    await subscriber.outcomesFinal([final]);
    const line = (await log.read({ jobId: final.job.id })).entries[0]!;
    expect(line.newId).toBe(newId);
    const byId = new Map(line.attachmentOutcomes?.map((o) => [o.id, o.code]));
    expect(byId.get(file.Id as string)).toBe('attachmentReattached');
    expect(byId.get(note.Id as string)).toBe(onDelete === 'removed' ? 'attachmentRecreated' : 'attachmentReattached');
    expect(line.attachmentOutcomes).toContainEqual({ code: 'attachmentGone', id: taxi.Id, fileName: 'Taxi.jpg' });
    const onNew = () =>
      sim.attachables(company.realmId).filter((a) => JSON.stringify(a.AttachableRef).includes(`"value":"${newId}"`));
    expect(
      onNew()
        .map((a) => a.FileName ?? a.Note)
        .sort(),
    ).toEqual(['Approved', 'Lunch.pdf']);
    // Told again: reads, and no write.
    const writes = () =>
      sim.requestLog(company.realmId).filter((e) => e.method === 'POST' && e.path.includes('/attachable')).length;
    const before = writes();
    await subscriber.outcomesFinal([final]);
    expect(writes()).toBe(before);
    expect(onNew()).toHaveLength(2);
    expect((await log.read({ jobId: final.job.id })).entries).toHaveLength(1);
    // A read that fails as a whole: nothing is written, the step is to run again.
    sim.injectFault({ endpoint: 'read', kind: 'error503-before', times: 1 });
    await expect(subscriber.outcomesFinal([final])).rejects.toBeInstanceOf(AttachmentsNotSettled);
    sim.clearFaults();
  });
});
