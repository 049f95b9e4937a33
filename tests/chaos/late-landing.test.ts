/**
 * Late landings inside `npm test`: for deletes, voids and restores, with requestid honoured, ignored
 * and answered 6000, a worker dies with a write in flight and the service applies it at a seeded
 * random moment after the restart, before its deadline. Every must-be-0 figure is 0, and the chaos
 * really happened: a write was held, the new worker read before it landed, and it landed late.
 */
import { describe, expect, it } from 'vitest';
import { formatLateLanding, LATE_OPS, LATE_REQUESTID_MODES, runLateLanding } from './late-landing';

describe('late landings: a killed worker’s write lands after the restart, before its deadline', () => {
  for (const op of LATE_OPS)
    for (const requestid of LATE_REQUESTID_MODES)
      it(`${op}, requestid ${requestid}: nothing concluded early, nothing twice, nothing misreported`, async () => {
        const r = await runLateLanding({ op, requestid, seed: 20261129 });
        const report = formatLateLanding([r]).join('\n');
        expect(Object.fromEntries(r.mustBeZero.map((f) => [f.label, f.value])), report).toEqual(
          Object.fromEntries(r.mustBeZero.map((f) => [f.label, 0])),
        );
        expect(r.heldItems, report).toBeGreaterThan(0);
        expect(r.readsBeforeLanding, report).toBeGreaterThan(0);
        expect(r.landedAfterRestartMs, report).toBeLessThan(r.windowMs);
        expect(r.jobTotal).toBeGreaterThanOrEqual(r.heldItems);
      });
});
