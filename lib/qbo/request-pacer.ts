/**
 * The request pacer: every call to one company goes through it, whoever makes it (the preflight, its
 * linked details, a job's re-reads and batch calls, the restore, the company-name read), so together
 * they stay under the service's published limits per company and app (service-facts "Limits
 * published by the service owner"): 10 requests a second, 10 at once, 500 a minute; a call over any of
 * them is a 429 that costs a 60 s wait.
 *
 * Our own ceilings sit below the published ones, because the service counts arrivals and we count
 * sends: at most 4 in flight (another browser profile of the same app may share the company), at most
 * 8 started in any second plus a margin of 250 ms (a late first call can arrive close to the next),
 * at most 450 in any minute plus 1 s. Calls wait in order (first asked, first sent); the waits come
 * from the injected clock, so tests and the time-scaled bench move them instantly or scaled.
 */
import type { Clock } from '../clock';

export interface PacerLimits {
  inFlight: number;
  perSecond: number;
  perMinute: number;
  /** Added to each window: sends are stamped before the call travels. */
  secondMarginMs: number;
  minuteMarginMs: number;
}

export const DEFAULT_PACER_LIMITS: PacerLimits = {
  inFlight: 4,
  perSecond: 8,
  perMinute: 450,
  secondMarginMs: 250,
  minuteMarginMs: 1_000,
};

export interface RequestPacerOptions {
  clock: Clock;
  limits?: Partial<PacerLimits>;
  /** Divides every duration (the time-scaled bench, against a simulator of the same scale). Default 1. */
  timeScale?: number;
}

export interface RequestPacer {
  /** Runs `send` once the company (`key`) has room for one more call; resolves with its answer. */
  run<T>(key: string, send: () => Promise<T>): Promise<T>;
}

interface Lane {
  waiting: (() => void)[];
  inFlight: number;
  starts: number[];
  /** A wait for the next window slot is under way: one at a time per company. */
  sleeping: boolean;
}

/** The earliest time one more call may start, given the starts so far (pure, for tests). */
export function nextStart(starts: readonly number[], now: number, limits: PacerLimits, scale = 1): number {
  const second = (1_000 + limits.secondMarginMs) / scale;
  const minute = (60_000 + limits.minuteMarginMs) / scale;
  let at = now;
  const inSecond = starts.filter((t) => t > now - second);
  if (inSecond.length >= limits.perSecond) at = Math.max(at, inSecond[inSecond.length - limits.perSecond]! + second);
  const inMinute = starts.filter((t) => t > now - minute);
  if (inMinute.length >= limits.perMinute) at = Math.max(at, inMinute[inMinute.length - limits.perMinute]! + minute);
  return at;
}

export function createRequestPacer(options: RequestPacerOptions): RequestPacer {
  const limits: PacerLimits = { ...DEFAULT_PACER_LIMITS, ...options.limits };
  const scale = options.timeScale ?? 1;
  const { clock } = options;
  const lanes = new Map<string, Lane>();

  const pump = (lane: Lane): void => {
    while (lane.waiting.length > 0 && lane.inFlight < limits.inFlight && !lane.sleeping) {
      const now = clock.now();
      lane.starts = lane.starts.filter((t) => t > now - (60_000 + limits.minuteMarginMs) / scale);
      const at = nextStart(lane.starts, now, limits, scale);
      if (at > now) {
        lane.sleeping = true;
        void clock.sleep(at - now).then(() => {
          lane.sleeping = false;
          pump(lane);
        });
        return;
      }
      lane.starts.push(now);
      lane.inFlight += 1;
      lane.waiting.shift()?.();
    }
  };

  return {
    run(key, send) {
      let lane = lanes.get(key);
      if (!lane) {
        lane = { waiting: [], inFlight: 0, starts: [], sleeping: false };
        lanes.set(key, lane);
      }
      const own = lane;
      return new Promise<void>((resolve) => {
        own.waiting.push(resolve);
        pump(own);
      }).then(async () => {
        try {
          return await send();
        } finally {
          own.inFlight -= 1;
          pump(own);
        }
      });
    },
  };
}
