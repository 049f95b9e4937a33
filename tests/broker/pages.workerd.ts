// The broker's public pages in workerd (issue 23 §6): the Worker bundled as deployed serves the
// launch and disconnect pages, the privacy policy and the licence agreement, each 200 text/html
// with its key sentences, no script, the locked-down headers and, over https, HSTS; other paths 404.
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeIntuit } from './fake-intuit';
import { CHROME_REDIRECT, CLIENT_ID, CLIENT_SECRET, REALM } from './harness';
import { expectPage, PAGES, type PageReply, UNKNOWN_PATHS } from './pages-expect';
import { BROKER, bundle, INTUIT, startWorker } from './workerd-harness';

let mf: Miniflare;
const output: string[] = [];

async function get(path: string, method = 'GET'): Promise<PageReply> {
  const res = await mf.dispatchFetch(`${BROKER}${path}`, { method, redirect: 'manual' });
  return { status: res.status, headers: res.headers as unknown as Headers, text: await res.text() };
}

beforeAll(async () => {
  mf = startWorker({
    script: await bundle(),
    bindings: {
      INTUIT_CLIENT_ID: CLIENT_ID,
      INTUIT_CLIENT_SECRET: CLIENT_SECRET,
      INTUIT_DISCOVERY_URL: `${INTUIT}/.well-known/openid_configuration`,
      BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
    },
    intuit: createFakeIntuit({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, realmId: REALM }),
    output,
  });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('the public pages in workerd', () => {
  it.each(PAGES)('GET $path answers the page with its key sentences and locked-down headers', async (page) => {
    const reply = await get(page.path);
    expectPage(reply, page);
    expect(reply.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('echoes nothing of the disconnect URL’s parameters', async () => {
    const plain = await get('/disconnect');
    const reply = await get(`/disconnect?${new URLSearchParams({ realmId: '<script>alert(1)</script>' })}`);
    expect(reply.text).toBe(plain.text);
  });

  it.each(UNKNOWN_PATHS)('GET %s → 404 JSON', async (path) => {
    const reply = await get(path);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text)).toEqual({ error: 'not_found' });
  });

  it('POST on a page → 404 JSON', async () => {
    const reply = await get('/terms', 'POST');
    expect(reply.status).toBe(404);
  });
});
