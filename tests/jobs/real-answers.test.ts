/**
 * A delete job against answers the real service was recorded giving (issue 23 §3, §8), in both
 * fidelity modes: the real client and runner, the simulator behind a proxy that rewrites a batch
 * call into the recorded shape. The simulator's applied-delete counter is the judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_ALARM_NAME } from '../../lib/jobs/runner';
import { xml429 } from '../fixtures/payloads/faults';
import {
  alreadyDeleted610Item,
  systemFault200,
  systemFaultItem,
  throttle403Json,
  throttle403Xml,
} from '../fixtures/payloads/real-deviations';
import { createHarness, type Harness } from './harness';
import { type BatchHook, type Json, jsonResponse, keyOfItem, proxiedClientFor, rewriteItems } from './proxy';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A job over every seeded record, its batch calls through `hook`; returns when the runner is idle. */
async function startJob(harness: Harness, hook: BatchHook, extra: Parameters<Harness['runner']>[0] = {}) {
  const runner = harness.runner({ clientFor: proxiedClientFor(harness, hook), ...extra });
  const records = await harness.review(harness.company.keys.all);
  const job = await runner.createJob({ realmId: harness.realmId, environment: 'sandbox', records });
  await runner.start(job.id);
  await runner.whenIdle();
  return { runner, job, records };
}

const invoices = (count: number) => ({ count, entities: { Invoice: 1 } });

/** Another app on the same company spends the batch quota (query-only items: nothing deleted). */
async function spendBatchQuota(harness: Harness, calls: number) {
  for (let i = 0; i < calls; i++) {
    await fetch(`${harness.sim.url}/v3/company/${harness.realmId}/batch?minorversion=75`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${harness.company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ BatchItemRequest: [{ bId: '1', Query: 'select * from Invoice maxresults 1' }] }),
    });
  }
}

