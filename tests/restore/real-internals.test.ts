/**
 * Read-only internals real payloads carry that a create must not send back (issue 23 §8 risks): a
 * Purchase's `PurchaseEx` (as a line's `LineEx` already goes) and the Ids the service assigned to the
 * old record's addresses (`BillAddr.Id`, `ShipAddr.Id`, `VendorAddr.Id`, any `…Addr`). The addresses
 * themselves stay; a bill's `BillPaymentCheck` link is still a back-reference the payment writes.
 */
import { describe, expect, it } from 'vitest';
import { linkedKeys } from '../../lib/restore/links';
import { backReferences, createBody } from '../../lib/restore/strip';
import { billPaidByCheck, invoiceWithAddresses, purchaseWithInternals } from '../fixtures/payloads/real-deviations';

describe('createBody drops what the service assigned inside the record', () => {
  it('a Purchase: no PurchaseEx, no address Id; the rest as it was', () => {
    const body = createBody('Purchase', purchaseWithInternals);
    expect(body).not.toHaveProperty('PurchaseEx');
    expect(body.RemitToAddr).toEqual({ Line1: 'PO Box 12' });
    expect(body).toMatchObject({ PaymentType: 'Check', DocNumber: '7024', TotalAmt: 75, EntityRef: { value: '41' } });
  });

  it('an Invoice: BillAddr and ShipAddr keep their lines, lose their Ids', () => {
    const body = createBody('Invoice', invoiceWithAddresses);
    expect(body.BillAddr).toEqual({ Line1: '4581 Finch St.', City: 'Bayshore', Lat: 'INVALID', Long: 'INVALID' });
    expect(body.ShipAddr).toEqual({ Line1: '4581 Finch St.', City: 'Bayshore', PostalCode: '94326' });
    // The snapshot itself is never changed (it stays the audit log's copy).
    expect(invoiceWithAddresses.BillAddr.Id).toBe('2');
  });

  it('a Bill: VendorAddr loses its Id; its BillPaymentCheck link is a back-reference and goes', () => {
    const body = createBody('Bill', billPaidByCheck);
    expect(body.VendorAddr).toEqual({ Line1: '4528 Main St.', City: 'Middlefield', CountrySubDivisionCode: 'CA' });
    expect(body).not.toHaveProperty('LinkedTxn');
    expect(backReferences('Bill', billPaidByCheck)).toEqual([
      { txnId: '831', txnType: 'BillPaymentCheck', place: 'top' },
    ]);
    expect(linkedKeys(billPaidByCheck)).toEqual(['BillPayment:831']);
  });

  it('an address without an Id, or a non-address field ending in Id, is left alone', () => {
    const body = createBody('Invoice', { ...invoiceWithAddresses, BillAddr: { Line1: 'x' }, ClassRef: { value: '3' } });
    expect(body.BillAddr).toEqual({ Line1: 'x' });
    expect(body.ClassRef).toEqual({ value: '3' });
  });
});
