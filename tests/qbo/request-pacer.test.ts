/**
 * The request pacer (lib/qbo/request-pacer.ts) on a manual clock: per company at most 4 calls in
 * flight, at most 8 started in any 1.25 s, at most 450 in any 61 s; first asked, first sent; companies
 * independent; a failing call frees its place.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock';
import { createRequestPacer, DEFAULT_PACER_LIMITS, nextStart } from '../../lib/qbo/request-pacer';
import { createManualClock } from '../support/clock';

/** The most starts in any window of `windowMs` (a start at t is in the windows (t - windowMs, t]). */
function mostInWindow(starts: readonly number[], windowMs: number): number {
  return Math.max(0, ...starts.map((t) => starts.filter((s) => s > t - windowMs && s <= t).length));
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/**
 * The manual clock, except that a sleep ends only when \`settle\` lets it (time moves on as it ends),
 * so a test sees how many waits are pending and what each call saw as now.
 */
function heldSleeps() {
  const base = createManualClock(0);
  const sleeps: number[] = [];
  const due: (() => void)[] = [];
  const clock: Clock = {
    now: base.now,
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise<void>((resolve) => {
        due.push(() => {
          base.advance(ms);
          resolve();
        });
      });
    },
  };
  const settle = async () => {
    await flush();
    while (due.length > 0) {
      due.shift()?.();
      await flush();
    }
  };
  return { clock, base, sleeps, settle };
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

  it('nextStart: the 451st start in a padded minute waits until the first leaves it; timeScale divides it', () => {
    const limits = { ...DEFAULT_PACER_LIMITS, perSecond: 1_000, perMinute: 3 };
    expect(nextStart([0, 10], 20, limits)).toBe(20);
    expect(nextStart([0, 10, 20], 30, limits)).toBe(61_000);
    expect(nextStart([0, 1, 2], 3, limits, 10)).toBe(6_100);
    // A start exactly one padded minute old has left it.
    expect(nextStart([0, 10, 20], 61_000, limits)).toBe(61_000);
  });

  it('nextStart: after the clock stepped back, a start stamped later than now still counts; older ones do not', () => {
    // systemClock is Date.now, which steps back when the OS corrects it: the lane may then hold a
    // start stamped after an older one. Only the starts inside the window count, wherever they sit.
    const perSecond = { ...DEFAULT_PACER_LIMITS, perSecond: 1 };
    expect(nextStart([10_000, 0], 5_000, perSecond)).toBe(11_250);
    expect(nextStart([10_000, 3_750], 5_000, perSecond)).toBe(11_250);
    const perMinute = { ...DEFAULT_PACER_LIMITS, perSecond: 1_000, perMinute: 1 };
    expect(nextStart([100_000, 0], 70_000, perMinute)).toBe(161_000);
    expect(nextStart([100_000, 9_000], 70_000, perMinute)).toBe(161_000);
  });

  it('a start stays counted for the whole padded minute, not only 60 s', async () => {
    const { clock, base, settle } = heldSleeps();
    const pacer = createRequestPacer({ clock, limits: { perSecond: 100, perMinute: 2 } });
    const starts: number[] = [];
    const call = () => pacer.run('k', async () => void starts.push(clock.now()));
    await call();
    base.advance(1_500);
    await call();
    const rest = Promise.all([call(), call()]);
    await settle();
    await rest;
    // The third waits for the first to leave its minute (0 + 61 s); the fourth for the second (1.5 s + 61 s).
    expect(starts).toEqual([0, 1_500, 61_000, 62_500]);
  });

  it('while a company waits for a slot it holds one timer, however many calls queue behind it', async () => {
    const { clock, sleeps, settle } = heldSleeps();
    const pacer = createRequestPacer({ clock, limits: { perSecond: 1 } });
    const starts: number[] = [];
    const done = Array.from({ length: 4 }, () => pacer.run('k', async () => void starts.push(clock.now())));
    await flush();
    expect(sleeps).toEqual([1_250]);
    await settle();
    await Promise.all(done);
    expect(starts).toEqual([0, 1_250, 2_500, 3_750]);
    expect(sleeps).toEqual([1_250, 1_250, 1_250]);
  });
});
