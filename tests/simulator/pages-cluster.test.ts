/**
 * The look-alike pages under the web app's newer addresses (issue 23 §5, issue 20 §3): every page is
 * served under a cluster prefix (`/c28/app/…`) too and with `?jobId=`, showing the same rows; a
 * prefixed page's links (a paid invoice's payment, a customer's page, the pager) keep its prefix,
 * paging keeps jobId, and other prefixes are not web-app pages.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import { mountPages } from '../../tools/simulator/pages/index';

const REALM = '9130350000000001';

function makeApp(count: number) {
  const records = Array.from({ length: count }, (_, i) => ({
    entity: 'Invoice' as Entity,
    json: {
      Id: String(i + 1),
      SyncToken: '0',
      TxnDate: '2025-01-02',
      DocNumber: String(1000 + i),
      TotalAmt: 10 + i,
      CustomerRef: { value: '1', name: 'Customer 1' },
      AccountRef: { value: '35', name: 'Checking' },
    },
  }));
  const app = new Hono();
  mountPages(app, { pageRealmId: () => REALM, records: () => records });
  return app;
}

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&'));

describe('look-alike pages under /c<N>/app/ and with ?jobId=', () => {
  it('serves every page kind under the prefix, with the company cookie, and the same rows as /app/', async () => {
    const app = makeApp(60);
    for (const path of [
      '/app/invoices',
      '/app/sales?page=2',
      '/app/register?accountId=35',
      '/app/banking',
      '/app/invoice?txnId=3',
    ]) {
      // What the page shows: its rows' text (no row carries an Id), or a transaction page's details.
      const ids = (html: string) => [
        ...[
          ...html.matchAll(
            /<(?:tr|div) (?:class="(?:idsTable__row|txn-row|grid-row)|role="row" class="grid-row")[^>]*>(.*?)<\/(?:tr|div)>/g,
          ),
        ].map((m) => (m[1] as string).replace(/<[^>]*>/g, ' ')),
        ...[...html.matchAll(/class="dgrid-row [^"]*"[^>]*>(.*?)<\/table>/g)].map((m) =>
          (m[1] as string).replace(/<[^>]*>/g, ' '),
        ),
        ...(/<script type="application\/json" class="bank-feed__data">.*?<\/script>/.exec(html) ?? []),
        ...(/<dl class="txn-detail">.*?<\/dl>/.exec(html) ?? []),
      ];
      const plain = await app.request(path);
      expect(plain.status, path).toBe(200);
      const expected = ids(await plain.text());
      expect(expected.length, path).toBeGreaterThan(0);
      const sep = path.includes('?') ? '&' : '?';
      for (const variant of [`/c28${path}`, `/c1${path}${sep}jobId=accounting`, `${path}${sep}jobId=accounting`]) {
        const res = await app.request(variant);
        expect(res.status, variant).toBe(200);
        expect(res.headers.get('set-cookie'), variant).toMatch(/^qbo\.currentcompanyid=9130350000000001;/);
        expect(ids(await res.text()), variant).toEqual(expected);
      }
    }
  });

  it('a prefixed page links no row of its own, keeps its links (a customer, the pager) under its prefix; paging keeps jobId', async () => {
    const html = await (await makeApp(120).request('/c28/app/customerdetail?nameId=1&jobId=accounting')).text();
    const links = hrefs(html);
    expect(links.filter((h) => h.includes('txnId='))).toEqual([]);
    const names = links.filter((h) => h.endsWith('/customerdetail?nameId=1'));
    expect(names).toHaveLength(50);
    for (const href of names) expect(href).toBe('/c28/app/customerdetail?nameId=1');
    expect(links).toContain('/c28/app/customerdetail?nameId=1&jobId=accounting&page=2');
    // An unprefixed page keeps its plain links.
    const plain = hrefs(await (await makeApp(120).request('/app/invoices?jobId=accounting')).text());
    expect(plain.filter((h) => h.includes('txnId='))).toEqual([]);
    expect(plain).toContain('/app/invoices?jobId=accounting&page=2');
  });

  it.each(['/c', '/c0', '/c028', '/c28x', '/C28', '/c1000', '/c999999999'])(
    '%s/app/invoices is not a page',
    async (p) => {
      expect((await makeApp(5).request(`${p}/app/invoices`)).status).toBe(404);
    },
  );
});
