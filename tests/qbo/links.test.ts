/** Links are read from both places: a document's top-level LinkedTxn and a payment's Line[].LinkedTxn. */
import { describe, expect, it } from 'vitest';
import { changingLinks, depositLink, linksOfJson, recordLinks } from '../../lib/qbo/links';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { toTxnRecord } from '../../lib/qbo/to-txn-record';
import { depositedPayment, invoice33 } from '../fixtures/payloads/entities';

describe('links from both places', () => {
  it('a real Payment (no top-level LinkedTxn) links its invoice and its Deposit per line, with the amounts applied', () => {
    expect(depositedPayment).not.toHaveProperty('LinkedTxn');
    expect(linksOfJson(depositedPayment)).toEqual([
      { txnId: '33', txnType: 'Invoice', lineAmount: 300 },
      { txnId: '140', txnType: 'Deposit', lineAmount: 300 },
    ]);
    const record = toTxnRecord('Payment', depositedPayment)!;
    expect(record.linkedTxn).toEqual([
      { txnId: '33', txnType: 'Invoice' },
      { txnId: '140', txnType: 'Deposit' },
    ]);
    expect(changingLinks(record)).toEqual([{ txnId: '33', txnType: 'Invoice', lineAmount: 300 }]);
    expect(depositLink(record)).toMatchObject({ txnId: '140', txnType: 'Deposit' });
  });

  it('a document lists its payment at the top level; top level comes first, then the lines', () => {
    expect(linksOfJson(invoice33)).toEqual([{ txnId: '100', txnType: 'Payment' }]);
    const both = {
      LinkedTxn: [{ TxnId: '5', TxnType: 'Estimate' }],
      Line: [{ LinkedTxn: [{ TxnId: '6', TxnType: 'Payment' }] }],
    };
    expect(linksOfJson(both).map((l) => l.txnId)).toEqual(['5', '6']);
  });

  it('the same link on two lines adds up; a line with two links carries no single amount; junk is skipped', () => {
    const payment = {
      Line: [
        { Amount: 100.1, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] },
        { Amount: 50.2, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] },
        {
          Amount: 9,
          LinkedTxn: [
            { TxnId: '2', TxnType: 'Invoice' },
            { TxnId: '3', TxnType: 'CreditMemo' },
          ],
        },
        { Amount: 1, LinkedTxn: [{ TxnId: 4, TxnType: 'Invoice' }, null, 'x'] },
        null,
      ],
      LinkedTxn: 'not a list',
    };
    expect(linksOfJson(payment)).toEqual([
      { txnId: '1', txnType: 'Invoice', lineAmount: 150.3 },
      { txnId: '2', txnType: 'Invoice' },
      { txnId: '3', txnType: 'CreditMemo' },
    ]);
    expect(linksOfJson(undefined)).toEqual([]);
  });

  it('a record built elsewhere with only its JSON still shows its line links (recordLinks reads raw too)', () => {
    const record = { linkedTxn: [], raw: { Line: [{ Amount: 5, LinkedTxn: [{ TxnId: '7', TxnType: 'Bill' }] }] } };
    expect(recordLinks(record)).toEqual([{ txnId: '7', txnType: 'Bill', lineAmount: 5 }]);
    expect(recordLinks({ linkedTxn: [{ txnId: '8', txnType: 'Payment' }] })).toEqual([
      { txnId: '8', txnType: 'Payment' },
    ]);
  });
});

/*
 * Edge cases of lib/qbo/links.ts (issue 13): what is not a `{TxnId, TxnType}` string pair
 * inside a plain object is skipped (an array or a function carrying those keys is not one), a line
 * amount is kept only where it is known (no `lineAmount: undefined` key, never NaN), and a record
 * without `linkedTxn` (as read back from storage) or no record at all gives no made-up link.
 */
const pair = { TxnId: '5', TxnType: 'Invoice' };

