import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { countByIds, selectByIds, shouldPost } from '../../lib/qbo/query-builder';

const page = { startPosition: 1, maxResults: 1000 };

describe('query builder', () => {
  it('R4: builds a select with STARTPOSITION and MAXRESULTS, and a count(*)', () => {
    expect(selectByIds('Invoice', ['1', '2'], page)).toBe(
      "select * from Invoice where Id in ('1','2') startposition 1 maxresults 1000",
    );
    expect(countByIds('Invoice', ['1', '2'])).toBe("select count(*) from Invoice where Id in ('1','2')");
  });

  it.each([["1' OR '1'='1"], ['-1'], ['1'.repeat(30)], ['١٢٣'], ["''"], [''], ['01'], [' 1'], ['1.5']])(
    'throws a TypeError for the hostile Id %j',
    (id) => {
      expect(() => selectByIds('Invoice', ['1', id], page)).toThrow(TypeError);
      expect(() => countByIds('Invoice', [id])).toThrow(TypeError);
    },
  );

  it('throws for non-string Ids', () => {
    expect(() => countByIds('Invoice', [1 as unknown as string])).toThrow(TypeError);
  });

  it.each([['Transaction'], ['invoice'], ['Invoice where 1=1'], ['Customer'], ['CreditCardPaymentTxn']])(
    'throws a TypeError for the entity name %j outside the allow-list',
    (name) => {
      expect(() => countByIds(name as Entity, ['1'])).toThrow(TypeError);
    },
  );

  it('refuses empty and over-long IN lists, and bad page bounds', () => {
    expect(() => countByIds('Invoice', [])).toThrow(TypeError);
    expect(() =>
      countByIds(
        'Invoice',
        Array.from({ length: 1001 }, (_, i) => String(i + 1)),
      ),
    ).toThrow(TypeError);
    expect(() => selectByIds('Invoice', ['1'], { startPosition: 0, maxResults: 10 })).toThrow(TypeError);
    expect(() => selectByIds('Invoice', ['1'], { startPosition: 1, maxResults: 1001 })).toThrow(TypeError);
  });

  it('long IN lists go by POST', () => {
    expect(shouldPost('select', 51)).toBe(true);
    expect(shouldPost('x'.repeat(1501), 3)).toBe(true);
    expect(shouldPost('select', 50)).toBe(false);
  });
});
