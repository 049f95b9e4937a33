/**
 * Web-app addresses (issue 23 §5, issue 20 §3): the cluster prefix `/c<N>/app/…` and `?jobId=` are
 * taken wherever `/app/…` is — by the link parser, by the background's sender check and the content
 * protocol's page URL, and by the content script's matches — and never change a page's slug or a
 * link's entity and Id. The rule (lib/domain/web-app.ts): an optional `/c<N>` with N 1 to 3 ASCII
 * digits, no leading zero, then `/app/`; every other prefix is refused everywhere alike.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { parseTxnLinkByUrl, txnLinkParser } from '../../lib/collect/link';
import { appSlugOf, isWebAppPath } from '../../lib/domain/web-app';
import { PageHelloSchema } from '../../lib/messaging/content-protocol';
import { classifySender } from '../../lib/messaging/sender';

const ACCEPTED_PREFIXES = ['', '/c1', '/c9', '/c28', '/c99', '/c100', '/c999'];
const REFUSED_PREFIXES = [
  '/c',
  '/c0',
  '/c00',
  '/c028',
  '/c28x',
  '/cx28',
  '/C28',
  '/c1000',
  '/c999999999',
  '/c-1',
  '/c%32%38',
  '/c28/c28',
  '/x/c28',
  '/c28/',
  '/cc28',
  '/c２８',
];

describe('the web-app path rule', () => {
  it.each(ACCEPTED_PREFIXES)('%s/app/… is a web-app page, and reads the same slug as /app/…', (prefix) => {
    expect(isWebAppPath(`${prefix}/app/invoices`)).toBe(true);
    expect(appSlugOf(`${prefix}/app/invoices`)).toBe('invoices');
    expect(appSlugOf(`${prefix}/app/register`)).toBe('register');
    expect(appSlugOf(`${prefix}/app/`)).toBeUndefined();
    expect(appSlugOf(`${prefix}/app/x/invoices`)).toBeUndefined();
  });

  it.each(REFUSED_PREFIXES)('%s/app/… is not a web-app page', (prefix) => {
    expect(isWebAppPath(`${prefix}/app/invoices`)).toBe(false);
    expect(appSlugOf(`${prefix}/app/invoices`)).toBeUndefined();
  });

  it('a page read through URL keeps its slug with ?jobId= and with the prefix', () => {
    const slug = (href: string) => appSlugOf(new URL(href).pathname);
    expect(slug('https://qbo.intuit.com/c28/app/invoices?jobId=accounting')).toBe('invoices');
    expect(slug('https://qbo.intuit.com/app/invoices?jobId=accounting')).toBe('invoices');
    expect(slug('https://qbo.intuit.com/c28/app/register?accountId=35&jobId=accounting#top')).toBe('register');
    // The URL parser resolves dot segments first: what is left must still follow the rule.
    expect(slug('https://qbo.intuit.com/c28x/../c28/app/invoices')).toBe('invoices');
    expect(slug('https://qbo.intuit.com/c28/../app/invoices')).toBe('invoices');
    expect(slug('https://qbo.intuit.com/c28/./x/../app/invoices')).toBe('invoices');
  });
});

describe('transaction links with the prefix and ?jobId=', () => {
  const PAGES = [
    'https://app.qbo.intuit.com/app/sales',
    'https://app.qbo.intuit.com/c28/app/sales?jobId=accounting',
    'https://qbo.intuit.com/c28/app/invoices',
  ].map((u) => new URL(u));

  it.each(PAGES.map((p) => [p.href, p] as const))('on %s the same link reads the same, prefixed or not', (_, page) => {
    const plain = { ok: true, entity: 'Invoice', id: '33', key: 'Invoice:33' };
    for (const prefix of ACCEPTED_PREFIXES) {
      for (const query of ['?txnId=33', '?&txnId=33', '?txnId=33&jobId=accounting', '?jobId=accounting&txnId=33']) {
        const href = `${prefix}/app/invoice${query}`;
        expect(txnLinkParser(page)(href), href).toEqual(plain);
        expect(parseTxnLinkByUrl(href, page), href).toEqual(plain);
        expect(txnLinkParser(page)(`${page.origin}${href}`), href).toEqual(plain);
      }
    }
  });

  it.each(REFUSED_PREFIXES.filter((p) => !p.endsWith('/')))('a link under %s/app/ is refused', (prefix) => {
    const page = new URL('https://qbo.intuit.com/c28/app/sales');
    const href = `${prefix}/app/invoice?txnId=33&jobId=accounting`;
    expect(txnLinkParser(page)(href)).toEqual({ ok: false, reason: 'not-transaction-path' });
  });

  it('a relative link on a prefixed page resolves under the prefix; jobId never names the Id', () => {
    const page = new URL('https://qbo.intuit.com/c28/app/sales?jobId=accounting');
    expect(txnLinkParser(page)('invoice?txnId=5')).toEqual({ ok: true, entity: 'Invoice', id: '5', key: 'Invoice:5' });
    expect(txnLinkParser(page)('/c28/app/invoice?jobId=5')).toEqual({ ok: false, reason: 'missing-id' });
    expect(txnLinkParser(page)('/c28/app/invoice?txnId=5&txnId=6&jobId=a')).toEqual({
      ok: false,
      reason: 'ambiguous-id',
    });
  });
});

describe('the background and the content script take the same addresses', () => {
  const EXT = 'abcdefghijklmnopabcdefghijklmnop';
  const sender = (url: string) => classifySender({ id: EXT, url }, EXT, `chrome-extension://${EXT}`).kind;
  const hello = (pageUrl: string) =>
    PageHelloSchema.safeParse({ type: 'page/hello', data: { pageUrl, host: new URL(pageUrl).hostname } }).success;
  const content = readFileSync('entrypoints/content.ts', 'utf8');
  const patterns = [...(/matches:\s*\[([^\]]*)\]/.exec(content)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
    (m) => new MatchPattern(m[1] as string),
  );
  const injected = (url: string) => patterns.some((p) => p.includes(url));

  it.each(ACCEPTED_PREFIXES)(
    '%s/app/… with ?jobId=: the script runs, the sender and its hello are accepted',
    (prefix) => {
      for (const host of ['qbo.intuit.com', 'app.qbo.intuit.com', 'c45.qbo.intuit.com', 'app.sandbox.qbo.intuit.com']) {
        const url = `https://${host}${prefix}/app/invoices?jobId=accounting`;
        expect(injected(url), url).toBe(true);
        expect(sender(url), url).toBe('contentScript');
        expect(hello(url), url).toBe(true);
      }
    },
  );

  // Prefixes the URL parser keeps as written (it percent-encodes `２８`: that one is covered above).
  const kept = REFUSED_PREFIXES.filter((p) => new URL(`https://qbo.intuit.com${p}/app/x`).pathname === `${p}/app/x`);
  it.each(kept)('%s/app/…: the sender and its hello are refused', (prefix) => {
    const url = `https://qbo.intuit.com${prefix}/app/invoices?jobId=accounting`;
    expect(sender(url)).toBe('untrusted');
    expect(hello(url)).toBe(false);
  });

  it('the script runs on no other site and on no non-app path', () => {
    for (const url of [
      'https://qbo.intuit.com/homepage',
      'https://qbo.intuit.com/c28/homepage',
      'https://evil.example/c28/app/invoices',
      'http://qbo.intuit.com/c28/app/invoices',
      'https://qbo.intuit.com.evil.example/c28/app/invoices',
    ]) {
      expect(injected(url), url).toBe(false);
    }
  });
});
