/**
 * The names a record to re-create refers to, and the refusal said before the click when the service
 * shows one deleted or inactive now (issue 11 §1).
 */
import { describe, expect, it } from 'vitest';
import type { NameState, NameType } from '../../lib/domain/names';
import type { RestoreRefusal } from '../../lib/domain/refusals';
import { restoreRefusalText } from '../../lib/popup/words/restore';
import { planRestore } from '../../lib/restore/plan';
import { idsByNameType, nameRefsOf, nameRefusal } from '../../lib/restore/refs';
import { allEntries, bill160, billPayment, entry, invoice, journalEntry } from './payloads';

describe('nameRefsOf', () => {
  it('reads the customer and the items of every line of an invoice, each once', () => {
    expect(nameRefsOf({ ...invoice, Line: [...invoice.Line, invoice.Line[0]] })).toEqual([
      { type: 'Customer', id: '58', name: 'Amy’s Bird Sanctuary' },
      { type: 'Item', id: '5', name: 'Rock Fountain' },
      { type: 'Item', id: '11', name: 'Pump' },
    ]);
  });

  it('reads vendors and every …AccountRef, at the top and in lines and nested details', () => {
    expect(nameRefsOf(bill160)).toEqual([
      { type: 'Vendor', id: '41', name: 'Hicks Hardware' },
      { type: 'Account', id: '33', name: 'Accounts Payable (A/P)' },
      { type: 'Account', id: '7', name: 'Supplies' },
    ]);
    expect(nameRefsOf(billPayment).map((r) => `${r.type} ${r.id}`)).toEqual(['Vendor 41', 'Account 35']);
    expect(nameRefsOf(journalEntry).map((r) => `${r.type} ${r.id}`)).toEqual(['Account 39', 'Account 90']);
  });

  it("EntityRef takes its own type, else the line's Entity.Type; a ref of an unchecked kind is skipped", () => {
    const purchase = {
      EntityRef: { value: '12', type: 'Customer' },
      Line: [{ JournalEntryLineDetail: { Entity: { Type: 'Employee', EntityRef: { value: '3' } } } }],
      CurrencyRef: { value: 'USD' },
      ClassRef: { value: '200' },
      TaxCodeRef: { value: '4' },
    };
    expect(nameRefsOf(purchase).map((r) => `${r.type} ${r.id}`)).toEqual(['Customer 12', 'Employee 3']);
    expect(nameRefsOf({ EntityRef: { value: '8' } })).toEqual([{ type: 'Vendor', id: '8' }]);
    expect(nameRefsOf({ Type: 'Customer', EntityRef: { value: '8', type: 'Other' } })).toEqual([
      { type: 'Customer', id: '8' },
    ]);
    expect(nameRefsOf({ EntityRef: { value: '8', type: 'Other' } })).toEqual([]);
  });

  it('skips LinkedTxn and MetaData, refs without a numeric Id, and odd shapes without throwing', () => {
    expect(
      nameRefsOf({
        LinkedTxn: [{ CustomerRef: { value: '1' } }],
        MetaData: { VendorRef: { value: '2' } },
        CustomerRef: { value: 'abc' },
        VendorRef: 'not an object',
        ItemRef: { value: 44 },
        Line: [null, 3, 'x', [{ AccountRef: { value: '9' } }]],
      }).map((r) => `${r.type} ${r.id}`),
    ).toEqual(['Item 44', 'Account 9']);
    expect(nameRefsOf(null)).toEqual([]);
    expect(nameRefsOf('x')).toEqual([]);
  });

  it('idsByNameType: the Ids to read per type over several records, each once', () => {
    expect(Object.fromEntries(idsByNameType([bill160, billPayment, invoice]))).toEqual({
      Vendor: ['41'],
      Account: ['33', '7', '35'],
      Customer: ['58'],
      Item: ['5', '11'],
    });
  });
});

const state = (type: NameType, id: string, over: Partial<NameState> = {}): NameState => ({
  type,
  id,
  active: true,
  deleted: false,
  ...over,
});

/** A refusal's words, as the preview and the log say them. */
const words = (why: RestoreRefusal | undefined) => (why ? restoreRefusalText(why) : undefined);

describe('nameRefusal', () => {
  const refs = nameRefsOf(invoice);

  it('none when every name is active', () => {
    expect(nameRefusal(refs, (type, id) => state(type, id))).toBeUndefined();
  });

  it('an inactive name: which one, and what to do', () => {
    const why = nameRefusal(refs, (type, id) => state(type, id, { active: !(type === 'Item' && id === '11') }));
    expect(why).toEqual({ code: 'nameGone', nameType: 'Item', name: 'Pump', deleted: false });
    expect(words(why)).toBe(
      'Its product or service “Pump” is inactive in QuickBooks: make it active again, then restore this record.',
    );
  });

  it('a deleted name, or one the service no longer lists, is said deleted', () => {
    const deleted = nameRefusal(refs, (type, id) =>
      state(type, id, type === 'Customer' ? { active: false, deleted: true } : {}),
    );
    expect(deleted).toEqual({ code: 'nameGone', nameType: 'Customer', name: 'Amy’s Bird Sanctuary', deleted: true });
    expect(words(deleted)).toBe(
      'Its customer “Amy’s Bird Sanctuary” was deleted in QuickBooks since, and QuickBooks refuses to re-create a transaction naming it.',
    );
    const missing = nameRefusal([{ type: 'Vendor', id: '41' }], () => undefined);
    expect(words(missing)).toContain('vendor “41” was deleted');
    const named = nameRefusal([{ type: 'Account', id: '7' }], (type, id) =>
      state(type, id, { active: false, deleted: true, name: 'Supplies (deleted)' }),
    );
    expect(words(named)).toContain('account “Supplies” was deleted');
  });
});

describe('planRestore with names', () => {
  it('refuses the record naming an inactive item, and what is linked to it, before any call; the rest go on', () => {
    const plan = planRestore(allEntries(), {
      bookCloseDate: '2024-03-30',
      names: (type, id) => state(type, id, { active: !(type === 'Item' && id === '5') }),
    });
    const refused = Object.fromEntries(plan.refused.map((r) => [r.oldKey, words(r.why)]));
    expect(refused['Invoice:130']).toContain('“Rock Fountain” is inactive');
    // The payment that paid it cannot come back as it was, nor the deposit grouping that payment.
    expect(refused['Payment:140']).toContain('Invoice 1037');
    expect(Object.keys(refused).sort()).toEqual(['Deposit:150', 'Invoice:130', 'Payment:140']);
    expect(plan.records.map((r) => r.oldKey)).toEqual([
      'JournalEntry:180',
      'Bill:160',
      'Bill:161',
      'CreditMemo:135',
      'BillPayment:170',
    ]);
  });

  it('a closed period is said first; without `names` nothing is read or refused for names', () => {
    const je = entry('JournalEntry', journalEntry);
    const closed = planRestore([je], { bookCloseDate: '2024-03-31', names: () => undefined });
    expect(closed.refused[0]?.why.code).toBe('closedPeriod');
    expect(planRestore([je]).refused).toEqual([]);
  });
});
