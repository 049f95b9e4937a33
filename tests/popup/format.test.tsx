import { describe, expect, it } from 'vitest';
import {
  auditHistoryUrl,
  describeTxn,
  formatDate,
  formatDuration,
  formatMoney,
  tokenTimeLeft,
  waitText,
} from '../../lib/popup/format';

describe('popup formatting', () => {
  it('formats money in the locale with the record currency, USD by default', () => {
    expect(formatMoney(1234.5, undefined, 'en-US')).toBe('$1,234.50');
    expect(formatMoney(-20, 'USD', 'en-US')).toBe('-$20.00');
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(1234.5, 'CAD', 'en-US')).toBe('CA$1,234.50');
    expect(formatMoney(5, 'not-a-code', 'en-US')).toBe('5.00 not-a-code');
  });

  it('formats a service date as that calendar day in any time zone', () => {
    expect(formatDate('2024-03-01', 'en-US')).toBe('Mar 1, 2024');
    expect(formatDate('2024-12-31', 'en-GB')).toBe('31 Dec 2024');
    expect(formatDate('2024-01-01', 'de-DE')).toBe('01.01.2024');
    expect(formatDate('garbage', 'en-US')).toBe('garbage');
  });

  it('says durations, waits and token time in words', () => {
    expect(formatDuration(20_000)).toBe('less than a minute');
    expect(formatDuration(60_000)).toBe('about 1 minute');
    expect(formatDuration(3 * 60_000)).toBe('about 3 minutes');
    expect(formatDuration(65 * 60_000)).toBe('about 1 hour 5 minutes');
    expect(formatDuration(120 * 60_000)).toBe('about 2 hours');
    expect(waitText({ kind: 'rateLimit', until: 5_000 }, 1_000)).toBe(
      'QuickBooks asked us to slow down — continuing in 4 s. This is normal.',
    );
    expect(waitText({ kind: 'rateLimit', until: 500 }, 1_000)).toBe(
      'QuickBooks asked us to slow down — continuing in 0 s. This is normal.',
    );
    expect(waitText({ kind: 'pacing' }, 0)).toMatch(/This is normal\.$/);
    expect(waitText(undefined, 0)).toBeUndefined();
    // A write whose answer was lost: how many records, and the most it can take, rounded up.
    expect(waitText({ kind: 'landing', until: 120_000, count: 1 }, 0)).toBe(
      'Confirming 1 record QuickBooks may still be saving — up to 2 minutes. Nothing is sent again meanwhile.',
    );
    expect(waitText({ kind: 'landing', until: 149_500, count: 3 }, 0)).toMatch(
      /^Confirming 3 records QuickBooks may still be saving — up to 3 minutes\./,
    );
    expect(waitText({ kind: 'landing', until: 30_000, count: 2 }, 0)).toMatch(/up to 1 minute\./);
    expect(tokenTimeLeft(42 * 60_000 + 5, 0)).toBe('Token expires within 42 min');
    expect(tokenTimeLeft(0, 1)).toBe('Token expired');
  });

  it('names transactions and links to the audit history of the right environment', () => {
    expect(describeTxn('Invoice', '1032', '77')).toBe('Invoice 1032');
    expect(describeTxn('Purchase', undefined, '9')).toBe('Expense (Id 9)');
    expect(auditHistoryUrl('production', '145')).toBe('https://app.qbo.intuit.com/app/audithistory?txnId=145');
    expect(auditHistoryUrl('sandbox', '145')).toBe('https://app.sandbox.qbo.intuit.com/app/audithistory?txnId=145');
  });
});