describe('linksOfJson: only plain objects are read', () => {
  it('an array carrying LinkedTxn / Line keys is not an entity', () => {
    const array = Object.assign([pair], { LinkedTxn: [pair], Line: [{ LinkedTxn: [pair], Amount: 3 }] });
    expect(linksOfJson(array)).toEqual([]);
    expect(linksOfJson({ LinkedTxn: [pair] })).toEqual([{ txnId: '5', txnType: 'Invoice' }]);
  });

  it('a function carrying LinkedTxn / Line keys is not an entity', () => {
    const fn = Object.assign(() => undefined, { LinkedTxn: [pair], Line: [{ LinkedTxn: [pair], Amount: 3 }] });
    expect(linksOfJson(fn)).toEqual([]);
  });

  it('an array or a function carrying TxnId / TxnType is not a link, nor a line', () => {
    const arrayLink = Object.assign(['x'], { TxnId: '6', TxnType: 'Payment' });
    const fnLink = Object.assign(() => undefined, { TxnId: '7', TxnType: 'Payment' });
    const arrayLine = Object.assign([], { LinkedTxn: [{ TxnId: '8', TxnType: 'Payment' }], Amount: 4 });
    const fnLine = Object.assign(() => undefined, { LinkedTxn: [{ TxnId: '9', TxnType: 'Payment' }], Amount: 4 });
    const json = {
      LinkedTxn: [arrayLink, fnLink, pair],
      Line: [arrayLine, fnLine, { LinkedTxn: [arrayLink, fnLink, { TxnId: '10', TxnType: 'Payment' }], Amount: 2 }],
    };
    expect(linksOfJson(json)).toStrictEqual([
      { txnId: '5', txnType: 'Invoice' },
      { txnId: '10', txnType: 'Payment', lineAmount: 2 },
    ]);
  });

  it('primitives and null are no entity, link or line', () => {
    for (const value of [null, undefined, 0, 1, '', 'LinkedTxn', true, Symbol('x')]) {
      expect(linksOfJson(value)).toEqual([]);
      expect(linksOfJson({ LinkedTxn: [value], Line: [value, { LinkedTxn: [value] }] })).toEqual([]);
    }
  });

  it('a TxnType that is not a string skips the link, as a TxnId that is not one does', () => {
    const json = {
      LinkedTxn: [
        { TxnId: '1', TxnType: 42 },
        { TxnId: '2', TxnType: null },
        { TxnId: '3' },
        { TxnId: 4, TxnType: 'Invoice' },
        { TxnId: '5', TxnType: 'Invoice' },
      ],
      Line: [{ Amount: 10, LinkedTxn: [{ TxnId: '6', TxnType: { name: 'Invoice' } }] }],
    };
    expect(linksOfJson(json)).toStrictEqual([{ txnId: '5', txnType: 'Invoice' }]);
  });
});

describe('linksOfJson: line amounts', () => {
  it('a link on a line without an amount has no lineAmount key at all', () => {
    const links = linksOfJson({ Line: [{ LinkedTxn: [pair] }] });
    expect(links).toStrictEqual([{ txnId: '5', txnType: 'Invoice' }]);
    expect(Object.keys(links[0]!)).toEqual(['txnId', 'txnType']);
  });

  it('a line holding two links gives neither an amount', () => {
    const links = linksOfJson({ Line: [{ Amount: 9, LinkedTxn: [pair, { TxnId: '6', TxnType: 'Invoice' }] }] });
    expect(links).toStrictEqual([
      { txnId: '5', txnType: 'Invoice' },
      { txnId: '6', txnType: 'Invoice' },
    ]);
  });

  it('a link seen again on a line without an amount keeps the amount it had (no NaN)', () => {
    const links = linksOfJson({
      Line: [{ Amount: 12.5, LinkedTxn: [pair] }, { LinkedTxn: [pair] }, { Amount: 'x', LinkedTxn: [pair] }],
    });
    expect(links).toStrictEqual([{ txnId: '5', txnType: 'Invoice', lineAmount: 12.5 }]);
  });

  it('a top-level link seen again on a line without an amount stays without one', () => {
    const links = linksOfJson({ LinkedTxn: [pair], Line: [{ LinkedTxn: [pair] }] });
    expect(links).toStrictEqual([{ txnId: '5', txnType: 'Invoice' }]);
  });

  it('amounts on several lines add up to the cent', () => {
    const links = linksOfJson({
      LinkedTxn: [pair],
      Line: [
        { Amount: 0.1, LinkedTxn: [pair] },
        { Amount: 0.2, LinkedTxn: [pair] },
      ],
    });
    expect(links).toStrictEqual([{ txnId: '5', txnType: 'Invoice', lineAmount: 0.3 }]);
  });
});

describe('recordLinks / changingLinks / depositLink', () => {
  it('a record without linkedTxn (read back from storage) gives only its raw JSON links', () => {
    const stored = { raw: { LinkedTxn: [pair] } } as unknown as Pick<TxnRecord, 'linkedTxn'> & { raw?: unknown };
    expect(recordLinks(stored)).toStrictEqual([{ txnId: '5', txnType: 'Invoice' }]);
    expect(changingLinks(stored)).toStrictEqual([{ txnId: '5', txnType: 'Invoice' }]);
    expect(depositLink(stored)).toBeUndefined();
    const bare = {} as unknown as Pick<TxnRecord, 'linkedTxn'>;
    expect(recordLinks(bare)).toEqual([]);
  });

  it('no record: no changing link', () => {
    expect(changingLinks(undefined)).toEqual([]);
  });

  it('linkedTxn adds what the raw JSON lacks, once per key; a Deposit is not a changing link', () => {
    const record = {
      linkedTxn: [pair, { TxnId: '140', TxnType: 'Deposit' }].map((p) => ({ txnId: p.TxnId, txnType: p.TxnType })),
      raw: { Line: [{ Amount: 7, LinkedTxn: [pair] }] },
    };
    expect(recordLinks(record)).toStrictEqual([
      { txnId: '5', txnType: 'Invoice', lineAmount: 7 },
      { txnId: '140', txnType: 'Deposit' },
    ]);
    expect(changingLinks(record)).toStrictEqual([{ txnId: '5', txnType: 'Invoice', lineAmount: 7 }]);
    expect(depositLink(record)).toStrictEqual({ txnId: '140', txnType: 'Deposit' });
  });
});
