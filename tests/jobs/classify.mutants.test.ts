/** Mutation survivors of lib/jobs/classify.ts (issue 13): every per-record answer has an outcome. */
import { describe, expect, it } from 'vitest';
import { toRecordOutcome } from '../../lib/jobs/classify';

describe('toRecordOutcome: a per-record refusal', () => {
  it("maps a 'refused' answer (any other fault, e.g. 2500) to a refused outcome carrying its fault", () => {
    const fault = { code: '2500', message: 'Invalid Reference Id', detail: 'Something you are using has been deleted' };
    expect(toRecordOutcome({ kind: 'refused', fault })).toEqual({ kind: 'refused', fault });
  });

  it('never leaves a per-record answer without an outcome', () => {
    const fault = { code: '1', message: 'm' };
    const answers = [
      { kind: 'deleted' },
      { kind: 'alreadyGone', fault },
      { kind: 'closedPeriod', fault },
      { kind: 'deposited', fault },
      { kind: 'refused', fault },
      { kind: 'missing' },
    ] as const;
    for (const answer of answers) expect(toRecordOutcome(answer), answer.kind).toBeDefined();
  });
});
