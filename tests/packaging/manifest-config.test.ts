/**
 * Packaging without a build (fast): wxt.config.ts's manifest function for both targets. Chrome stays
 * as it was (plus the toolbar icons); Firefox adds only browser_specific_settings. The built
 * packages are checked with the same rules by check-manifests.ts (`npm run lint:firefox`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigEnv } from 'wxt';
import { DEFAULT_BROKER_URL } from '../../lib/connection/broker-url';
import config, { API_HOSTS, BROKER_ORIGIN, CONNECT_HOSTS, GECKO } from '../../wxt.config';
import {
  API_ORIGINS,
  type Browser,
  coveredBy,
  cspProblems,
  ICON_SIZES,
  type ManifestJson,
  manifestProblems,
  parseCsp,
} from './manifest-rules';

async function manifestFor(browser: Browser, command: ConfigEnv['command'] = 'build'): Promise<ManifestJson> {
  const env: ConfigEnv = { browser, manifestVersion: 3, mode: 'production', command };
  const m = config.manifest;
  return (typeof m === 'function' ? await m(env) : await m) as ManifestJson;
}

describe('manifest config', () => {
  it('targets MV3 for every browser (WXT would build Firefox as MV2 by default)', () => {
    expect(config.manifestVersion).toBe(3);
  });

  it('passes the shared rules for Chrome and Firefox', async () => {
    expect(manifestProblems(await manifestFor('chrome'), 'chrome', { partial: true })).toEqual([]);
    expect(manifestProblems(await manifestFor('firefox'), 'firefox', { partial: true })).toEqual([]);
  });

  it('Firefox differs from Chrome only by browser_specific_settings', async () => {
    const { browser_specific_settings, ...firefox } = await manifestFor('firefox');
    expect(firefox).toEqual(await manifestFor('chrome'));
    expect(browser_specific_settings).toEqual({ gecko: GECKO, gecko_android: { strict_min_version: '142.0' } });
    expect(GECKO.id).toMatch(/@example\.invalid$/); // a placeholder until AMO signs it
  });

  it.each(['chrome', 'firefox'] as const)(
    'CSP (%s): connect-src pinned to the package and the API hosts, scripts only from the package',
    async (browser) => {
      const csp = (await manifestFor(browser)).content_security_policy?.extension_pages;
      expect(csp).toBe(
        "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
          "form-action 'none'; " +
          "connect-src 'self' https://quickbooks.api.intuit.com https://sandbox-quickbooks.api.intuit.com " +
          BROKER_ORIGIN,
      );
      expect(cspProblems(csp)).toEqual([]);
    },
  );

  it('CSP: the connect-src hosts are the API hosts of the host permissions and the broker; dev mode adds only its local server', async () => {
    expect(CONNECT_HOSTS).toEqual([...API_ORIGINS]);
    for (const origin of CONNECT_HOSTS.filter((o) => o !== BROKER_ORIGIN)) expect(API_HOSTS).toContain(`${origin}/*`);
    expect(BROKER_ORIGIN).toBe(new URL(process.env.WXT_BROKER_URL || DEFAULT_BROKER_URL).origin);
    const dev = parseCsp((await manifestFor('chrome', 'serve')).content_security_policy.extension_pages);
    expect(dev.get('connect-src')).toEqual(["'self'", ...API_ORIGINS, 'http://localhost:*', 'ws://localhost:*']);
    expect(dev.get('script-src')).toEqual(["'self'"]);
  });

  it('CSP rule: refuses a missing, widened or wildcard connect-src and remote hosts elsewhere', () => {
    const base = "default-src 'self'; script-src 'self'; object-src 'none'; form-action 'none'";
    const pinned = `connect-src 'self' ${API_ORIGINS.join(' ')}`;
    expect(cspProblems(`${base}; ${pinned}`)).toEqual([]);
    expect(cspProblems(base).join()).toMatch(/connect-src must be exactly/);
    expect(cspProblems(`${base}; ${pinned} https://evil.example`).join()).toMatch(/connect-src must be exactly/);
    expect(cspProblems(`${base}; connect-src 'self' https:`).join()).toMatch(/remote\/unsafe source https:/);
    expect(cspProblems(`${base}; connect-src 'self' ${API_ORIGINS[0]}`).join()).toMatch(/connect-src must be exactly/);
    expect(cspProblems(`script-src 'self' ${API_ORIGINS[0]}; object-src 'none'; ${pinned}`).join()).toMatch(
      /script-src must be exactly 'self'/,
    );
    expect(cspProblems(`${base}; ${pinned}; img-src ${API_ORIGINS[0]}`).join()).toMatch(/img-src allows the remote/);
  });

  it('CSP rule: everything a directive does not name falls back to the package (default-src), and no form posts', () => {
    const pinned = `connect-src 'self' ${API_ORIGINS.join(' ')}`;
    const rest = "script-src 'self'; object-src 'none'";
    expect(cspProblems(`default-src 'self'; ${rest}; form-action 'none'; ${pinned}`)).toEqual([]);
    // Without default-src an image, a frame or a style sheet could load (and send in its address) from anywhere.
    expect(cspProblems(`${rest}; form-action 'none'; ${pinned}`).join()).toMatch(/default-src must be exactly 'self'/);
    expect(cspProblems(`default-src *; ${rest}; form-action 'none'; ${pinned}`).join()).toMatch(/default-src/);
    // form-action is not covered by default-src: a form could post anywhere.
    expect(cspProblems(`default-src 'self'; ${rest}; ${pinned}`).join()).toMatch(/form-action must be 'none'/);
  });

  it('every icon size the toolbar names exists in public/icon and is a PNG of that size', async () => {
    const m = await manifestFor('chrome');
    for (const size of ICON_SIZES) {
      const file = join(process.cwd(), 'public', m.action.default_icon[size]);
      expect(existsSync(file), file).toBe(true);
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  });

  it('match-pattern coverage helper', () => {
    expect(coveredBy('https://qbo.intuit.com/app/*', 'https://*.qbo.intuit.com/*')).toBe(true);
    expect(coveredBy('https://app.qbo.intuit.com/app/*', 'https://*.qbo.intuit.com/*')).toBe(true);
    expect(coveredBy('https://evilqbo.intuit.com/app/*', 'https://*.qbo.intuit.com/*')).toBe(false);
    expect(coveredBy('http://qbo.intuit.com/app/*', 'https://qbo.intuit.com/*')).toBe(false);
  });

  it('npm scripts: zip builds both packages; lint:firefox builds, lints and checks the manifests', () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.scripts.zip).toBe('wxt zip && wxt zip -b firefox');
    expect(pkg.scripts['lint:firefox']).toContain('web-ext lint --source-dir .output/firefox-mv3');
    expect(pkg.scripts['lint:firefox']).toContain('tests/packaging/check-manifests.ts');
    expect(pkg.devDependencies['web-ext']).toBeDefined();
  });
});
