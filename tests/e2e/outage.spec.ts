/**
 * QuickBooks down (issue 21 §3), end to end in real Chromium with the production build. The
 * simulator drops every API connection (the browser's "TypeError: Failed to fetch" case) during a
 * check, then during a job. A failed check is one banner in words with "Try now", the button
 * unavailable and nothing sent; a job cut off mid-way says so in words with what is done, waits,
 * and finishes once QuickBooks answers again: exactly the ready records deleted, each once. The
 * resilience spec covers 429s, a stopped worker and an expired token; outages are new here. The
 * job's retry minute is not waited in real time: the test checks the retry time the job stored and
 * the alarm it set, then makes that time now (./extension-state.ts) and checks nothing went before.
 */

import { endJobWaitNow, jobAlarmAt, storedJobs } from './extension-state';
import { expect, test } from './fixtures';
import { connectPopup } from './helpers';
import { openList, pickInvoices, RAW_ERROR, takeDown, tickInvoices, writeCalls } from './screen-checks';

test.use({
  seed: { count: 400, seed: 23 },
  // One batch call per 3 s window (time-scaled ×20): the job's second chunk waits, so the outage
  // can start after the first batch and before the second.
  simulatorOptions: { batchLimit: 1, timeScale: 20 },
});

test('QuickBooks down during the check: the banner, the button unavailable, nothing sent; back: the check passes', async ({
  context,
  sim,
  company,
  openPopup,
}) => {
  const ledger = await openList(context);
  const ids = await pickInvoices(ledger, company, { plain: 8 });
  await tickInvoices(ledger, ids);
  const popup = await connectPopup(openPopup, company);
  expect(await popup.waitForPreflight(8)).toEqual({ Ready: 8 });
  await expect(popup.deleteButton()).toBeEnabled();

  takeDown(sim, company.realmId);
  const failedBefore = sim.requestLog(company.realmId).filter((e) => e.fault).length;
  await popup.page.getByRole('button', { name: 'Check again' }).click();
  const banner = popup.page.getByRole('region', { name: 'The check failed' });
  await expect(banner).toContainText(/^QuickBooks isn't responding\. Nothing was deleted\. Trying again at .+\./);
  await expect(banner.getByRole('button', { name: 'Try now' })).toBeEnabled();
  expect(sim.requestLog(company.realmId).filter((e) => e.fault).length).toBeGreaterThan(failedBefore);
  await popup.expectInView(banner);
  // The rows of the last good check still show; the click they would have allowed does not.
  await expect(popup.deleteButton()).toBeDisabled();
  await popup.deleteButton().click({ force: true });
  await expect(popup.page.getByRole('heading', { name: 'Deleting' })).toHaveCount(0);
  await expect(popup.page.getByText(/selection changed since it was checked/)).toHaveCount(0);
  expect(await popup.page.locator('body').innerText()).not.toMatch(RAW_ERROR);

  // "Try now" while still down: the same banner, still nothing sent.
  const failedOnce = sim.requestLog(company.realmId).filter((e) => e.fault).length;
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect.poll(() => sim.requestLog(company.realmId).filter((e) => e.fault).length).toBeGreaterThan(failedOnce);
  await expect(banner.getByRole('button', { name: 'Try now' })).toBeEnabled({ timeout: 30_000 });
  await expect(banner).toContainText("QuickBooks isn't responding");
  await expect(popup.deleteButton()).toBeDisabled();
  expect(writeCalls(sim, company.realmId)).toEqual([]);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);

  // Back: "Try now" checks afresh, the banner goes and the button returns; still nothing deleted.
  sim.clearFaults();
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  expect(await popup.waitForPreflight(8)).toEqual({ Ready: 8 });
  await expect(popup.deleteButton()).toBeEnabled();
  expect(writeCalls(sim, company.realmId)).toEqual([]);
  expect(sim.truth(company.realmId).deletedKeys()).toEqual([]);
});

test('QuickBooks down mid-job: the outage in words with what is done, then the job resumes and deletes each ready record once', async ({
  context,
  sim,
  company,
  openPopup,
  serviceWorker,
}) => {
  const ledger = await openList(context);
  const ids = await pickInvoices(ledger, company, { plain: 40 });
  expect(ids).toHaveLength(40); // two chunks: 30, then 10
  await tickInvoices(ledger, ids);
  const keys = ids.map((id) => `Invoice:${id}`);
  const popup = await connectPopup(openPopup, company);
  expect(await popup.waitForPreflight(40)).toEqual({ Ready: 40 });

  await popup.deleteButton().click();
  // Down right after the first batch went through (the next may leave no sooner than 3 s later).
  const deleted = () => writeCalls(sim, company.realmId).filter((e) => e.status === 200).length;
  await expect.poll(deleted, { intervals: [10], timeout: 30_000 }).toBeGreaterThan(0);
  const downAt = Date.now();
  takeDown(sim, company.realmId);
  expect(deleted()).toBe(1);

  const job = popup.page.getByRole('region', { name: 'Deleting' });
  await expect(job.locator('p.warning')).toHaveText(
    /^QuickBooks (isn't responding|has not confirmed yet whether the last batch took effect)\./,
    { timeout: 90_000 },
  );
  await expect(job).toContainText('30 of 40 processed');
  await expect(job).not.toContainText(/left$|minutes? left|seconds? left/);
  expect(await popup.page.locator('body').innerText()).not.toMatch(RAW_ERROR);
  const whileDown = sim.truth(company.realmId).deletedKeys().length;
  expect(whileDown).toBe(30);

  // The job retries a minute after the failure: the retry time it stored and the alarm that wakes it.
  const retryAt = async () => (await storedJobs(serviceWorker)).find((j) => j.wait?.until)?.wait?.until ?? 0;
  await expect.poll(retryAt).toBeGreaterThanOrEqual(downAt + 60_000);
  const until = await retryAt();
  expect(await jobAlarmAt(serviceWorker)).toBeGreaterThanOrEqual(until);

  sim.clearFaults(); // back: the job's own retry picks it up, nobody clicks
  const lastFailure = Math.max(...sim.requestLog(company.realmId).map((e) => (e.fault ? e.at : 0)));
  const waitEnded = Date.now();
  await endJobWaitNow(serviceWorker); // the minute has passed, as the job sees it
  await expect.poll(() => sim.truth(company.realmId).deletedKeys().length, { timeout: 30_000 }).toBe(40);
  // Nothing was sent between the failure and the end of the wait: no early retry.
  expect(sim.requestLog(company.realmId).filter((e) => e.at > lastFailure && e.at < waitEnded)).toEqual([]);
  const result = await popup.resultCounts();
  expect(result).toMatchObject({ Deleted: 40, Skipped: 0, Refused: 0, 'Needs attention': 0 });
  const truth = sim.truth(company.realmId);
  expect(truth.deletedKeys().sort()).toEqual([...keys].sort());
  for (const key of keys) expect(truth.appliedDeletes(key)).toBe(1);
  expect(await popup.page.locator('body').innerText()).not.toMatch(RAW_ERROR);
});
