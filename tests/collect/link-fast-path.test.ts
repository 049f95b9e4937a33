/**
 * The fast path of txnLinkParser (one regex on the raw href) must never disagree with the full URL
 * parse: for every input it either declines (undefined) or gives the full parse's exact answer.
 * Inputs: every case of link.test.ts, every href of the saved pages, and generated variants that
 * sit just beside the fast shape (case, encoding, whitespace, origins, ports, extra parameters).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastLinkPrefix, parseTxnLinkByUrl, parseTxnLinkFast, txnLinkParser } from '../../lib/collect/link';
import { SLUG_TO_ENTITY } from '../../lib/domain/web-app';
import { PAGES_DIR, savedPageFiles } from './load-page';

const PAGES = [
  'https://app.qbo.intuit.com/app/sales',
  'https://app.qbo.intuit.com/app/register?accountId=35#top',
  'https://app.sandbox.qbo.intuit.com/app/expenses',
  'https://qbo.intuit.com/app/creditmemos',
  'https://app.qbo.intuit.com:8443/app/sales',
  'https://user:pw@app.qbo.intuit.com/app/sales',
  'http://app.qbo.intuit.com/app/sales',
  'http://[::1]:3000/app/sales',
  'https://app.qbo.intuit.com/',
  'file:///app/sales',
  'about:blank',
  'data:text/html,<a>',
  'blob:https://app.qbo.intuit.com/0b8e9c8a-1f0e-4b8e-9c8a-1f0e4b8e9c8a',
].map((u) => new URL(u));

/** Every href of tests/collect/link.test.ts (both tables and the scanRows cases). */
const LINK_TEST_HREFS = [
  '/app/invoice?txnId=33',
  '/app/invoice?&txnId=33',
  '/app/recvpayment?foo=bar&txnId=7#x',
  '/app/check?txnId=12',
  '/app/creditcardcredit?txnId=12',
  '/app/cctransfer?txnId=9',
  'https://app.qbo.intuit.com/app/journal?txnId=99999999999999999999',
  'invoice?txnId=5',
  "/app/invoice?txnId=1' OR '1'='1",
  '/app/invoice?txnId=1%27%20OR%20%271%27%3D%271',
  '/app/invoice?txnId=-5',
  '/app/invoice?txnId=123456789012345678901234567890',
  '/app/invoice?txnId=١٢٣',
  '/app/invoice?txnId=%D9%A1%D9%A2%D9%A3',
  '/app/invoice?txnId=１２３',
  '/app/invoice?txnId=0012',
  '/app/invoice?txnId=1e3',
  '/app/invoice?txnId=%2033',
  '/app/invoice?txnId=',
  '/app/invoice?txnId=1&txnId=2',
  '/app/invoice?txnid=1',
  '/app/payroll?txnId=1',
  '/app/__proto__?txnId=1',
  '/app/constructor?txnId=1',
  '/app/Invoice?txnId=1',
  '/app/invoice/?txnId=1',
  '/app/x/invoice?txnId=1',
  '/invoice?txnId=1',
  'https://evil.example/app/invoice?txnId=1',
  'https://app.sandbox.qbo.intuit.com/app/invoice?txnId=1',
  'http://app.qbo.intuit.com/app/invoice?txnId=1',
  'javascript:alert(1)//?txnId=1',
  'data:text/html,<a>?txnId=1',
  'https://[::1/app/invoice?txnId=1',
  '/app/nope?txnId=1',
  '/app/bill?txnId=5',
  '/app/bill?&txnId=5',
  '/app/bill?txnId=6',
];

function savedPageHrefs(): string[] {
  const hrefs = new Set<string>();
  for (const file of savedPageFiles()) {
    const html = readFileSync(join(PAGES_DIR, file), 'utf8');
    for (const m of html.matchAll(/href="([^"]*)"/g)) hrefs.add((m[1] as string).replaceAll('&amp;', '&'));
  }
  return [...hrefs];
}

