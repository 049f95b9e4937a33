/**
 * The manifest asks only for what is used and justified: its permissions and host permissions equal
 * the table in docs/SECURITY.md ("Permissions"), each API permission is called somewhere, nothing
 * lets a page or another extension in (externally_connectable, web_accessible_resources), the CSP is
 * strict, and no code in the package evaluates strings or writes HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigEnv, UserManifest } from 'wxt';
import config, { API_HOSTS, APP_HOSTS, BROKER_ORIGIN } from '../../wxt.config';
import {
  API_ORIGINS,
  type Browser,
  cspProblems,
  justifiedPermissions,
  type ManifestJson,
  manifestProblems,
  readSecurityDoc,
} from '../packaging/manifest-rules';

async function manifestFor(browser: Browser): Promise<ManifestJson> {
  const env: ConfigEnv = { browser, manifestVersion: 3, mode: 'production', command: 'build' };
  const m = config.manifest;
  return (typeof m === 'function' ? await m(env) : await m) as UserManifest as ManifestJson;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|html)$/.test(f))
    .map((f) => join(dir, f));
}
const SOURCES = ['lib', 'components', 'entrypoints'].flatMap(sourceFiles);
const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8');

describe('permissions: only what is used, each justified in docs/SECURITY.md', () => {
  const table = justifiedPermissions(readSecurityDoc());

  it('the table lists the API permissions and every host', () => {
    expect(table.permissions.sort()).toEqual([
      'alarms',
      'cookies',
      'identity',
      'notifications',
      'storage',
      'unlimitedStorage',
    ]);
    expect(table.hosts.sort()).toEqual([...API_HOSTS, ...APP_HOSTS, `${BROKER_ORIGIN}/*`].sort());
  });

  for (const browser of ['chrome', 'firefox'] as const) {
    it(`${browser}: permissions and host_permissions equal the table; no externally_connectable, no web_accessible_resources; strict CSP`, async () => {
      const m = await manifestFor(browser);
      expect(manifestProblems(m, browser, { partial: true })).toEqual([]);
      expect(m.externally_connectable).toBeUndefined();
      expect(m.web_accessible_resources).toBeUndefined();
      expect(m.incognito).toBe('not_allowed');
      for (const mode of [undefined, 'spanning', 'split'])
        expect(manifestProblems({ ...m, incognito: mode }, browser, { partial: true }).join()).toMatch(/incognito/);
    });
  }

  it('each API permission is actually used by the code', () => {
    const code = SOURCES.map(read).join('\n');
    const usedBy: Record<string, RegExp> = {
      storage: /storage\.(local|session)/,
      alarms: /\balarms\b/,
      cookies: /\bcookies\.get\(/,
      notifications: /notifications\.create\(/,
      identity: /identity\.launchWebAuthFlow\(/,
    };
    for (const [permission, pattern] of Object.entries(usedBy)) expect(code, permission).toMatch(pattern);
    // unlimitedStorage has no API: it is justified by the audit log's full JSON (docs/SECURITY.md).
    expect(read('lib/audit/log.ts')).toMatch(/preDeleteJson|AuditEntry/);
  });

  it('no permission the code might reach for without saying so', () => {
    const code = SOURCES.map(read).join('\n');
    for (const api of ['scripting', 'downloads', 'webRequest', 'management']) {
      expect(code, `browser.${api}`).not.toMatch(new RegExp(`browser\\.${api}\\.`));
    }
    // tabs.create (the popup's "Open full view"), tabs.query (the popup's active tab) and tabs.get
    // (its address, for the client in view) need no permission: a tab's address is visible only on
    // the manifest's own hosts. Nothing else of tabs is used.
    const tabs = [...code.matchAll(/browser\.tabs\.(\w+)/g)].map((m) => m[1]);
    expect(new Set(tabs)).toEqual(new Set(['create', 'query', 'get']));
    // The permissions API needs no permission; the popup only checks for and asks again for the
    // manifest's own host permissions (Firefox lets the user withdraw them).
    const uses = [...code.matchAll(/browser\.permissions\.(\w+)/g)].map((m) => m[1]);
    expect(new Set(uses)).toEqual(new Set(['contains', 'request']));
  });
});

describe('CSP and code', () => {
  it('the rules reject every weakening of the CSP', () => {
    const connect = `connect-src 'self' ${API_ORIGINS.join(' ')}`;
    const fallback = "default-src 'self'; form-action 'none'";
    expect(cspProblems(`${fallback}; script-src 'self'; object-src 'none'; ${connect}`)).toEqual([]);
    for (const weak of [
      `script-src 'self'; object-src 'none'; ${connect}`, // no default-src: images, frames, styles from anywhere
      `default-src 'self'; script-src 'self'; object-src 'none'; ${connect}`, // no form-action: a form may post anywhere
      "script-src 'self'; object-src 'none'", // no connect-src: any host may be fetched
      `script-src 'self'; object-src 'none'; ${connect} https://evil.example`,
      `script-src 'self'; object-src 'none'; connect-src 'self' ${API_ORIGINS[0]}`,
      "script-src 'self' 'unsafe-eval'; object-src 'none'",
      "script-src 'self' 'unsafe-inline'; object-src 'none'",
      "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'",
      "script-src 'self' https://cdn.example.com; object-src 'none'",
      "script-src 'self' cdn.example.com; object-src 'none'",
      "script-src *; object-src 'none'",
      "script-src 'self'; object-src 'self'",
      "script-src 'self'; object-src 'none'; connect-src data:",
      "object-src 'none'",
      '',
    ]) {
      expect(cspProblems(weak), weak).not.toEqual([]);
    }
  });

  it('no eval, no Function constructor, no HTML sinks, no remote scripts in our sources', () => {
    for (const file of SOURCES) {
      const text = read(file);
      expect(text, file).not.toMatch(/\beval\s*\(|new Function\s*\(|\bFunction\s*\(\s*['"`]/);
      expect(text, file).not.toMatch(
        /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write/,
      );
      expect(text, file).not.toMatch(/<script[^>]+src=["']?(https?:)?\/\//i);
      expect(text, file).not.toMatch(/import\s*\(\s*['"`]https?:/);
    }
  });

  it('the content script runs in the isolated world, only on https web-app pages', () => {
    const content = read('entrypoints/content.ts');
    expect(content).not.toMatch(/world:\s*['"]MAIN['"]/);
    const matches = /matches:\s*\[([^\]]*)\]/.exec(content)?.[1] ?? '';
    const patterns = [...matches.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(patterns.length).toBeGreaterThan(0);
    for (const p of patterns) expect(p).toMatch(/^https:\/\/(\*\.)?qbo\.intuit\.com\/(c\*\/)?app\/\*$/);
  });
});
