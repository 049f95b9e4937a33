/**
 * The extension's half of "only this installation" (issue 18 §6): its key pair (non-extractable,
 * kept in IndexedDB, the same after a restart), the proof on every broker call, and the whole
 * sign-in → refresh → revoke path of the real extension code against the real broker (tests/broker's
 * harness and fake Intuit). A refresh token copied to another installation is refused.
 */
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { type BrokerResult, createBroker } from '../../lib/connection/broker';
import { INSTALLATION_KEY_DB } from '../../lib/connection/installation-key';
import { signIn } from '../../lib/connection/sign-in';
import { type BrokerUnderTest, CHROME_REDIRECT, REALM, startBroker } from '../broker/harness';
import { browser, clientOf, keyIn } from './real-broker';

let b: BrokerUnderTest | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const part = (jws: string, i: number) => JSON.parse(Buffer.from(jws.split('.')[i] ?? '', 'base64url').toString());

describe('the installation key', () => {
  it('is made once, kept in IndexedDB non-extractable, and the same after a restart', async () => {
    const idb = new IDBFactory();
    const first = await keyIn(idb).thumbprint();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyIn(idb).thumbprint()).toBe(first); // a new worker, the same IndexedDB
    expect(await keyIn(new IDBFactory()).thumbprint()).not.toBe(first); // another installation

    globalThis.indexedDB = idb;
    const db = await openDB(INSTALLATION_KEY_DB);
    const stored = (await db.get('keys', 'installation')) as CryptoKeyPair;
    db.close();
    expect(stored.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', stored.privateKey)).rejects.toThrow();
  });

  it('makes a new pair when the stored one is damaged (the old sign-ins then need "Reconnect")', async () => {
    const idb = new IDBFactory();
    const before = await keyIn(idb).thumbprint();
    globalThis.indexedDB = idb;
    const db = await openDB(INSTALLATION_KEY_DB);
    await db.put('keys', { privateKey: 'not a key', publicKey: null }, 'installation');
    db.close();
    const after = await keyIn(idb).thumbprint();
    expect(after).not.toBe(before);
    expect(await keyIn(idb).thumbprint()).toBe(after);
  });

  it('signs an RFC 9449-shaped proof: dpop+jwt, ES256, the public key only, htm, htu, iat, a fresh jti', async () => {
    const key = keyIn(new IDBFactory(), () => 1_700_000_000_999);
    const proof = await key.proof('POST', 'https://broker.test/oauth/refresh');
    const header = part(proof, 0);
    expect(header).toEqual({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) },
    });
    expect(part(proof, 1)).toEqual({
      htm: 'POST',
      htu: 'https://broker.test/oauth/refresh',
      iat: 1_700_000_000,
      jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const publicKey = await crypto.subtle.importKey('jwk', header.jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    const [h, p, s] = proof.split('.');
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      Buffer.from(s ?? '', 'base64url'),
      new TextEncoder().encode(`${h}.${p}`),
    );
    expect(valid).toBe(true);
    expect(part(await key.proof('POST', 'https://broker.test/oauth/refresh'), 1).jti).not.toBe(part(proof, 1).jti);
  });
});

