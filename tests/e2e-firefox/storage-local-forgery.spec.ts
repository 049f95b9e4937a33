/**
 * What a content script writes to storage.local never reaches the extension's state (Firefox lets
 * every content script write storage.local, with no setting to stop it). On a fresh install, with
 * nothing ticked, the extension's own content script on a web-app page (its Firefox sandbox, as a
 * compromised renderer would use it) writes a running delete job and its record to storage.local;
 * the event page is reloaded, as Firefox restarts it: nothing is sent, nothing is deleted, and the
 * job is not in the extension's state (lib/storage/idb-area.ts moves storage.local once, marked
 * whatever it found; lib/journal/job-seal.ts runs only jobs the extension tagged).
 */
import { inExtension, markBackground, readBackgroundMark, reloadBackground } from './background';
import { inContentScript } from './content-script';
import { storedJobs } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, categoryOf, connectPopup } from './helpers';

test.use({ seed: { count: 40, seed: 11 } });

const JOB_ID = 'forged-0000-4000-8000-000000000000';

/** A running delete job of `realmId` for one invoice, and its record, as storage.local items. */
function forged(realmId: string, id: string, raw: Record<string, unknown>): Record<string, unknown> {
  const kinds = ['deleted', 'deletedVerified', 'notDeletedVerified', 'skippedChanged', 'skippedReconciled'];
  const more = ['closedPeriod', 'refused', 'alreadyGone', 'voided', 'notVoidedVerified', 'restored'];
  const counts = Object.fromEntries([...kinds, ...more, 'restoreUnconfirmed'].map((k) => [k, 0]));
  const job = {
    id: JOB_ID,
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
  return { 'sd:jobs': [job], [`sd:job:${JOB_ID}:records:0`]: [record] };
}

test('a running delete job a content script writes to storage.local is not run after the event page restarts', async ({
  firefox,
  sim,
  company,
  openLedger,
  openPopup,
}) => {
  await openLedger('/app/invoices'); // a web-app page: the extension's content script runs there
  const popup = await connectPopup({ openPopup, company }); // connected: a job of this company could run
  const key = company.keys.all.find((k) => k.startsWith('Invoice:') && categoryOf(company, k, sim) === 'plain');
  if (!key) throw new Error('no plain invoice in the seed');
  const items = forged(company.realmId, key.split(':')[1] ?? '', sim.record(company.realmId, key) ?? {});

  const sent = await inContentScript(
    firefox.browser,
    firefox.addonId,
    '/app/invoices',
    `browser.storage.local.set(${JSON.stringify(items)})`,
  );
  expect(sent).toBe(1);
  const local = () => inExtension<Record<string, unknown>>(popup.page, 'return browser.storage.local.get(null);');
  await expect.poll(async () => Object.keys(await local()).sort()).toEqual(Object.keys(items).sort()); // written

  await markBackground(popup.page, 'before the forged write was read');
  await reloadBackground(popup.page);
  await expect.poll(() => readBackgroundMark(popup.page), { timeout: 10_000 }).toBeNull(); // a fresh event page
  const again = await openPopup(); // its first state comes from the fresh page, once its start is done
  await again.button('Open full view');
  // Then a window in which nothing is sent (the previous build sent the forged delete within it).
  for (const until = Date.now() + 8_000; Date.now() < until; ) {
    expect(batchCalls(sim, company.realmId)).toEqual([]);
    expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(sim.requestLog(company.realmId).filter((e) => e.endpoint === 'delete')).toEqual([]);
  expect(sim.record(company.realmId, key)).toBeDefined(); // the record is still in the company's books
  expect(await local()).toEqual({}); // emptied by the start, never read into the state
  expect((await storedJobs(again.page)).map((j) => j.id)).not.toContain(JOB_ID);
});
