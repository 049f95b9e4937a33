/**
 * Edge cases of lib/qbo/entities.ts (issue 13): entityFromJsonKey reads only the service's
 * JSON keys. A CreditCardPayment is wrapped as `CreditCardPaymentTxn`, so the bare entity name is
 * not a key the service sends, and no unknown key becomes an entity.
 */
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/domain/entities';
import { entityFromJsonKey, jsonKey } from '../../lib/qbo/entities';

describe('entityFromJsonKey', () => {
  it('CreditCardPaymentTxn is the CreditCardPayment; the bare name "CreditCardPayment" is no key', () => {
    expect(entityFromJsonKey('CreditCardPaymentTxn')).toBe('CreditCardPayment');
    expect(entityFromJsonKey('CreditCardPayment')).toBeUndefined();
  });

  it.each(['Foo', '', 'invoice', 'INVOICE', 'Invoice ', 'QueryResponse', 'Fault', 'time', 'toString', '__proto__'])(
    'an unknown key %j is no entity',
    (key) => {
      expect(entityFromJsonKey(key)).toBeUndefined();
    },
  );

  it('every entity round-trips through its JSON key', () => {
    for (const entity of ENTITIES) expect(entityFromJsonKey(jsonKey(entity))).toBe(entity);
    expect(entityFromJsonKey('Invoice')).toBe('Invoice');
    expect(entityFromJsonKey('TimeActivity')).toBe('TimeActivity');
  });
});
