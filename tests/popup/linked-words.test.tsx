// @vitest-environment happy-dom
/**
 * "Include linked transactions" says in words what deleting a linked record changes, from the
 * counterparts the preflight read: numbers and money (in the browser's locale), no internal keys,
 * no field names; today's words when the details are missing.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { SelectionRow } from '../../lib/messaging/views';
import { linkedText } from '../../lib/popup/words';
import { linkedTo, popupState, renderPopup, row, settle } from './fixtures';

const invoiceRow = (over: Partial<SelectionRow> = {}): SelectionRow => ({
  ...row(2, 'linked'),
  docNumber: '1424',
  warnings: linkedTo(['Payment', '3051']),
  ...over,
});
const paymentRow = (over: Partial<SelectionRow> = {}): SelectionRow => ({
  ...row(5, 'linked', 'Payment'),
  docNumber: undefined,
  warnings: linkedTo(['Invoice', '44']),
  ...over,
});
const payment = {
  entity: 'Payment' as const,
  id: '3051',
  docNumber: '3051',
  amount: 1500,
  currency: 'USD',
  lineAmount: 1200,
};
const invoice = {
  entity: 'Invoice' as const,
  id: '44',
  docNumber: '1424',
  amount: 1200,
  currency: 'USD',
  lineAmount: 1200,
};

describe('linked sentences', () => {
  it('deleting an invoice a payment paid: the payment becomes an unapplied credit of what it applied', () => {
    expect(linkedText(invoiceRow({ linked: [payment] }), { locale: 'en-US' })).toBe(
      'Payment No. 3051 becomes an unapplied credit of $1,200.00.',
    );
  });

  it('deleting a payment: the invoice it paid becomes unpaid, fully or in part', () => {
    expect(linkedText(paymentRow({ linked: [invoice] }), { locale: 'en-US' })).toBe(
      'Invoice No. 1424 becomes unpaid (open balance $1,200.00).',
    );
    const partly = { ...invoice, lineAmount: 500 };
    expect(linkedText(paymentRow({ linked: [partly] }), { locale: 'en-US' })).toBe(
      'Invoice No. 1424 becomes partly unpaid: $500.00 of its $1,200.00 is open again.',
    );
    const bill = { entity: 'Bill' as const, id: '7', docNumber: 'B-7', amount: 80, lineAmount: 80 };
    expect(linkedText({ ...paymentRow({ linked: [bill] }), entity: 'BillPayment' }, { locale: 'en-US' })).toBe(
      'Bill No. B-7 becomes unpaid (open balance $80.00).',
    );
  });

  it('a counterpart without a number is named by its amount; several are joined; money follows the locale', () => {
    const noNumber = { entity: 'Payment' as const, id: '3051', amount: 1500, currency: 'USD', lineAmount: 1200 };
    const estimate = { entity: 'Estimate' as const, id: '9', docNumber: '77' };
    expect(linkedText(invoiceRow({ linked: [noNumber, estimate] }), { locale: 'en-US' })).toBe(
      'A payment of $1,500.00 becomes an unapplied credit of $1,200.00; estimate No. 77 goes back to open.',
    );
    const de = linkedText(invoiceRow({ linked: [{ ...payment, currency: 'EUR' }] }), { locale: 'de-DE' });
    expect(de).toBe('Payment No. 3051 becomes an unapplied credit of 1.200,00\u00a0€.');
    const many = Array.from({ length: 5 }, (_, i) => ({ entity: 'Payment' as const, id: String(i + 1), amount: 10 }));
    expect(linkedText({ ...invoiceRow({ linked: many }), entity: 'Deposit' }, { locale: 'en-US' })).toBe(
      'A payment of $10.00 goes back to Undeposited Funds; a payment of $10.00 goes back to Undeposited Funds; ' +
        'a payment of $10.00 goes back to Undeposited Funds; 2 more linked transactions change too.',
    );
  });

  it('a counterpart the click deletes too is said so', () => {
    expect(
      linkedText(invoiceRow({ linked: [payment] }), { locale: 'en-US', deleting: new Set(['Payment:3051']) }),
    ).toBe('Payment No. 3051 is deleted too.');
  });

  it("without details, today's words", () => {
    expect(linkedText(invoiceRow())).toBe(
      'Deleting it changes Payment (Id 3051): a payment applied to it becomes an unapplied credit.',
    );
    expect(linkedText(invoiceRow({ linked: [] }))).toBe(linkedText(invoiceRow()));
  });
});

describe('the popup with linked details', () => {
  it('the row and the "Include linked transactions" warning say what changes, in words', async () => {
    const state = popupState({
      selection: [row(1, 'ready'), invoiceRow({ linked: [payment] }), paymentRow({ linked: [invoice] })],
    });
    const { container } = await renderPopup(state);
    const money = (n: number) => n.toLocaleString(undefined, { style: 'currency', currency: 'USD' });
    const credit = `Payment No. 3051 becomes an unapplied credit of ${money(1200)}.`;
    expect(container.textContent).toContain(credit); // the row's reason, before any decision
    const box = screen.getByLabelText('Include linked transactions') as HTMLInputElement;
    await settle(() => fireEvent.click(box));
    const warning = document.getElementById(box.getAttribute('aria-describedby')!)!;
    expect(warning.textContent).toContain('2 linked transactions will be deleted');
    expect(warning.textContent).toContain(`Invoice 1424: ${credit}`);
    expect(warning.textContent).toContain(`Invoice No. 1424 becomes unpaid (open balance ${money(1200)}).`);
    expect(warning.textContent).not.toMatch(/\b[A-Z][A-Za-z]+:\d+\b|LinkedTxn|TotalAmt|DocNumber|lineAmount/);
    expect(warning.textContent).not.toContain('(Id 3051)');
  });

  it('falls back to the words of the warning when the preflight could not read the details', async () => {
    const { container } = await renderPopup(popupState({ selection: [row(1, 'ready'), invoiceRow()] }));
    const box = screen.getByLabelText('Include linked transactions') as HTMLInputElement;
    await settle(() => fireEvent.click(box));
    expect(container.textContent).toContain('Invoice 1424: Deleting it changes Payment (Id 3051)');
  });
});
