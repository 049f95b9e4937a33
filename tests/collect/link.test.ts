// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fastLinkPrefix, parseTxnLinkFast, txnLinkParser } from '../../lib/collect/link';
import { scanRows } from '../../lib/collect/rows';

const PAGE = new URL('https://app.qbo.intuit.com/app/sales');

describe('txnLinkParser', () => {
  it.each([
    ['/app/invoice?txnId=33', 'Invoice', '33'],
    ['/app/invoice?&txnId=33', 'Invoice', '33'],
    ['/app/recvpayment?foo=bar&txnId=7#x', 'Payment', '7'],
    ['/app/check?txnId=12', 'Purchase', '12'],
    ['/app/creditcardcredit?txnId=12', 'Purchase', '12'],
    ['/app/cctransfer?txnId=9', 'CreditCardPayment', '9'],
    ['https://app.qbo.intuit.com/app/journal?txnId=99999999999999999999', 'JournalEntry', '99999999999999999999'],
    ['invoice?txnId=5', 'Invoice', '5'],
  ])('%s → %s %s', (href, entity, id) => {
    expect(txnLinkParser(PAGE)(href)).toEqual({ ok: true, entity, id, key: `${entity}:${id}` });
  });

  it.each([
    ["/app/invoice?txnId=1' OR '1'='1", 'invalid-id'],
    ['/app/invoice?txnId=1%27%20OR%20%271%27%3D%271', 'invalid-id'],
    ['/app/invoice?txnId=-5', 'invalid-id'],
    ['/app/invoice?txnId=123456789012345678901234567890', 'invalid-id'],
    ['/app/invoice?txnId=١٢٣', 'invalid-id'],
    ['/app/invoice?txnId=%D9%A1%D9%A2%D9%A3', 'invalid-id'],
    ['/app/invoice?txnId=１２３', 'invalid-id'],
    ['/app/invoice?txnId=0012', 'invalid-id'],
    ['/app/invoice?txnId=1e3', 'invalid-id'],
    ['/app/invoice?txnId=%2033', 'invalid-id'],
    ['/app/invoice?txnId=', 'invalid-id'],
    ['/app/invoice?txnId=1&txnId=2', 'ambiguous-id'],
    ['/app/invoice?txnid=1', 'missing-id'],
    ['/app/payroll?txnId=1', 'unknown-slug'],
    ['/app/__proto__?txnId=1', 'unknown-slug'],
    ['/app/constructor?txnId=1', 'unknown-slug'],
    ['/app/Invoice?txnId=1', 'unknown-slug'],
    ['/app/invoice/?txnId=1', 'not-transaction-path'],
    ['/app/x/invoice?txnId=1', 'not-transaction-path'],
    ['/invoice?txnId=1', 'not-transaction-path'],
    ['https://evil.example/app/invoice?txnId=1', 'other-origin'],
    ['https://app.sandbox.qbo.intuit.com/app/invoice?txnId=1', 'other-origin'],
    ['http://app.qbo.intuit.com/app/invoice?txnId=1', 'other-origin'],
    ['javascript:alert(1)//?txnId=1', 'other-origin'],
    ['data:text/html,<a>?txnId=1', 'other-origin'],
    ['https://[::1/app/invoice?txnId=1', 'malformed-url'],
  ])('%s is refused: %s', (href, reason) => {
    expect(txnLinkParser(PAGE)(href)).toEqual({ ok: false, reason });
  });
});

describe('scanRows', () => {
  const html = (links: string[]) => {
    const doc = document.implementation.createHTMLDocument('t');
    const table = doc.createElement('table');
    for (const href of links) {
      const tr = table.insertRow();
      const a = doc.createElement('a');
      a.setAttribute('href', href);
      tr.insertCell().append(a);
    }
    doc.body.append(table);
    return doc;
  };

  it('never produces a row for a hostile Id, and counts each refusal', () => {
    const hostile = [
      "/app/invoice?txnId=1' OR '1'='1",
      '/app/invoice?txnId=-5',
      '/app/invoice?txnId=123456789012345678901234567890',
      '/app/invoice?txnId=١٢٣',
      '/app/nope?txnId=1',
    ];
    const result = scanRows(html([...hostile, '/app/invoice?txnId=7']), PAGE);
    expect(result.rows.map(({ entity, id, selected, key }) => ({ entity, id, selected, key }))).toEqual([
      { entity: 'Invoice', id: '7', selected: false, key: 'Invoice:7' },
    ]);
    expect(result.ignored).toEqual({ 'invalid-id': 4, 'unknown-slug': 1 });
  });

  it('collapses duplicated rows to one key', () => {
    const result = scanRows(html(['/app/bill?txnId=5', '/app/bill?&txnId=5', '/app/bill?txnId=6']), PAGE.href);
    expect(result.rows.map((r) => r.key)).toEqual(['Bill:5', 'Bill:6']);
    expect(result.ignored).toEqual({ 'duplicate-row': 1 });
  });

  it('keeps the same Id under different entities apart (Ids are per entity)', () => {
    const result = scanRows(html(['/app/bill?txnId=5', '/app/invoice?txnId=5']), PAGE);
    expect(result.rows.map((r) => r.key)).toEqual(['Bill:5', 'Invoice:5']);
  });
});

