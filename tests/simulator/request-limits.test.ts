/**
 * The service's published per-company limits (tools/simulator/request-limits.ts) on an injected
 * clock: 10 at once, 10 a second, 500 non-batch calls a minute, answers cut after 120 s, every window
 * divided by timeScale; refusals take no place; counting without refusing when not enforced.
 */
import { describe, expect, it } from 'vitest';
import { createRequestLimits, type Ticket } from '../../tools/simulator/request-limits';
import { createManualClock } from '../support/clock';

function setup(options: { timeScale?: number; enforced?: boolean } = {}) {
  const clock = createManualClock(1_000_000);
  let enforced = options.enforced ?? true;
  const limits = createRequestLimits({
    now: clock.now,
    timeScale: () => options.timeScale ?? 1,
    enforced: () => enforced,
  });
  const admitted = (realmId = 'r1', batch = false): Ticket => {
    const a = limits.admit(realmId, { batch });
    if (a.kind !== 'admitted') throw new Error(`refused by ${a.limit}`);
    return a.ticket;
  };
  return {
    limits,
    admitted,
    advance: clock.advance,
    setEnforced: (on: boolean) => {
      enforced = on;
    },
  };
}

describe('request limits', () => {
  it('refuses the 11th call in flight at once, and admits one again when a call finishes', () => {
    const { limits, admitted, advance } = setup();
    const tickets: Ticket[] = [];
    for (let i = 0; i < 10; i++) {
      tickets.push(admitted());
      advance(200); // 5 a second: under the rate, only concurrency binds
    }
    expect(tickets.map((k) => k.inFlight)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(limits.admit('r1', { batch: false })).toEqual({ kind: 'refused', limit: 'concurrent' });
    // Another company has its own count.
    expect(admitted('r2').inFlight).toBe(1);
    expect(limits.finish(tickets[0]!)).toBe('answered');
    expect(admitted().inFlight).toBe(10);
  });

  it('refuses the 11th arrival within a second, admits it a second after the first', () => {
    const { limits, admitted, advance } = setup();
    for (let i = 0; i < 10; i++) {
      limits.finish(admitted());
      advance(50);
    }
    // t = first + 500 ms: 10 arrived in the last second.
    expect(limits.admit('r1', { batch: true })).toEqual({ kind: 'refused', limit: 'perSecond' });
    advance(499); // first + 999: the first still in the window
    expect(limits.admit('r1', { batch: false })).toEqual({ kind: 'refused', limit: 'perSecond' });
    advance(1); // first + 1000: the first has left
    expect(limits.admit('r1', { batch: false }).kind).toBe('admitted');
  });

  it('refuses the 501st non-batch call within a minute; batch calls do not count against it', () => {
    const { limits, admitted, advance } = setup();
    for (let i = 0; i < 500; i++) {
      limits.finish(admitted());
      if (i % 10 === 0) limits.finish(admitted('r1', true)); // batch calls between: not of the 500
      advance(115); // 500 × 115 ms = 57.5 s: under 10 a second, batch calls included
    }
    expect(limits.admit('r1', { batch: false })).toEqual({ kind: 'refused', limit: 'perMinute' });
    // A batch call is not refused by the minute's count.
    expect(limits.admit('r1', { batch: true }).kind).toBe('admitted');
    advance(60_000 - 57_500 + 1); // the first call's minute is over
    expect(limits.admit('r1', { batch: false }).kind).toBe('admitted');
  });

  it('a refused call takes no place: waiting out the window always clears it', () => {
    const { limits, admitted, advance } = setup();
    for (let i = 0; i < 10; i++) limits.finish(admitted());
    for (let i = 0; i < 50; i++) expect(limits.admit('r1', { batch: false }).kind).toBe('refused');
    advance(1_000);
    expect(limits.admit('r1', { batch: false }).kind).toBe('admitted');
  });

  it('cuts an answer ready more than 120 s after the arrival, not one at 120 s', () => {
    const { limits, admitted, advance } = setup();
    const onTime = admitted();
    const late = admitted();
    advance(120_000);
    expect(limits.finish(onTime)).toBe('answered');
    advance(1);
    expect(limits.finish(late)).toBe('cut');
  });

  it('divides every window by timeScale', () => {
    const { limits, admitted, advance } = setup({ timeScale: 20 });
    for (let i = 0; i < 10; i++) limits.finish(admitted());
    expect(limits.admit('r1', { batch: false }).kind).toBe('refused');
    advance(50); // 1000 / 20
    const ticket = admitted();
    advance(6_001); // 120 s / 20 = 6 s
    expect(limits.finish(ticket)).toBe('cut');
  });

  it('not enforced: counts in flight but refuses nothing and cuts nothing', () => {
    const { limits, admitted, advance, setEnforced } = setup({ enforced: false });
    const tickets = Array.from({ length: 25 }, () => admitted());
    expect(tickets.at(-1)?.inFlight).toBe(25);
    advance(200_000);
    expect(limits.finish(tickets[0]!)).toBe('answered');
    setEnforced(true);
    expect(limits.admit('r1', { batch: false })).toEqual({ kind: 'refused', limit: 'concurrent' });
  });

  it('reset empties the windows of one company only', () => {
    const { limits, admitted } = setup();
    for (let i = 0; i < 10; i++) {
      limits.finish(admitted('r1'));
      limits.finish(admitted('r2'));
    }
    limits.reset('r1');
    expect(limits.admit('r1', { batch: false }).kind).toBe('admitted');
    expect(limits.admit('r2', { batch: false })).toEqual({ kind: 'refused', limit: 'perSecond' });
  });
});
