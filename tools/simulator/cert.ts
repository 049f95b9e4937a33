/**
 * A self-signed test certificate for the simulator's HTTPS mode, made once with `openssl` and cached
 * (default /work/main/.tmp/certs, i.e. `<repo>/.tmp/certs`). SANs cover loopback and every real host
 * name the browser maps onto the simulator. `spkiHash` is the base64 SHA-256 of the public key DER,
 * for Chromium's --ignore-certificate-errors-spki-list.
 *
 * The pair is cached in ONE file (`simulator.pem`, written to a temp name then renamed) so parallel
 * test workers never read a key that does not match its certificate.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CERT_HOSTS = [
  'localhost',
  'quickbooks.api.intuit.com',
  'sandbox-quickbooks.api.intuit.com',
  'qbo.intuit.com',
  'app.qbo.intuit.com',
  'c1.qbo.intuit.com',
  '*.qbo.intuit.com',
  'app.sandbox.qbo.intuit.com',
  'sandbox.qbo.intuit.com',
  '*.sandbox.qbo.intuit.com',
] as const;

const DEFAULT_DIR = fileURLToPath(new URL('../../.tmp/certs', import.meta.url));
const SAN = ['IP:127.0.0.1', ...CERT_HOSTS.map((h) => `DNS:${h}`)].join(',');

export interface TestCertificate {
  cert: string;
  key: string;
  spkiHash: string;
}

function split(pem: string): { cert: string; key: string } | undefined {
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(pem)?.[0];
  const key = /-----BEGIN (?:EC )?PRIVATE KEY-----[\s\S]+?-----END (?:EC )?PRIVATE KEY-----\n?/.exec(pem)?.[0];
  return cert && key ? { cert, key } : undefined;
}

/** Usable: parses, covers every host and stays valid for at least another day. */
function usable(cert: string): boolean {
  try {
    const x = new X509Certificate(cert);
    const covers = CERT_HOSTS.every((h) => x.subjectAltName?.includes(`DNS:${h}`));
    return covers && Date.parse(x.validTo) > Date.now() + 86_400_000;
  } catch {
    return false;
  }
}

function generate(dir: string): string {
  const tmp = join(dir, `gen-${process.pid}-${Date.now()}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const keyFile = join(tmp, 'key.pem');
    const certFile = join(tmp, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '365',
        '-subj',
        '/CN=Safe Delete QBO simulator',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-addext',
        `subjectAltName=${SAN}`,
        '-addext',
        'extendedKeyUsage=serverAuth',
        '-addext',
        'basicConstraints=critical,CA:FALSE',
      ],
      { stdio: 'pipe' },
    );
    return readFileSync(certFile, 'utf8') + readFileSync(keyFile, 'utf8');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function ensureTestCertificate(dir: string = DEFAULT_DIR): TestCertificate {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'simulator.pem');
  let pair = existsSync(file) ? split(readFileSync(file, 'utf8')) : undefined;
  if (!pair || !usable(pair.cert)) {
    const pem = generate(dir);
    const tmpFile = `${file}.${process.pid}.tmp`;
    writeFileSync(tmpFile, pem, { mode: 0o600 });
    renameSync(tmpFile, file);
    pair = split(pem);
    if (!pair) throw new Error('openssl produced no certificate');
  }
  const spki = new X509Certificate(pair.cert).publicKey.export({ type: 'spki', format: 'der' });
  return { ...pair, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