/* Edge cases of lib/collect/link.ts (issue 13): the fast path and foreign origins. */
const page = new URL('https://app.qbo.intuit.com/app/sales');
const prefix = fastLinkPrefix(page); // 'https://app.qbo.intuit.com/'

describe('the fast path refuses a foreign origin of the same length', () => {
  const foreign = [
    'https://evl.qbo.intuit.com/app/invoice?txnId=33',
    'https://app.qbo.intuit.org/app/invoice?txnId=33',
    'https://xxxxxxxxxxxxxxxxxx/app/invoice?txnId=33',
  ];

  it.each(foreign)('%s', (href) => {
    expect(href.indexOf('/app/')).toBe(prefix.length - 1); // same length as the page's origin
    expect(parseTxnLinkFast(href, prefix)).toBeUndefined();
    expect(txnLinkParser(page)(href)).toEqual({ ok: false, reason: 'other-origin' });
    expect(txnLinkParser(page)(href)).toEqual({ ok: false, reason: 'other-origin' });
  });
});

describe('the fast path takes the common shapes', () => {
  const accepted = { ok: true, entity: 'Invoice', id: '33', key: 'Invoice:33' };
  it('path-absolute and prefixed with the page origin', () => {
    expect(parseTxnLinkFast('/app/invoice?txnId=33', prefix)).toEqual(accepted);
    expect(parseTxnLinkFast('/app/invoice?&txnId=33', prefix)).toEqual(accepted);
    expect(parseTxnLinkFast('https://app.qbo.intuit.com/app/invoice?txnId=33', prefix)).toEqual(accepted);
  });
  it('declines when the page is not http(s), and on a relative href', () => {
    expect(parseTxnLinkFast('/app/invoice?txnId=33', '')).toBeUndefined();
    expect(parseTxnLinkFast('app/invoice?txnId=33', prefix)).toBeUndefined();
  });
  it('declines an unknown slug or an invalid Id (the full parse reports the reason)', () => {
    expect(parseTxnLinkFast('/app/nope?txnId=33', prefix)).toBeUndefined();
    expect(parseTxnLinkFast('/app/invoice?txnId=0012', prefix)).toBeUndefined();
  });
});

describe('pages that are not http(s)', () => {
  it('the fast-path prefix is the origin and a slash for http and https only', () => {
    // Returning '' (or always the origin) would change which links take the fast path.
    expect(fastLinkPrefix(new URL('http://localhost:3000/app/sales'))).toBe('http://localhost:3000/');
    expect(fastLinkPrefix(page)).toBe('https://app.qbo.intuit.com/');
    expect(fastLinkPrefix(new URL('file:///tmp/ledger.html'))).toBe('');
  });

  it('an opaque ("null") origin never matches, even its own', () => {
    const local = new URL('file:///tmp/ledger.html');
    expect(local.origin).toBe('null');
    expect(txnLinkParser(local)('/app/invoice?txnId=1')).toEqual({ ok: false, reason: 'other-origin' });
    expect(txnLinkParser(local)('/app/invoice?txnId=1')).toEqual({ ok: false, reason: 'other-origin' });
  });

  it('an http page reads its own links on the fast path and the full parse alike', () => {
    const dev = new URL('http://localhost:3000/app/sales');
    const accepted = { ok: true, entity: 'Invoice', id: '9', key: 'Invoice:9' };
    expect(txnLinkParser(dev)('http://localhost:3000/app/invoice?txnId=9')).toEqual(accepted);
    expect(txnLinkParser(dev)('/app/invoice?txnId=9#top')).toEqual(accepted);
  });
});
