/**
 * "Forget" and "Check again" act on the company the view showed, never on whichever company is
 * current at the click. Reproduced before: the popup showed A, B's tab reported a tick, "Forget"
 * removed B's connection and kept A's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectedWithSelection,
  createSecurityHarness,
  popupStateOf,
  SENDERS,
  type SecurityHarness,
  selectionReport,
} from './harness';

let h: SecurityHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** B then A connected with a selection; the view shows A; then B's tab reports a tick. */
async function viewShowsAThenBReports(harness: SecurityHarness) {
  const b = await connectedWithSelection(harness, { count: 3, entities: { Invoice: 1 }, seed: 51 });
  const a = await connectedWithSelection(harness, { count: 4, entities: { Invoice: 1 }, seed: 52 });
  const shown = (await popupStateOf(harness)).scope;
  expect(shown?.realmId).toBe(a.realmId);
  harness.setPageCompany(b.realmId);
  const reported = await harness.send(
    selectionReport(b.keys.all.slice(0, 1), harness.clock.now(), b.realmId),
    SENDERS.contentScript,
  );
  expect(reported.ok).toBe(true);
  expect((await popupStateOf(harness)).scope?.realmId).toBe(b.realmId);
  return { a, b, shown: { realmId: a.realmId, environment: 'production' as const } };
}

describe('a click names the company its view showed', () => {
  it('"Forget" in A’s view forgets A and keeps B, whichever tab reported last', async () => {
    h = await createSecurityHarness();
    const { a, b, shown } = await viewShowsAThenBReports(h);
    const forgot = await h.send({ type: 'connection/forget', scope: shown }, SENDERS.popup);
    expect(forgot.ok).toBe(true);
    const connected = (await popupStateOf(h)).connections.map((c) => c.realmId);
    expect(connected).toEqual([b.realmId]);
    expect(connected).not.toContain(a.realmId);
  });

  it('"Forget" without the company is refused and forgets nothing', async () => {
    h = await createSecurityHarness();
    const { a, b } = await viewShowsAThenBReports(h);
    const refused = await h.send({ type: 'connection/forget' }, SENDERS.popup);
    expect(refused.ok).toBe(false);
    const connected = (await popupStateOf(h)).connections.map((c) => c.realmId).sort();
    expect(connected).toEqual([a.realmId, b.realmId].sort());
  });

  it('"Check again" in A’s view checks A, not the company that reported last', async () => {
    h = await createSecurityHarness();
    const { a, b, shown } = await viewShowsAThenBReports(h);
    const core = h.background.core;
    const bScope = { realmId: b.realmId, environment: 'production' as const };
    if (core.preflight.isRunning(bScope)) await core.preflight.start(bScope); // a check the poll began
    const before = { a: h.log(a.realmId).length, b: h.log(b.realmId).length };
    const checked = await h.send({ type: 'preflight/run', scope: shown }, SENDERS.popup);
    expect(checked.ok).toBe(true);
    expect(core.preflight.isRunning(bScope)).toBe(false);
    if (core.preflight.isRunning(shown)) await core.preflight.start(shown); // joins the run the click began
    expect(h.log(a.realmId).length).toBeGreaterThan(before.a);
    expect(h.log(b.realmId).length).toBe(before.b);
  });
});
