import { describe, expect, it } from 'vitest';
import { faultsFromBody, primaryFault } from '../../lib/qbo/fault';
import { DEFAULT_RETRY_AFTER_MS, parseRetryAfter } from '../../lib/qbo/retry-after';
import { toDeleteItemResult } from '../../lib/qbo/to-outcome';
import { faultsFromXml } from '../../lib/qbo/xml-fault';
import {
  closedPeriod6210,
  lowercase401,
  notFound610,
  stale5010ClosedPeriod,
  xml429,
} from '../fixtures/payloads/faults';

describe('faults in all three real forms', () => {
  it('capitalised JSON Fault.Error[]', () => {
    expect(faultsFromBody(JSON.stringify(closedPeriod6210))[0]).toMatchObject({ code: '6210' });
  });

  it('lowercase gateway fault.error[] with a numeric time', () => {
    expect(faultsFromBody(JSON.stringify(lowercase401))).toEqual([
      {
        code: '3200',
        message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
        detail: 'Malformed bearer token: too short or too long',
      },
    ]);
  });

  it('3001: XML without a DOMParser', () => {
    expect(faultsFromXml(xml429)).toEqual([
      {
        code: '3001',
        message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
        detail: 'The request limit was reached.  Try again later',
      },
    ]);
  });

  it('tolerates truncated, entity-escaped and hostile XML without throwing', () => {
    expect(faultsFromXml('<Fault><Error code="1"><Message>a &amp; b &#60;')).toEqual([
      { code: '1', message: 'a & b <' },
    ]);
    expect(faultsFromXml('<ErrorList><Errors/></ErrorList>')).toEqual([]);
    expect(faultsFromBody('<<<>>>')).toEqual([]);
    expect(faultsFromBody('')).toEqual([]);
    expect(faultsFromBody('null')).toEqual([]);
    expect(faultsFromBody('{"Fault": {"Error": "nope"}}')).toEqual([]);
  });

  it('primaryFault prefers a record-level delete code among several errors', () => {
    const faults = [
      { code: '2000', message: 'x' },
      { code: '610', message: 'Object Not Found' },
    ];
    expect(primaryFault(faults)?.code).toBe('610');
  });
});

describe('per-item delete results', () => {
  it('610 → alreadyGone; R3: 6200/6210/5010 "Account Period Closed" → closedPeriod; other 5010 → stale; 6540 → deposited', () => {
    const info = (body: unknown) => primaryFault(faultsFromBody(JSON.stringify(body)))!;
    expect(toDeleteItemResult(info(notFound610)).kind).toBe('alreadyGone');
    expect(toDeleteItemResult(info(closedPeriod6210)).kind).toBe('closedPeriod');
    expect(toDeleteItemResult({ code: '6200', message: '' }).kind).toBe('closedPeriod');
    expect(toDeleteItemResult(info(stale5010ClosedPeriod)).kind).toBe('closedPeriod');
    // Intuit's reference: an older SyncToken is refused with 5010: the record changed (issue 23 §2).
    expect(toDeleteItemResult({ code: '5010', message: 'Stale Object Error' }).kind).toBe('stale');
    expect(toDeleteItemResult({ code: '6540', message: 'Deposited Transaction cannot be changed' }).kind).toBe(
      'deposited',
    );
    expect(toDeleteItemResult({ code: '2500', message: 'Invalid Reference Id' }).kind).toBe('refused');
  });
});

describe('3001: parseRetryAfter', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);
  it('seconds, HTTP-date, and a 60 s default for missing or garbage; no simulator-only header is read', () => {
    expect(parseRetryAfter(h({ 'retry-after': '60' }), now)).toBe(60_000);
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 15 Jan 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 15 Jan 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(h({ 'x-sim-retry-after-ms': '250', 'retry-after': '60' }), now)).toBe(60_000);
    expect(parseRetryAfter(h({ 'x-sim-retry-after-ms': '250' }), now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(parseRetryAfter(h({}), now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }), now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(parseRetryAfter(h({ 'retry-after': '-5' }), now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(parseRetryAfter(h({ 'retry-after': '99999999' }), now)).toBe(3_600_000);
  });
});