describe.each(['document', 'real'] as const)('%s mode', (mode) => {
  it('Transfer and CreditCardPayment: their Amount is the amount of the job rows and the audit log', async () => {
    h = await createHarness({ count: 6, entities: { Transfer: 1, CreditCardPayment: 1 } }, { mode });
    const harness = h;
    const amounts = new Map(harness.company.keys.all.map((k) => [k, harness.sim.record(harness.realmId, k)?.Amount]));
    const { runner, job } = await startJob(harness, ({ forward }) => forward());
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.counts.deleted).toBe(6);
    const rows = await runner.getRecords(job.id);
    expect(rows.map((r) => [r.key, r.amount])).toEqual(rows.map((r) => [r.key, amounts.get(r.key)]));
    expect(rows.every((r) => typeof r.amount === 'number' && r.amount > 0)).toBe(true);
    const audit = (await harness.audit.read()).entries;
    expect(audit.map((e) => [`${e.entity}:${e.id}`, e.amount]).sort()).toEqual([...amounts.entries()].sort());
  });

  it('a SystemFault per batch item inside an HTTP 200, after applying: verified by re-reading → deleted (verified)', async () => {
    h = await createHarness(invoices(30), { mode });
    const harness = h;
    let faulted: string[] = [];
    const { runner, job } = await startJob(harness, async ({ items, index, forward }) => {
      const answer = await forward();
      if (index > 0) return answer;
      const bIds = new Set(items.slice(0, 5).map((i) => String(i.bId)));
      faulted = items.slice(0, 5).map(keyOfItem);
      return rewriteItems(answer, (item) => (bIds.has(String(item.bId)) ? systemFaultItem(String(item.bId)) : item));
    });
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.counts).toMatchObject({ deleted: 25, deletedVerified: 5, refused: 0, notDeletedVerified: 0 });
    const outcomes = new Map((await runner.getRecords(job.id)).map((r) => [r.key, r.state]));
    for (const key of faulted) {
      expect(outcomes.get(key)).toMatchObject({ kind: 'final', outcome: { kind: 'deletedVerified' } });
      expect(harness.sim.truth(harness.realmId).appliedDeletes(key)).toBe(1);
    }
    expect(harness.batchCalls()).toBe(1); // never re-sent
  });

  it('a whole batch answered 200 + SystemFault without applying: verified → not deleted (verified), never refused or re-sent', async () => {
    h = await createHarness(invoices(30), { mode });
    const harness = h;
    const { runner, job } = await startJob(harness, async ({ index, forward }) =>
      index === 0 ? jsonResponse(systemFault200) : forward(),
    );
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.counts).toMatchObject({ notDeletedVerified: 30, refused: 0, deleted: 0 });
    expect(harness.batchCalls()).toBe(0);
    expect(harness.sim.truth(harness.realmId).deletedKeys()).toEqual([]);
  });

  it('ThrottleExceeded 3001 with HTTP 403: the job waits 60 s and resumes, never paused as "may not access"', async () => {
    h = await createHarness(invoices(30), { mode });
    const harness = h;
    let at403 = 0;
    const body = mode === 'real' ? throttle403Xml : throttle403Json;
    const { runner, job } = await startJob(harness, async ({ index, forward }) => {
      if (index > 0) return forward();
      at403 = harness.clock.now();
      return jsonResponse(body, 403);
    });
    const waiting = await runner.getJob(job.id);
    expect(waiting).toMatchObject({ status: 'waiting', wait: { kind: 'rateLimit', until: at403 + 60_000 } });
    expect(waiting?.stop).toBeUndefined();
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.status).toBe('done');
    expect(end.counts.deleted).toBe(30);
  });

  it('a 429 ThrottleExceeded without Retry-After (as the real service sends it) waits the 60 s default', async () => {
    // timeScale 60: the simulator's own Retry-After says 1 s; the proxy removes it, as the real
    // service never sends one, so only the default can explain a 60 s wait.
    h = await createHarness(invoices(30), { mode, timeScale: 60 });
    const harness = h;
    await spendBatchQuota(harness, 40);
    let at429 = 0;
    const seen: Json[] = [];
    const { runner, job } = await startJob(harness, async ({ forward }) => {
      const answer = await forward();
      if (answer.status !== 429) return answer;
      at429 = harness.clock.now();
      const text = await answer.text();
      seen.push({ retryAfter: answer.headers.get('retry-after'), xml: text.startsWith('<') });
      return jsonResponse(mode === 'real' ? xml429 : JSON.parse(text), 429);
    });
    expect(seen).toEqual([{ retryAfter: '1', xml: mode === 'real' }]);
    const waiting = await runner.getJob(job.id);
    expect(waiting?.wait).toEqual({ kind: 'rateLimit', until: at429 + 60_000 });
    expect((await fakeBrowser.alarms.get(DEFAULT_ALARM_NAME))?.scheduledTime).toBe(at429 + 60_000);
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.counts.deleted).toBe(30);
  });

  it('610 "Something you\'re trying to use has been made inactive" for a record deleted meanwhile: already gone', async () => {
    h = await createHarness(invoices(30), { mode });
    const harness = h;
    let gone: string[] = [];
    const { runner, job } = await startJob(harness, async ({ items, index, forward }) => {
      if (index > 0) return forward();
      gone = items.slice(3, 5).map(keyOfItem);
      for (const key of gone) harness.sim.removeRecord(harness.realmId, key); // another user deletes them
      const bIds = new Set(items.slice(3, 5).map((i) => String(i.bId)));
      return rewriteItems(await forward(), (item) =>
        bIds.has(String(item.bId)) ? alreadyDeleted610Item(String(item.bId)) : item,
      );
    });
    const { job: end } = await harness.settle(runner, job.id);
    expect(end.counts).toMatchObject({ deleted: 28, alreadyGone: 2, refused: 0 });
    const audit = (await harness.audit.read()).entries.filter((e) => gone.includes(`${e.entity}:${e.id}`));
    expect(audit.map((e) => [e.outcome, e.faultCode])).toEqual([
      ['alreadyGone', '610'],
      ['alreadyGone', '610'],
    ]);
    for (const key of gone) expect(harness.sim.truth(harness.realmId).exists(key)).toBe(false);
  });
});
