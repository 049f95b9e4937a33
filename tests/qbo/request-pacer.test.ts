/**
 * The request pacer (lib/qbo/request-pacer.ts) on a manual clock: per company at most 4 calls in
 * flight, at most 8 started in any 1.25 s, at most 450 in any 61 s; first asked, first sent; companies
 * independent; a failing call frees its place.
 */
import { describe, expect, it } from 'vitest';
import { createRequestPacer, DEFAULT_PACER_LIMITS, nextStart } from '../../lib/qbo/request-pacer';
import { createManualClock } from '../support/clock';

/** The most starts in any window of `windowMs` (a start at t is in the windows (t - windowMs, t]). */
function mostInWindow(starts: readonly number[], windowMs: number): number {
  return Math.max(0, ...starts.map((t) => starts.filter((s) => s > t - windowMs && s <= t).length));
}

describe('request pacer', () => {
  it('starts at most 8 calls in any 1.25 s and at most 450 in any 61 s, in the order asked', async () => {
    const clock = createManualClock();
    const pacer = createRequestPacer({ clock });
    const starts: number[] = [];
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        pacer.run('sandbox.1', async () => {
          starts.push(clock.now());
          order.push(i);
        }),
      ),
    );
    expect(starts).toHaveLength(1_000);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(mostInWindow(starts, 1_250)).toBe(8);
    expect(mostInWindow(starts, 61_000)).toBeLessThanOrEqual(450);
    // The published limits hold in any window of exactly 1 s and 60 s with room to spare.
    expect(mostInWindow(starts, 1_000)).toBeLessThanOrEqual(8);
    expect(mostInWindow(starts, 60_000)).toBeLessThanOrEqual(450);
  });

  it('keeps at most 4 calls of a company in flight; another company has its own lane', async () => {
    const clock = createManualClock();
    const pacer = createRequestPacer({ clock, limits: { perSecond: 100 } });
    const open: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const call = (key: string) =>
      pacer.run(key, async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => open.push(resolve));
        inFlight -= 1;
      });
    const done = Array.from({ length: 10 }, () => call('sandbox.1'));
    const other = call('sandbox.2');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(open).toHaveLength(5); // 4 of company 1, 1 of company 2
    while (open.length > 0) {
      open.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    await Promise.all([...done, other]);
    expect(most).toBe(5);
  });

  it('a call that throws frees its place for the next', async () => {
    const clock = createManualClock();
    const pacer = createRequestPacer({ clock, limits: { inFlight: 1 } });
    const failed = pacer.run('k', async () => {
      throw new Error('network');
    });
    const next = pacer.run('k', async () => 'sent');
    await expect(failed).rejects.toThrow('network');
    await expect(next).resolves.toBe('sent');
  });

  it('nextStart: the 9th start waits until the first leaves the padded second; timeScale divides it', () => {
    const starts = Array.from({ length: 8 }, (_, i) => 10_000 + i * 10);
    expect(nextStart(starts.slice(0, 7), 10_070, DEFAULT_PACER_LIMITS)).toBe(10_070);
    expect(nextStart(starts, 10_080, DEFAULT_PACER_LIMITS)).toBe(11_250);
    expect(nextStart(starts, 10_080, DEFAULT_PACER_LIMITS, 10)).toBe(10_125);
  });
});
