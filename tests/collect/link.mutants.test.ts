/** Mutation survivors of lib/collect/link.ts (issue 13): the fast path and foreign origins. */
import { describe, expect, it } from 'vitest';
import { fastLinkPrefix, parseTxnLinkFast, txnLinkParser } from '../../lib/collect/link';

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
    // A mutant that always returns '' (or always the origin) changes which links take the fast path.
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
