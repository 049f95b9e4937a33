/**
 * What storage.local holds never reaches the extension's state after its first start. storage.local
 * can be written by a content script (Chrome's default, always in Firefox); here an extension page
 * stands in for one. On a fresh install, with nothing ticked, it writes a running delete job and its
 * record there; the service worker is stopped and started again: nothing is deleted, nothing is sent,
 * and the job is not in the extension's state (lib/storage/idb-area.ts moves storage.local once,
 * marked whatever it found; lib/journal/job-seal.ts runs only jobs the extension tagged).
 */
import { storedJobs } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, categoryOf, connectPopup, stopWorker } from './helpers';

test.use({ seed: { count: 40, seed: 11 } });

test('a running delete job written to storage.local is not run after a worker restart', async ({
  context,
  sim,
  company,
  openPopup,
  serviceWorker,
}) => {
  const popup = await connectPopup(openPopup, company); // connected: a job of this company could run
  const key = company.keys.all.find((k) => k.startsWith('Invoice:') && categoryOf(company, k, sim) === 'plain');
  if (!key) throw new Error('no plain invoice in the seed');
  const raw = sim.record(company.realmId, key) ?? {};
  const id = key.split(':')[1] ?? '';
  const jobId = 'forged-0000-4000-8000-000000000000';
  await popup.page.evaluate(
    async ({ realmId, jobId, id, raw }) => {
      const c = (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome;
      const counts = Object.fromEntries(
        ['deleted', 'deletedVerified', 'notDeletedVerified', 'skippedChanged', 'skippedReconciled', 'closedPeriod']
          .concat(['refused', 'alreadyGone', 'voided', 'notVoidedVerified', 'restored', 'restoreUnconfirmed'])
          .map((k) => [k, 0]),
      );
      const job = {
        id: jobId,
        realmId,
        environment: 'production',
        operation: 'delete',
        includeReconciled: true,
        chunkSize: 30,
        total: 1,
        chunks: 1,
        cursor: 0,
        openChunk: false,
        status: 'running',
        counts,
        unverified: 0,
        createdAt: Date.now(),
        startedAt: Date.now(),
      };
      const record = {
        kind: 'reviewed',
        record: { entity: 'Invoice', id, syncToken: String(raw.SyncToken ?? '0'), linkedTxn: [], raw },
        reconciled: false,
      };
      await c.storage.local.set({ 'sd:jobs': [job], [`sd:job:${jobId}:records:0`]: [record] });
    },
    { realmId: company.realmId, jobId, id, raw },
  );

  const cdp = await context.newCDPSession(popup.page);
  await cdp.send('ServiceWorker.enable');
  await stopWorker(cdp);
  // A new popup wakes a fresh worker, which starts as after any stop: migrations, then the runner.
  const again = await openPopup();
  // Its first state comes from the new worker, once its start (migrations) is done.
  await expect(again.locator('.topbar-company')).toContainText(`(Id ${company.realmId})`);
  // Then a window in which nothing is sent (the previous build sent the forged delete within it).
  for (const until = Date.now() + 8_000; Date.now() < until; ) {
    expect(batchCalls(sim, company.realmId)).toEqual([]);
    expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
    await again.waitForTimeout(250);
  }
  expect(batchCalls(sim, company.realmId)).toEqual([]);
  expect(sim.requestLog(company.realmId).filter((e) => e.endpoint === 'delete')).toEqual([]);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
  expect(sim.record(company.realmId, key)).toBeDefined(); // the record is still in the company's books
  await expect(again.getByText('Nothing selected yet.', { exact: false })).toBeVisible(); // no job shown
  // storage.local was emptied by the start, and the job never entered the extension's state.
  const held = await again.evaluate(async () => {
    const c = (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<object> } } } }).chrome;
    return Object.keys(await c.storage.local.get(null));
  });
  expect(held).toEqual([]);
  const worker = context.serviceWorkers()[0] ?? serviceWorker;
  expect((await storedJobs(worker)).map((j) => j.id)).not.toContain(jobId);
  await expect(again.getByText(/saved job on this device cannot be read/)).toHaveCount(0);
});
