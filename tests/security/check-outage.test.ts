/**
 * Issue 21 §3, honest errors: QuickBooks down during the check. The failure is said in words (never
 * the browser's "TypeError: Failed to fetch"), a start is refused saying the check failed (never "the
 * selection changed"), nothing is sent, and the check is tried again a minute later while a view is
 * open; once QuickBooks answers, the same click deletes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_RETRY_MS } from '../../lib/domain/limits';
import { connectedWithSelection, createSecurityHarness, popupStateOf, type SecurityHarness } from './harness';

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('QuickBooks down during the check', () => {
  it('says so in words, refuses the start, sends nothing, and checks again a minute later', async () => {
    h = await createSecurityHarness();
    const company = await connectedWithSelection(h, { count: 6, entities: { Invoice: 1 }, seed: 31 });
    const scope = { realmId: company.realmId, environment: 'production' as const };
    // Every read now loses its connection: what "no network" looks like to fetch.
    h.sim.injectFault({ endpoint: 'query', kind: 'drop-before', probability: 1 });
    await h.background.core.preflight.start(scope);

    const view = await popupStateOf(h);
    expect(view.preflight?.error).toBe("QuickBooks isn't responding.");
    expect(JSON.stringify(view)).not.toMatch(/TypeError|Failed to fetch|fetch failed/);

    const reply = await h.click({ type: 'job/start', includeReconciled: false });
    expect(reply).toEqual({
      ok: false,
      error:
        "Nothing was deleted: the last check failed. QuickBooks isn't responding. Check again when QuickBooks answers.",
    });
    await h.background.core.preflight.start(scope); // the retry the refusal started, still failing
    expect(h.callsTo(company.realmId, 'batch', 'delete')).toBe(0);

    // QuickBooks is back; a poll before the minute is up does not check again, one after it does.
    h.sim.clearFaults();
    const queriesBefore = h.callsTo(company.realmId, 'query');
    const failedAt = (await popupStateOf(h)).preflight?.at ?? 0;
    h.clock.set(failedAt + CHECK_RETRY_MS - 1);
    await popupStateOf(h);
    expect(h.background.core.preflight.isRunning(scope)).toBe(false);
    expect(h.callsTo(company.realmId, 'query')).toBe(queriesBefore);
    h.clock.set(failedAt + CHECK_RETRY_MS);
    await popupStateOf(h);
    // The poll alone started the check (no click): it reads, and its success clears the failure.
    await vi.waitFor(async () => {
      expect(h?.callsTo(company.realmId, 'query')).toBeGreaterThan(queriesBefore);
      expect(h?.background.core.preflight.isRunning(scope)).toBe(false);
      expect((await popupStateOf(h as SecurityHarness)).preflight?.error).toBeUndefined();
    });

    const started = await h.click({ type: 'job/start', includeReconciled: false });
    expect(started.ok).toBe(true);
  });
});
