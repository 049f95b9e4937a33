/**
 * Waits and interruptions end to end: a 429 waits its Retry-After, a killed service worker resumes
 * from the journal, an expired token pauses the job until a new one is saved. The simulator's batch
 * ceiling is lowered (1 call per window) and its window time-scaled ×20 (60 s → 3 s) so each test
 * spans several waits in seconds; the extension build is the unchanged production build.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { batchCalls, stopWorker, tickAndCheck } from './helpers';

test.use({
  seed: { count: 400, seed: 21 },
  // Real-payload mode: the 429s arrive as XML and the 401 as the lowercase gateway body.
  simulatorOptions: { batchLimit: 1, timeScale: 20, mode: 'real' },
});
test.beforeAll(() => mkdirSync('test-results/screenshots', { recursive: true }));

/** Ticks `n` plain invoices and returns the popup, checked and ready. */
async function readyPopup(fixtures: Parameters<typeof tickAndCheck>[0], n: number) {
  const { popup, keys, counts } = await tickAndCheck(fixtures, { plain: n }); // up to n: one list page
  expect(counts).toEqual({ Ready: keys.length });
  expect(keys.length).toBeGreaterThan(30); // at least two chunks: the job has a middle to interrupt
  return { popup, keys };
}

test('a 429 makes the job wait the Retry-After and finish, with no early retry', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { popup, keys } = await readyPopup({ context, company, openPopup }, 31); // two chunks: 30 + 1
  await popup.deleteButton().click();
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  const log = batchCalls(sim, company.realmId);
  const limited = log.filter((e) => e.status === 429);
  expect(limited.length).toBeGreaterThan(0);
  for (const refusal of limited) {
    // The next batch call after each 429 comes no sooner than its Retry-After (3 s scaled).
    const next = log.find((e) => e.at > refusal.at);
    expect((next?.at ?? Number.POSITIVE_INFINITY) - refusal.at).toBeGreaterThanOrEqual(3_000);
  }
  for (const key of keys) expect(sim.truth(company.realmId).appliedDeletes(key)).toBe(1);
});

test('the service worker stopped mid-job resumes from the journal; nothing is deleted twice', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const { popup, keys } = await readyPopup({ context, company, openPopup }, 50); // two chunks or more
  const cdp = await context.newCDPSession(popup.page);
  await cdp.send('ServiceWorker.enable');
  await popup.deleteButton().click();
  await expect.poll(() => batchCalls(sim, company.realmId).filter((e) => e.status === 200).length).toBeGreaterThan(0);
  await stopWorker(cdp); // mid-job: the second chunk waits for the simulator's window
  await popup.screenshot('worker-stopped');
  // The open popup's next poll wakes a fresh worker, which re-derives the job from storage.
  const result = await popup.resultCounts();
  expect(result.Deleted + result['Needs attention']).toBe(keys.length);
  const truth = sim.truth(company.realmId);
  for (const key of keys) expect(truth.appliedDeletes(key)).toBeLessThanOrEqual(1);
  expect(result.Deleted).toBe(truth.deletedKeys().length);
});

test('a token that expires mid-job pauses it; a new token resumes it', async ({ context, sim, company, openPopup }) => {
  const { popup, keys } = await readyPopup({ context, company, openPopup }, 50); // two chunks or more
  await popup.deleteButton().click();
  await expect.poll(() => batchCalls(sim, company.realmId).filter((e) => e.status === 200).length).toBeGreaterThan(0);
  sim.expireToken(company.token);
  await expect(popup.page.getByText('Paused: the access token expired. Paste a new token to resume.')).toBeVisible({
    timeout: 20_000,
  });
  await popup.screenshot('token-needed');
  const deletedWhilePaused = sim.truth(company.realmId).deletedKeys().length;
  expect(deletedWhilePaused).toBeLessThan(keys.length);
  await popup.page.getByLabel('Access token').fill(sim.issueToken(company.realmId));
  await popup.page.getByRole('button', { name: 'Save' }).click();
  const result = await popup.resultCounts();
  expect(result.Deleted).toBe(keys.length);
  expect(sim.requestLog(company.realmId).some((e) => e.status === 401)).toBe(true);
});
