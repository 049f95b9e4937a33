/** Edge cases of lib/qbo/to-outcome.ts (issue 13): only a 4xx with a fault is a refusal (R5). */
import { describe, expect, it } from 'vitest';
import { toCallFailure } from '../../lib/qbo/to-outcome';

const faultBody = JSON.stringify({
  Fault: { Error: [{ Message: 'Request has invalid or unsupported property', code: '2010' }], type: 'ValidationFault' },
});
const now = Date.parse('2026-01-15T12:00:00Z');
const failure = (status: number, body = faultBody) => toCallFailure(status, new Headers(), body, now);

describe('a fault body outside 4xx does not prove the call was refused', () => {
  it.each([204, 201, 301, 302, 304, 399])('HTTP %i with a fault body stays ambiguous', (status) => {
    expect(failure(status)).toMatchObject({ kind: 'ambiguous', meta: { status } });
  });

  it('5xx with a fault body stays ambiguous and names the fault', () => {
    expect(failure(500)).toEqual({ kind: 'ambiguous', reason: 'HTTP 500 fault 2010', meta: { status: 500 } });
    expect(failure(503)).toMatchObject({ kind: 'ambiguous' });
  });

  it('the 4xx edges with a fault are refusals', () => {
    for (const status of [400, 404, 499]) {
      expect(failure(status)).toMatchObject({ kind: 'refusedWhole', fault: { code: '2010' }, meta: { status } });
    }
  });

  it('a 4xx without a readable fault stays ambiguous', () => {
    expect(failure(400, 'not json')).toMatchObject({ kind: 'ambiguous' });
  });
});