const PREFIXES = [
  '',
  'https://app.qbo.intuit.com',
  'HTTPS://APP.qbo.intuit.com',
  'https://app.qbo.intuit.com:443',
  'https://app.qbo.intuit.com:8443',
  'https://app.qbo.intuit.com.',
  'https://user@app.qbo.intuit.com',
  'http://app.qbo.intuit.com',
  'http://[::1]:3000',
  '//app.qbo.intuit.com',
  'https:',
  'https://app.sandbox.qbo.intuit.com',
  'https://qbo.intuit.com',
  ' ',
  '\t',
  '\\',
  '.',
];
const PATHS = [
  '/app/',
  '/APP/',
  '/app//',
  '/app/./',
  '/x/../app/',
  '\\app\\',
  '/app%2F',
  '/ap\tp/',
  'app/',
  './',
  // The cluster prefix (isWebAppPath's rule) and its look-alikes.
  '/c28/app/',
  '/c999/app/',
  '/c0/app/',
  '/c1000/app/',
  '/c28x/app/',
  '/c/app/',
  '/C28/app/',
  '/c28/../app/',
  '//c28/app/',
];
const SLUGS = [
  ...Object.keys(SLUG_TO_ENTITY),
  'Invoice',
  'payroll',
  '__proto__',
  'hasOwnProperty',
  '%69nvoice',
  'inv\noice',
  'invoice/',
  'invoice.',
  '',
];
const QUERIES = ['?', '?&', '?&&', '/?', '#?', '??', '?x=1&', '?;', ' ?'];
const NAMES = ['txnId', 'txnid', 'txn%49d', 'txnId ', 'txnId%3D', 'TXNID', 'txn+Id'];
const IDS = [
  '0',
  '00',
  '1',
  '7',
  '01',
  '12345678901234567890',
  '99999999999999999999',
  '123456789012345678901',
  '-1',
  '+1',
  '1e3',
  '%31',
  '1%00',
  '١',
  '１',
  '',
  '1 ',
  '1\t2',
];
const SUFFIXES = ['', '#x', '#', '&txnId=2', '&txnId=1', '&', '&x', ' ', '\n', '%00', '?', '/', '&txnId'];

/** A small deterministic PRNG (mulberry32), so a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generatedHrefs(count: number): string[] {
  const next = rng(20250101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const out: string[] = [];
  // Every slug and id in the plain shapes, then random mixes of everything.
  for (const slug of SLUGS) {
    for (const id of IDS) {
      for (const q of ['?', '?&']) {
        out.push(`/app/${slug}${q}txnId=${id}`, `https://app.qbo.intuit.com/app/${slug}${q}txnId=${id}`);
      }
    }
  }
  for (let i = 0; i < count; i++) {
    const common = next() < 0.5;
    out.push(
      (common ? pick(['', 'https://app.qbo.intuit.com']) : pick(PREFIXES)) +
        (common ? '/app/' : pick(PATHS)) +
        pick(SLUGS) +
        (common ? pick(['?', '?&']) : pick(QUERIES)) +
        (common ? 'txnId' : pick(NAMES)) +
        '=' +
        pick(IDS) +
        (common && next() < 0.5 ? '' : pick(SUFFIXES)),
    );
  }
  return out;
}

const ALL_HREFS = [...new Set([...LINK_TEST_HREFS, ...savedPageHrefs(), ...generatedHrefs(20_000)])];

describe('txnLinkParser fast path', () => {
  it('never disagrees with the full URL parse (every page, every input)', () => {
    let fastHits = 0;
    const mismatches: string[] = [];
    for (const page of PAGES) {
      const prefix = fastLinkPrefix(page);
      const bound = txnLinkParser(page);
      for (const href of ALL_HREFS) {
        const full = parseTxnLinkByUrl(href, page);
        const fast = parseTxnLinkFast(href, prefix);
        if (fast !== undefined) fastHits++;
        const same = (a: unknown) => JSON.stringify(a) === JSON.stringify(full);
        if ((fast !== undefined && !same(fast)) || !same(bound(href))) {
          mismatches.push(
            `${page.href} ${JSON.stringify(href)}: full ${JSON.stringify(full)} fast ${JSON.stringify(fast)}`,
          );
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    // Not vacuous: a good share of the inputs take the fast path.
    expect(fastHits).toBeGreaterThan(1000);
  });

  it.each([
    ['/app/invoice?txnId=33', 'Invoice', '33'],
    ['/app/invoice?&txnId=33', 'Invoice', '33'],
    ['/app/cctransfer?txnId=0', 'CreditCardPayment', '0'],
    ['https://app.qbo.intuit.com/app/journal?txnId=99999999999999999999', 'JournalEntry', '99999999999999999999'],
  ])('takes the fast path for the common shape %s', (href, entity, id) => {
    const page = new URL('https://app.qbo.intuit.com/app/sales');
    expect(parseTxnLinkFast(href, fastLinkPrefix(page))).toEqual({ ok: true, entity, id, key: `${entity}:${id}` });
  });

  it.each([
    ['https://app.sandbox.qbo.intuit.com/app/invoice?txnId=1', 'https://app.qbo.intuit.com/app/sales'],
    ['https://app.qbo.intuit.com/app/invoice?txnId=1', 'https://app.qbo.intuit.com:8443/app/sales'],
    ['/app/invoice?txnId=1', 'file:///app/sales'],
    ['/app/invoice?txnId=01', 'https://app.qbo.intuit.com/app/sales'],
    ['/app/Invoice?txnId=1', 'https://app.qbo.intuit.com/app/sales'],
    ['/app/invoice?txnId=1#x', 'https://app.qbo.intuit.com/app/sales'],
    ['//app.qbo.intuit.com/app/invoice?txnId=1', 'https://app.qbo.intuit.com/app/sales'],
  ])('leaves %s (page %s) to the full parse', (href, page) => {
    expect(parseTxnLinkFast(href, fastLinkPrefix(new URL(page)))).toBeUndefined();
  });
});
