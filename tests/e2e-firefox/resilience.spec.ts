/**
 * Waits and interruptions in Firefox, where the background is an event page that Firefox unloads when
 * idle: a 429 is waited out with the alarm while the event page is unloaded (no tab of the extension
 * open, so only the alarm can bring it back), and an event page reloaded mid-job resumes from the
 * journal with nothing deleted twice. The simulator's batch ceiling is lowered (1 call per window)
 * and its window time-scaled; the extension is the unchanged production build. The 429 is waited
 * out in real time, end to end (the suite's one real Retry-After through the alarm): only the 30 s
 * floor the runner puts under every alarm (Chrome's minimum) is cut, by moving the runner's alarm to
 * the job's stored Retry-After end.
 */
import { markBackground, readBackgroundMark, reloadBackground } from './background';
import { jobAlarmAt, setJobAlarm, storedJobs } from './extension-state';
import { expect, test } from './fixtures';
import { batchCalls, tickAndCheck } from './helpers';

test.describe('a 429 longer than the in-background sleep', () => {
  test.use({
    seed: { count: 400, seed: 21 },
    // Window 60 s / 6 = 10 s: Retry-After 10 s, longer than the runner sleeps in the background (5 s),
    // so the wait goes through the alarm. Real-payload mode: the 429 arrives as XML.
    simulatorOptions: { batchLimit: 1, timeScale: 6, mode: 'real' },
    // Firefox unloads an idle event page after 30 s by default; 2 s makes it happen within the wait.
    firefoxPrefs: { 'extensions.background.idle.timeout': 2_000 },
  });

  test('is waited out with the alarm while Firefox unloads the idle event page; the job finishes', async ({
    sim,
    company,
    openLedger,
    openPopup,
  }) => {
    const fixtures = { sim, company, openLedger, openPopup };
    const { popup, keys } = await tickAndCheck(fixtures, { plain: 31 }, '/app/invoices?rows=100'); // 30 + 1
    // Identifying the ticked rows (they link nothing) read through this window's one batch call; the
    // bookkeeper reads the check before the click, and the window has passed by then.
    sim.resetThrottle(company.realmId);
    await markBackground(popup.page, 'before the wait');
    await popup.clickDelete();
    await expect
      .poll(() => batchCalls(sim, company.realmId).filter((e) => e.status === 429).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The job stored the Retry-After's end and armed the alarm for it, no sooner (the runner's floor
    // makes it 30 s ahead); the alarm then rings at that end instead of 20 s past it.
    const retryAt = async () => (await storedJobs(popup.page)).find((j) => j.wait?.kind === 'rateLimit')?.wait?.until;
    await expect.poll(retryAt).toBeGreaterThan(0);
    const until = (await retryAt()) ?? 0;
    await expect.poll(async () => (await jobAlarmAt(popup.page)) ?? 0).toBeGreaterThanOrEqual(until);
    await setJobAlarm(popup.page, until);
    // The bookkeeper closes the popup during the wait: no extension page is open any more.
    await popup.page.goto('about:blank', { waitUntil: 'load' });
    expect(sim.truth(company.realmId).deletedKeys()).toHaveLength(30); // the second chunk waits

    await expect
      .poll(() => sim.truth(company.realmId).deletedKeys().length, { timeout: 45_000, intervals: [500] })
      .toBe(keys.length);
    const log = batchCalls(sim, company.realmId);
    for (const refusal of log.filter((e) => e.status === 429)) {
      // Nothing is sent before the Retry-After (10 s) has passed.
      const next = log.find((e) => e.at > refusal.at);
      expect((next?.at ?? Number.POSITIVE_INFINITY) - refusal.at).toBeGreaterThanOrEqual(10_000);
    }
    const reopened = await openPopup();
    // A fresh event page: Firefox unloaded the one that started the job, and the alarm started this one.
    expect(await readBackgroundMark(reopened.page)).toBeNull();
    const result = await reopened.resultCounts();
    expect(result).toMatchObject({ Deleted: keys.length, 'Needs attention': 0 });
    const truth = sim.truth(company.realmId);
    expect(truth.deletedKeys().sort()).toEqual([...keys].sort());
    for (const key of keys) expect(truth.appliedDeletes(key)).toBe(1);
  });
});

test.describe('an event page reloaded mid-job', () => {
  test.use({
    seed: { count: 400, seed: 22 },
    simulatorOptions: { batchLimit: 1, timeScale: 20, mode: 'real' }, // window 3 s: the job spans waits
  });

  test('resumes from the journal; nothing is deleted twice', async ({ sim, company, openLedger, openPopup }) => {
    const fixtures = { sim, company, openLedger, openPopup };
    const { popup, keys } = await tickAndCheck(fixtures, { plain: 50 }, '/app/invoices?rows=100'); // two chunks
    await markBackground(popup.page, 'started the job');
    await popup.clickDelete();
    await expect
      .poll(() => batchCalls(sim, company.realmId).filter((e) => e.status === 200).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const deletedBefore = sim.truth(company.realmId).deletedKeys().length;
    expect(deletedBefore).toBeLessThan(keys.length); // mid-job: the second chunk has not gone yet
    const reloadedAt = Date.now();
    await reloadBackground(popup.page);
    await expect.poll(() => readBackgroundMark(popup.page), { timeout: 10_000 }).toBeNull(); // a fresh page

    // The open popup talks to the fresh event page, which re-derives the job from storage.
    const result = await popup.resultCounts();
    await popup.screenshot('background-reloaded');
    expect(result.Deleted + result['Needs attention']).toBe(keys.length);
    const truth = sim.truth(company.realmId);
    for (const key of keys) expect(truth.appliedDeletes(key)).toBeLessThanOrEqual(1);
    expect(truth.deletedKeys().every((k) => keys.includes(k))).toBe(true);
    expect(result.Deleted).toBe(truth.deletedKeys().length);
    // The rest went after the reload, from the fresh page.
    expect(batchCalls(sim, company.realmId).some((e) => e.status === 200 && e.at > reloadedAt)).toBe(true);
  });
});