describe('the broker client', () => {
  function recording(answer: Response) {
    const calls: { url: string; init: RequestInit }[] = [];
    const f = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer.clone();
    }) as unknown as typeof fetch;
    return { calls, f };
  }

  it('sends a proof for the exact URL with every call, and names its thumbprint at start', async () => {
    const key = keyIn(new IDBFactory());
    const { calls, f } = recording(new Response('{}', { status: 200 }));
    const broker = createBroker({ baseUrl: 'https://broker.test/', fetch: f, now: () => 0, key });
    await broker.refresh('sdw1.x');
    await broker.revoke('sdw1.y');
    for (const [i, path] of ['/oauth/refresh', '/oauth/revoke'].entries()) {
      const dpop = (calls[i]?.init.headers as Record<string, string> | undefined)?.dpop ?? '';
      expect(calls[i]?.url).toBe(`https://broker.test${path}`);
      expect(part(dpop, 1)).toMatchObject({ htm: 'POST', htu: `https://broker.test${path}` });
    }
    const start = new URL((await broker.startUrl(CHROME_REDIRECT, 's')) ?? '');
    expect(start.searchParams.get('jkt')).toBe(await key.thumbprint());
  });

  it('says "Reconnect" at once for a refresh token wrapped for a key this installation no longer holds', async () => {
    const { calls, f } = recording(new Response('{}', { status: 200 }));
    const broker = createBroker({
      baseUrl: 'https://broker.test',
      fetch: f,
      now: () => 0,
      key: keyIn(new IDBFactory()),
    });
    expect(await broker.refresh(`sdw1.${'Q'.repeat(43)}.aaaa.bbbb`)).toEqual({ kind: 'invalidGrant' });
    expect(calls).toEqual([]);
  });

  it('words a refused proof, a rate limit, and a key it cannot read; sign-in then opens no window', async () => {
    const answer = (status: number, body: unknown) =>
      createBroker({
        baseUrl: 'https://broker.test',
        fetch: recording(Response.json(body, { status })).f,
        now: () => 0,
        key: keyIn(new IDBFactory()),
      }).refresh('sdw1.x');
    expect(await answer(401, { error: 'invalid_proof' })).toEqual({
      kind: 'failed',
      message: expect.stringMatching(/date and time/),
    });
    expect(await answer(429, { error: 'rate_limited' })).toEqual({
      kind: 'failed',
      message: expect.stringMatching(/busy/),
    });

    const broken = {
      thumbprint: () => Promise.reject(new Error('no IndexedDB')),
      proof: () => Promise.reject(new Error('no IndexedDB')),
    };
    const { calls, f } = recording(new Response('{}'));
    const broker = createBroker({ baseUrl: 'https://broker.test', fetch: f, now: () => 0, key: broken });
    expect((await broker.refresh('sdw1.x')).kind).toBe('failed');
    expect(calls).toEqual([]);
    const opened: string[] = [];
    const identity = {
      getRedirectURL: () => CHROME_REDIRECT,
      launchWebAuthFlow: async ({ url }: { url: string }) => {
        opened.push(url);
        return undefined;
      },
    };
    expect((await signIn({ identity, broker })).kind).toBe('failed');
    expect(opened).toEqual([]);
  });
});

describe('the extension against the real broker', () => {
  it('signs in, refreshes and revokes with its own key; a copied refresh token is refused elsewhere', async () => {
    b = await startBroker();
    const mine = clientOf(b, new IDBFactory());
    const signedIn = await signIn({ identity: browser(b), broker: mine });
    expect(signedIn).toMatchObject({ kind: 'ok', realmId: REALM });
    if (signedIn.kind !== 'ok') return;
    const stored = signedIn.tokens.refresh ?? '';
    expect(stored).toMatch(/^sdw1\./); // what the extension stores: opaque, wrapped for this key
    for (const t of b.fake.issued) expect(stored).not.toContain(t);

    const thief = clientOf(b, new IDBFactory()); // the same token, another profile's key
    const stolen: BrokerResult = await thief.refresh(stored);
    expect(stolen.kind).not.toBe('ok');

    const refreshed = await mine.refresh(stored);
    expect(refreshed.kind).toBe('ok');
    const next = refreshed.kind === 'ok' ? (refreshed.tokens.refresh ?? '') : '';
    expect(await thief.revoke(next)).toEqual({ kind: 'unrevocable' });
    expect(await mine.revoke(next)).toEqual({ kind: 'revoked' });
    expect(await mine.refresh(next)).toEqual({ kind: 'invalidGrant' });
  });

  it('a refresh token stored before wrapping (raw) gets "Reconnect"', async () => {
    b = await startBroker();
    const mine = clientOf(b, new IDBFactory());
    const signedIn = await signIn({ identity: browser(b), broker: mine });
    expect(signedIn.kind).toBe('ok');
    const raw = b.fake.issued.filter((t) => t.startsWith('RT-')).at(-1) ?? '';
    expect(await mine.refresh(raw)).toEqual({ kind: 'invalidGrant' });
  });
});
