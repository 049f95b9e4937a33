/** Edge cases of lib/qbo/fault.ts (issue 13): which fault wins when a body lists several. */
import { describe, expect, it } from 'vitest';
import { faultsFromBody, primaryFault } from '../../lib/qbo/fault';
import { toDeleteItemResult } from '../../lib/qbo/to-outcome';

const other = { code: '2000', message: 'Some other error' };
const periodClosed5010 = {
  code: '5010',
  message: 'Stale Object Error',
  detail: 'Account Period Closed, Cannot Update Through Services API',
};
const stale5010 = {
  code: '5010',
  message: 'Stale Object Error',
  detail: 'You and x were working on this at the same time',
};

describe('primaryFault: the record-level delete code wins over an earlier fault', () => {
  it.each(['610', '6200', '6210', '6540'])('%s listed second still decides', (code) => {
    const delete_ = { code, message: 'm' };
    expect(primaryFault([other, delete_])).toBe(delete_);
  });

  it('a 5010 "Account Period Closed" listed second decides (R3)', () => {
    expect(primaryFault([other, periodClosed5010])).toBe(periodClosed5010);
    expect(toDeleteItemResult(primaryFault([other, periodClosed5010])!).kind).toBe('closedPeriod');
  });

  it('a plain 5010 (stale object) does not: the first fault decides', () => {
    expect(primaryFault([other, stale5010])).toBe(other);
  });

  it('"Account Period Closed" under another code does not', () => {
    const lookalike = { code: '2001', message: 'Account Period Closed' };
    expect(primaryFault([other, lookalike])).toBe(other);
  });

  it('none of them: the first; an empty list: none', () => {
    const second = { code: '2001', message: 'x' };
    expect(primaryFault([other, second])).toBe(other);
    expect(primaryFault([])).toBeUndefined();
  });

  it('from a real body: a 6210 after a validation fault makes the record closed-period', () => {
    const body = JSON.stringify({
      Fault: {
        Error: [
          { Message: 'Business Validation Error', code: '6000' },
          { Message: 'Account Period Closed, Cannot Update Through Services API', code: '6210' },
        ],
        type: 'ValidationFault',
      },
    });
    const fault = primaryFault(faultsFromBody(body))!;
    expect(fault.code).toBe('6210');
    expect(toDeleteItemResult(fault).kind).toBe('closedPeriod');
  });
});
