/**
 * What the runner tells the audit log: one line per record with its pre-delete snapshot, fields,
 * fault and the answer's transaction id, written once however often its chunk is saved.
 */
import { describe, expect, it } from 'vitest';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { failure, meta, REALM, rec, run, setup, T0 } from './runner-harness';

describe('what the audit line of a record says', () => {
  it('a refused record: its snapshot, fields, fault and the answer’s transaction id', async () => {
    const s = setup(0, { singleDeleteGapMs: 0 });
    const r = rec('9', {
      docNumber: 'INV-9',
      totalAmt: 12.5,
      currency: 'EUR',
      party: 'Acme',
      syncToken: '4',
      raw: { Id: '9', SyncToken: '4', Note: 'x' },
    });
    s.svc.records.set('Invoice:9', r);
    s.svc.next.batch.push(failure({ kind: 'refusedWhole', fault: { code: '1040', message: 'x' }, meta }));
    s.svc.next.one.push(
      failure({
        kind: 'refusedWhole',
        fault: { code: '2500', message: 'gone ref' },
        meta: { status: 400, intuitTid: 'one-tid' },
      }),
    );
    const id = await s.job([{ record: r, reconciled: false }]);
    await run(s, id);
    const [entry] = (await s.audit.read({ jobId: id })).entries;
    expect(entry).toEqual({
      at: T0,
      jobId: id,
      realmId: REALM,
      environment: 'sandbox',
      entity: 'Invoice',
      id: '9',
      docNumber: 'INV-9',
      txnDate: '2025-06-01',
      amount: 12.5,
      currency: 'EUR',
      party: 'Acme',
      syncToken: '4',
      outcome: 'refused',
      outcomeLabel: 'Refused (2500: gone ref)',
      faultCode: '2500',
      faultMessage: 'gone ref',
      intuitTid: 'one-tid',
      preDeleteJson: { Id: '9', SyncToken: '4', Note: 'x' },
    });
  });

  it('a skipped record carries the re-read’s transaction id; a record verified present its current SyncToken', async () => {
    // The delete's deadline already passed: the re-read decides at once.
    const s = setup(2, { landingWindowMs: 0 });
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' }));
    s.svc.next.batch.push(failure({ kind: 'ambiguous', reason: '502', meta: { status: 502 } }));
    const id = await s.job(reviewed);
    await run(s, id);
    const entries = (await s.audit.read({ jobId: id })).entries;
    expect(entries.map((e) => [e.id, e.outcome, e.intuitTid])).toEqual([
      ['1', 'skippedChanged', 'tid-1'],
      ['2', 'notDeletedVerified', 'tid-1'],
    ]);
    const rows = await s.runner.getRecords(id);
    expect(rows.map((r) => r.state.kind === 'final' && r.state.outcome)).toEqual([
      { kind: 'skippedChanged', currentSyncToken: '5' },
      { kind: 'notDeletedVerified', currentSyncToken: '0' },
    ]);
  });
});

describe('the audit log across a chunk written more than once', () => {
  it('an outcome already written (and exported) is not written again when the chunk is saved later', async () => {
    // The delete's deadline already passed: the re-read decides at once.
    const s = setup(2, { landingWindowMs: 0 });
    const reviewed = [...s.svc.records.values()].map((record) => ({ record, reconciled: false }));
    s.svc.records.set('Invoice:1', rec('1', { syncToken: '5' })); // skipped at the re-read
    s.svc.next.batch.push(failure({ kind: 'ambiguous', reason: '502', meta: { status: 502 } }));
    s.svc.next.read.push((entity, ids) => ({
      kind: 'ok',
      meta,
      calls: 1,
      records: ids.map((i) => s.svc.records.get(`${entity}:${i}`)).filter((r): r is TxnRecord => !!r),
    }));
    s.svc.next.read.push(failure({ kind: 'ambiguous', reason: 'reset', meta: { status: 0 } })); // the verification
    const id = await s.job(reviewed);
    expect(await run(s, id)).toMatchObject({ status: 'waiting', openChunk: true, unverified: 1 });
    expect(await s.audit.stats()).toMatchObject({ entries: 1, notExported: 1 });
    await s.audit.markExported(1);
    expect((await s.audit.stats()).notExported).toBe(0);
    await s.fire();
    expect(await s.runner.getJob(id)).toMatchObject({ status: 'done', unverified: 0 });
    // Only the verified record is new: the exported line of the skipped one stays exported.
    expect(await s.audit.stats()).toMatchObject({ entries: 2, notExported: 1 });
  });
});
