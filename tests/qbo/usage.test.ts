/**
 * unlinkedUse (lib/qbo/usage.ts) on payloads that prove nothing: a record without its raw body, an
 * amount that is text or not finite, a credit with no total. Each is "no use shown", never a throw and
 * never a NaN amount in a finding a bookkeeper reads.
 */
import { describe, expect, it } from 'vitest';
import { unlinkedUse } from '../../lib/qbo/usage';

const memo = (raw: unknown, currency?: string) => ({ entity: 'CreditMemo' as const, raw, currency });

describe('unlinkedUse on amounts that prove nothing', () => {
  it('a record read without its raw body, or with a null one, shows no use and is not thrown on', () => {
    expect(unlinkedUse({ entity: 'CreditMemo' })).toBeUndefined();
    expect(unlinkedUse({ entity: 'TimeActivity' })).toBeUndefined();
    expect(unlinkedUse(memo(null))).toBeUndefined();
    expect(unlinkedUse({ entity: 'TimeActivity', raw: null })).toBeUndefined();
  });

  it('an amount sent as text is not a number, so it proves no use', () => {
    expect(unlinkedUse(memo({ TotalAmt: '100', RemainingCredit: 0 }))).toBeUndefined();
    expect(unlinkedUse(memo({ TotalAmt: 100, RemainingCredit: '0' }))).toBeUndefined();
  });

  it('a NaN or infinite figure is not counted: the next field is read, or no use is shown', () => {
    const vendorCredit = (raw: unknown) => ({ entity: 'VendorCredit' as const, raw });
    expect(unlinkedUse(vendorCredit({ TotalAmt: 100, RemainingCredit: Number.NaN, Balance: 40 }))).toEqual({
      kind: 'creditApplied',
      applied: 60,
      total: 100,
    });
    expect(unlinkedUse(memo({ TotalAmt: Number.POSITIVE_INFINITY, RemainingCredit: 0 }))).toBeUndefined();
    expect(unlinkedUse(memo({ TotalAmt: 100, RemainingCredit: Number.NaN }))).toBeUndefined();
  });

  it('a credit with what is left of it but no total shows no use (not a NaN amount)', () => {
    expect(unlinkedUse(memo({ RemainingCredit: 0 }))).toBeUndefined();
  });

  it('names a currency only when the record has one: no currency key at all otherwise', () => {
    const use = unlinkedUse(memo({ TotalAmt: 100, RemainingCredit: 25 }));
    expect(use).toStrictEqual({ kind: 'creditApplied', applied: 75, total: 100 });
    expect(use && 'currency' in use).toBe(false);
    expect(unlinkedUse(memo({ TotalAmt: 100, RemainingCredit: 25 }, 'CAD'))).toStrictEqual({
      kind: 'creditApplied',
      applied: 75,
      total: 100,
      currency: 'CAD',
    });
  });
});
