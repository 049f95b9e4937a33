// `npm run broker` (broker/src/node.ts) as a real process: HTTPS with BROKER_TLS_CERT/KEY, ONE JSON
// line with its URL, the open-redirect refusal over the wire; a missing secret is a clear error.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTestCertificate } from '../../tools/simulator/cert';
import { type RunningFakeIntuit, startFakeIntuit } from './fake-intuit';
import { CHROME_REDIRECT, CLIENT_ID, CLIENT_SECRET } from './harness';

const ENTRY = fileURLToPath(new URL('../../broker/src/node.ts', import.meta.url));
const children: ChildProcess[] = [];
let fake: RunningFakeIntuit | undefined;
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await fake?.close();
});

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const lines: string[] = [];
  const stdout = createInterface({ input: child.stdout! });
  stdout.on('line', (line) => lines.push(line));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = () =>
    new Promise<string>((resolve, reject) => {
      if (lines[0] !== undefined) return resolve(lines[0]);
      stdout.once('line', resolve);
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
  return { child, firstLine, exited, lines, stderr: () => stderr };
}

function get(url: string, ca: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { ca }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    })
      .on('error', reject)
      .end();
  });
}

describe('npm run broker', () => {
  it('serves HTTPS and prints one JSON line with its URL', async () => {
    fake = await startFakeIntuit({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const cert = ensureTestCertificate();
    const dir = mkdtempSync(join(tmpdir(), 'broker-tls-'));
    writeFileSync(join(dir, 'cert.pem'), cert.cert);
    writeFileSync(join(dir, 'key.pem'), cert.key);
    const broker = run({
      INTUIT_CLIENT_ID: CLIENT_ID,
      INTUIT_CLIENT_SECRET: CLIENT_SECRET,
      INTUIT_DISCOVERY_URL: fake.discoveryUrl,
      BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT,
      BROKER_TLS_CERT: join(dir, 'cert.pem'),
      BROKER_TLS_KEY: join(dir, 'key.pem'),
      BROKER_ALLOW_INSECURE_UPSTREAM: '1', // the fake speaks plain HTTP
    });
    const { url } = JSON.parse(await broker.firstLine()) as { url: string };
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const refused = await get(`${url}/oauth/start?redirect_uri=https%3A%2F%2Fevil.example%2F&state=s`, cert.cert);
    expect(refused).toEqual({ status: 400, location: undefined });
    const started = await get(
      `${url}/oauth/start?redirect_uri=${encodeURIComponent(CHROME_REDIRECT)}&state=s&jkt=${'A'.repeat(43)}`,
      cert.cert,
    );
    expect(started.status).toBe(302);
    const authorize = new URL(started.location ?? '');
    expect(authorize.origin).toBe(fake.url);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${url}/oauth/callback`);

    expect(broker.lines.filter((l) => l.startsWith('{"url"'))).toHaveLength(1);
    for (const line of broker.lines.slice(1)) expect(line).not.toContain(CLIENT_SECRET);
    broker.child.kill('SIGTERM');
    expect(await broker.exited).toBe(0);
  });

  it('stops with a clear message when the client secret is missing', async () => {
    const broker = run({ INTUIT_CLIENT_ID: CLIENT_ID, BROKER_ALLOWED_REDIRECTS: CHROME_REDIRECT });
    expect(await broker.exited).toBe(2);
    expect(broker.stderr()).toMatch(/INTUIT_CLIENT_SECRET is missing/);
    expect(broker.lines).toEqual([]);
  });
});
