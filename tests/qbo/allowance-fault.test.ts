/**
 * The app's monthly allowance of metered reads used up (issue 23 §4): its answer is not published
 * ("429 or blocked until the next cycle"), so a 429 or 403 whose fault names a monthly limit,
 * allowance or CorePlus is its own outcome — never a throttle to wait a minute for (it would knock
 * again every minute for weeks), never "the app may not access this company". Bodies written here by
 * hand, not taken from the simulator.
 */
import { describe, expect, it } from 'vitest';
import { isAllowanceFault } from '../../lib/qbo/fault';
import { toCallFailure } from '../../lib/qbo/to-outcome';

const now = Date.parse('2026-11-26T12:00:00Z');
const fail = (status: number, body: string) => toCallFailure(status, new Headers(), body, now);

const jsonBody = JSON.stringify({
  Fault: {
    Error: [
      {
        Message: 'message=MonthlyLimitExceeded; errorCode=003010; statusCode=429',
        Detail: "The app's monthly limit of CorePlus (read) API calls has been reached.",
        code: '3010',
      },
    ],
    type: 'SERVICE',
  },
});
const xmlBody =
  '<IntuitResponse time="2026-11-26T04:00:00.000-07:00"><Fault type="SERVICE"><Error code="3010">' +
  '<Message>message=MonthlyLimitExceeded; errorCode=003010; statusCode=429</Message>' +
  '<Detail>Monthly allowance used up</Detail></Error></Fault></IntuitResponse>';
const gatewayBody = JSON.stringify({
  fault: { error: [{ message: 'Blocked', detail: 'CorePlus quota exhausted for this billing cycle', code: '403' }] },
});
const throttleXml =
  '<IntuitResponse><Fault type="SERVICE"><Error code="3001"><Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message>' +
  '<Detail>The request limit was reached.  Try again later</Detail></Error></Fault></IntuitResponse>';

describe('allowance used up', () => {
  it('a 429 naming the monthly limit, as JSON or XML, is allowanceUsedUp with its fault', () => {
    for (const body of [jsonBody, xmlBody]) {
      const f = fail(429, body);
      expect(f.kind).toBe('allowanceUsedUp');
      if (f.kind === 'allowanceUsedUp') expect(f.fault.code).toBe('3010');
    }
  });

  it('a 403 whose fault names the metered tier is allowanceUsedUp, not forbidden', () => {
    expect(fail(403, gatewayBody).kind).toBe('allowanceUsedUp');
  });

  it('a plain ThrottleExceeded stays a rate limit; a 403 without such words stays forbidden', () => {
    expect(fail(429, throttleXml).kind).toBe('rateLimited');
    expect(fail(429, '').kind).toBe('rateLimited');
    const forbidden = JSON.stringify({
      fault: { error: [{ message: 'ApplicationAuthorizationFailed', code: '3100' }] },
    });
    expect(fail(403, forbidden).kind).toBe('forbidden');
  });

  it('only a 429 or 403 can say it: a 400 mentioning a month is a refusal like any other', () => {
    const body = JSON.stringify({ Fault: { Error: [{ Message: 'Invalid monthly date', code: '2010' }] } });
    expect(fail(400, body).kind).toBe('refusedWhole');
  });

  it('isAllowanceFault reads the message and the detail', () => {
    expect(isAllowanceFault({ code: '1', message: 'x', detail: 'monthly allowance' })).toBe(true);
    expect(isAllowanceFault({ code: '3001', message: 'message=ThrottleExceeded', detail: 'Try again later' })).toBe(
      false,
    );
  });
});
