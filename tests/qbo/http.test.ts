/**
 * Edge cases of lib/qbo/http.ts (issue 13): the HTTP edge's wiring of ky. The exact URL
 * (host, trailing slashes, `minorversion=75` and nothing else when no params are given), which
 * requests carry a Content-Type, one attempt only, HTTP errors as answers, the timeout, and what a
 * failed call says ("no answer: <name>: <message>", at most 200 characters). A fake fetch answers.
 */
import { describe, expect, it } from 'vitest';
import type { QboClientOptions } from '../../lib/qbo/client-api';
import { API_BASE } from '../../lib/qbo/entities';
import { createHttp, type HttpAnswer, type HttpRequest } from '../../lib/qbo/http';

const REALM = '4620816365172283520';

interface Seen {
  method: string;
  url: string;
  contentType: string | null;
  authorization: string | null;
  body: string;
}

/** A fetch that records each request and answers with `answer` (default: 200 `{}`). */
function recorder(answer: (n: number) => Response | Promise<Response> = () => new Response('{}')) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      contentType: request.headers.get('content-type'),
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    return answer(seen.length);
  };
  return { fetch, seen };
}

const send = (overrides: Partial<QboClientOptions>, request: HttpRequest): Promise<HttpAnswer> =>
  createHttp({ realmId: REALM, environment: 'sandbox', getToken: () => 'tok', ...overrides })(request);

const failingWith = (error: unknown): typeof globalThis.fetch => {
  return async () => {
    throw error;
  };
};

describe('createHttp: the URL', () => {
  it.each([
    'https://api.example.test/proxy',
    'https://api.example.test/proxy/',
    'https://api.example.test/proxy//',
    'https://api.example.test/proxy///',
  ])('base %j: trailing slashes are dropped, the path under it kept', async (baseUrl) => {
    const { fetch, seen } = recorder();
    await send({ baseUrl, fetch }, { method: 'GET', path: 'preferences' });
    expect(seen.map((s) => s.url)).toEqual([
      `https://api.example.test/proxy/v3/company/${REALM}/preferences?minorversion=75`,
    ]);
  });

  it('no params: minorversion=75 is the only query parameter', async () => {
    const { fetch, seen } = recorder();
    await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'GET', path: 'reports/TransactionList' });
    const url = new URL(seen[0]!.url);
    expect(url.search).toBe('?minorversion=75');
    expect([...url.searchParams.keys()]).toEqual(['minorversion']);
  });

  it('params follow minorversion in order, spaces as %20', async () => {
    const { fetch, seen } = recorder();
    await send(
      { baseUrl: 'http://127.0.0.1:9', fetch },
      {
        method: 'GET',
        path: 'query',
        params: [
          ['query', "select * from Invoice where Id in ('1')"],
          ['a', 'b&c'],
        ],
      },
    );
    expect(new URL(seen[0]!.url).search).toBe(
      '?minorversion=75&query=select%20*%20from%20Invoice%20where%20Id%20in%20(%271%27)&a=b%26c',
    );
  });

  it.each([
    ['production', API_BASE.production],
    ['sandbox', API_BASE.sandbox],
  ] as const)('no baseUrl: the %s API host', async (environment, host) => {
    const { fetch, seen } = recorder();
    await send({ environment, fetch }, { method: 'GET', path: 'preferences' });
    expect(seen[0]!.url).toBe(`${host}/v3/company/${REALM}/preferences?minorversion=75`);
  });
});

describe('createHttp: headers and body', () => {
  it('a GET carries the bearer token and no Content-Type nor body', async () => {
    const { fetch, seen } = recorder();
    await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'GET', path: 'preferences' });
    expect(seen).toEqual([
      {
        method: 'GET',
        url: `http://127.0.0.1:9/v3/company/${REALM}/preferences?minorversion=75`,
        contentType: null,
        authorization: 'Bearer tok',
        body: '',
      },
    ]);
  });

  it('a POST without json nor text carries no Content-Type', async () => {
    const { fetch, seen } = recorder();
    await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'POST', path: 'invoice' });
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: null, body: '' });
  });

  it('a statement goes as application/text, a JSON body as application/json', async () => {
    const { fetch, seen } = recorder();
    await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'POST', path: 'query', text: 'select 1' });
    await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'POST', path: 'batch', json: { a: [1] } });
    expect(seen.map(({ contentType, body }) => ({ contentType, body }))).toEqual([
      { contentType: 'application/text', body: 'select 1' },
      { contentType: 'application/json', body: '{"a":[1]}' },
    ]);
  });
});

