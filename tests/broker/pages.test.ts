// The broker's public pages under Node (issue 23 §6): launch, disconnect, privacy policy and licence
// agreement answer 200 text/html with their key sentences, no script and a CSP that allows nothing
// but their own style sheet; nothing of the request is echoed; other paths stay 404 JSON; the
// documents served are docs/PRIVACY.md and docs/TERMS.md as they are in the repository.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MD, TERMS_MD } from '../../broker/src/documents';
import { type BrokerUnderTest, startBroker } from './harness';
import { expectPage, PAGES, UNKNOWN_PATHS, visibleText } from './pages-expect';

let b: BrokerUnderTest;
beforeAll(async () => {
  b = await startBroker();
});
afterAll(async () => {
  await b.close();
});

describe('the public pages', () => {
  it.each(PAGES)('GET $path answers the page with its key sentences and locked-down headers', async (page) => {
    expectPage(await b.request(page.path), page);
  });

  it('answers HEAD like GET, without a body', async () => {
    const reply = await b.request('/privacy', { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')?.toLowerCase()).toBe('text/html; charset=utf-8');
    expect(reply.text).toBe('');
  });

  it('echoes nothing of the request: the disconnect URL ignores the parameters Intuit adds', async () => {
    const hostile = '<script>alert(1)</script>';
    const plain = await b.request('/disconnect');
    const reply = await b.request(`/disconnect?${new URLSearchParams({ realmId: hostile, x: '"><img src=x>' })}`);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(plain.text);
    expect(reply.text).not.toContain('alert(1)');
  });

  it('serves over plain http without HSTS (the Node broker behind a proxy, or on loopback)', async () => {
    const reply = await b.request('/launch');
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  });

  it('logs each page by its path, and nothing of the query', async () => {
    b.logs.length = 0;
    await b.request('/terms?secret=abc');
    expect(b.logs).toEqual([JSON.stringify({ method: 'GET', path: '/terms', status: 200, ms: 0 })]);
  });

  it.each(UNKNOWN_PATHS)('GET %s → 404 JSON', async (path) => {
    const reply = await b.request(path);
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({ error: 'not_found' });
  });

  it.each(['POST', 'PUT', 'DELETE'])('%s on a page → 404 JSON', async (method) => {
    const reply = await b.request('/privacy', { method });
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({ error: 'not_found' });
  });
});

describe('the documents served', () => {
  const file = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

  it('are docs/PRIVACY.md and docs/TERMS.md as committed (run broker/scripts/embed-documents.ts after editing)', () => {
    expect(PRIVACY_MD).toBe(file('PRIVACY.md'));
    expect(TERMS_MD).toBe(file('TERMS.md'));
  });

  it('show every paragraph of the documents, word for word', async () => {
    for (const [path, markdown] of [
      ['/privacy', PRIVACY_MD],
      ['/terms', TERMS_MD],
    ] as const) {
      const shown = visibleText((await b.request(path)).text);
      const paragraphs = markdown
        .split(/\n\s*\n/)
        .map((p) =>
          p
            .replace(/^#+ +|^\d+\. +|^- +/gm, '')
            .replace(/\*\*|`/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        .filter((p) => p !== '');
      expect(paragraphs.length).toBeGreaterThan(10);
      for (const p of paragraphs) for (const item of p.split(/ (?=\d+\. )/)) expect(shown, path).toContain(item);
    }
  });
});