describe('createHttp: one attempt, HTTP errors are answers', () => {
  it.each([500, 503, 429, 408])('a %i on a GET is answered once, not retried, not thrown', async (status) => {
    const { fetch, seen } = recorder(() => new Response('{"Fault":{}}', { status, headers: { 'retry-after': '0' } }));
    const answer = await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'GET', path: 'preferences' });
    expect(answer).toMatchObject({ kind: 'answer', status, body: '{"Fault":{}}' });
    expect(seen).toHaveLength(1);
  });

  it('a network failure is tried once', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    };
    const answer = await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'GET', path: 'preferences' });
    expect(answer).toEqual({ kind: 'noAnswer', reason: 'no answer: TypeError: fetch failed' });
    expect(calls).toBe(1);
  });

  it('a body that cannot be read still gives the status, with an empty body', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const { fetch } = recorder(() => new Response(broken, { status: 200 }));
    const answer = await send({ baseUrl: 'http://127.0.0.1:9', fetch }, { method: 'GET', path: 'preferences' });
    expect(answer).toMatchObject({ kind: 'answer', status: 200, body: '' });
  });
});

describe('createHttp: no answer', () => {
  it('the reason names the error and its message', async () => {
    const answer = await send(
      { baseUrl: 'http://127.0.0.1:9', fetch: failingWith(new RangeError('socket hang up')) },
      { method: 'GET', path: 'preferences' },
    );
    expect(answer).toEqual({ kind: 'noAnswer', reason: 'no answer: RangeError: socket hang up' });
  });

  it('a thrown non-Error is just "no answer"', async () => {
    for (const thrown of ['ECONNRESET', { name: 'Error', message: 'plain object' }, 42]) {
      const answer = await send(
        { baseUrl: 'http://127.0.0.1:9', fetch: failingWith(thrown) },
        { method: 'GET', path: 'preferences' },
      );
      expect(answer).toEqual({ kind: 'noAnswer', reason: 'no answer' });
    }
  });

  it('a long message is cut to 200 characters', async () => {
    const message = 'x'.repeat(500);
    const answer = await send(
      { baseUrl: 'http://127.0.0.1:9', fetch: failingWith(new Error(message)) },
      { method: 'GET', path: 'preferences' },
    );
    const reason = answer.kind === 'noAnswer' ? answer.reason : '';
    expect(reason).toHaveLength(200);
    expect(reason).toBe(`no answer: Error: ${message}`.slice(0, 200));
  });

  it('a call that never answers ends after timeoutMs as a TimeoutError', async () => {
    const hanging: typeof globalThis.fetch = (input, init) =>
      new Promise((_, reject) => {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    const started = Date.now();
    const answer = await send(
      { baseUrl: 'http://127.0.0.1:9', fetch: hanging, timeoutMs: 50 },
      { method: 'GET', path: 'preferences' },
    );
    expect(answer.kind).toBe('noAnswer');
    expect(answer.kind === 'noAnswer' ? answer.reason : '').toMatch(/^no answer: TimeoutError: /);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('createHttp: the token', () => {
  it.each([
    ['undefined', () => undefined],
    ['empty', () => ''],
    ['a rejected promise', () => Promise.reject(new Error('store gone'))],
    [
      'a throw',
      () => {
        throw new Error('store gone');
      },
    ],
  ])('%s: noToken, nothing sent', async (_name, getToken) => {
    const { fetch, seen } = recorder();
    const answer = await send({ baseUrl: 'http://127.0.0.1:9', fetch, getToken }, { method: 'GET', path: 'x' });
    expect(answer).toEqual({ kind: 'noToken' });
    expect(seen).toHaveLength(0);
  });

  it('an async token is awaited', async () => {
    const { fetch, seen } = recorder();
    await send({ baseUrl: 'http://127.0.0.1:9', fetch, getToken: async () => 'later' }, { method: 'GET', path: 'x' });
    expect(seen[0]!.authorization).toBe('Bearer later');
  });
});
