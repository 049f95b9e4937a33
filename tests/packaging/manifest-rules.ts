/**
 * What every manifest we ship must satisfy, as pure functions returning problems (empty: fine).
 * Used by the Vitest tests on wxt.config.ts's manifest (fast, no build) and by check-manifests.ts on
 * the built .output manifests (`npm run lint:firefox`). The permission list a manifest may ask for is
 * the table in docs/SECURITY.md ("Permissions"), parsed here so the justification and the manifest
 * cannot drift apart.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokerOrigin, DEFAULT_BROKER_URL } from '../../lib/connection/broker-url';

export type Browser = 'chrome' | 'firefox';
export const ICON_SIZES = ['16', '32', '48', '96', '128'] as const;

// biome-ignore lint/suspicious/noExplicitAny: a manifest is walked freely; every read is checked
export type ManifestJson = Record<string, any>;

/**
 * The first-column values (in backticks) of the table under `## Permissions` in docs/SECURITY.md,
 * split into API permissions and host patterns (those holding `://`).
 */
export function justifiedPermissions(markdown: string): { permissions: string[]; hosts: string[] } {
  const section = /^## Permissions\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const cell = /^\|\s*`([^`]+)`\s*\|/.exec(line.trim())?.[1];
    if (cell) names.push(cell);
  }
  return {
    permissions: names.filter((n) => !n.includes('://')),
    hosts: names.filter((n) => n.includes('://')),
  };
}

export function readSecurityDoc(root = process.cwd()): string {
  return readFileSync(join(root, 'docs/SECURITY.md'), 'utf8');
}

/** Parses a CSP string into directive → sources. */
export function parseCsp(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/**
 * The API hosts (shared/spec/service-facts.md, "Hosts"): the only origins the extension connects to,
 * so the only remote sources its CSP may name, and only in connect-src.
 */
export const API_ORIGINS = [
  'https://quickbooks.api.intuit.com',
  'https://sandbox-quickbooks.api.intuit.com',
  // The token broker of this build (WXT_BROKER_URL; default in lib/connection/broker-url.ts).
  brokerOrigin(process.env.WXT_BROKER_URL || DEFAULT_BROKER_URL),
] as const;

/**
 * Strict: scripts only from the package, no plugins, no eval, no inline code; connect-src pinned to
 * the package and the API hosts (a fetch anywhere else, with or without the token, is refused);
 * everything else (images, styles, fonts, frames, media, workers) only from the package
 * (`default-src 'self'`), and no form submission anywhere (`form-action`, which default-src does not cover).
 */
export function cspProblems(csp: unknown): string[] {
  if (typeof csp !== 'string' || csp.trim() === '') return ['no extension_pages CSP'];
  const problems: string[] = [];
  const d = parseCsp(csp);
  const script = d.get('script-src');
  if (script?.join(' ') !== "'self'") problems.push(`script-src must be exactly 'self' (is ${script?.join(' ')})`);
  if (d.get('object-src')?.join(' ') !== "'none'") problems.push("object-src must be 'none'");
  const fallback = d.get('default-src');
  if (fallback?.join(' ') !== "'self'") problems.push(`default-src must be exactly 'self' (is ${fallback?.join(' ')})`);
  if (d.get('form-action')?.join(' ') !== "'none'") problems.push("form-action must be 'none'");
  const connect = d.get('connect-src');
  const wanted = ["'self'", ...API_ORIGINS];
  if (!connect || [...connect].sort().join(' ') !== [...wanted].sort().join(' '))
    problems.push(`connect-src must be exactly ${wanted.join(' ')} (is ${connect?.join(' ') ?? 'absent'})`);
  for (const [name, sources] of d) {
    for (const source of sources) {
      if (name === 'connect-src' && (API_ORIGINS as readonly string[]).includes(source)) continue;
      const s = source.toLowerCase();
      if (s === "'unsafe-eval'" || s === "'unsafe-inline'" || s === "'wasm-unsafe-eval'" || s === "'unsafe-hashes'") {
        problems.push(`${name} allows ${source}`);
      }
      if (/^(https?:|wss?:|data:|blob:|\*)/.test(s) || /^[a-z0-9.-]+\.[a-z]{2,}/.test(s)) {
        problems.push(`${name} allows the remote/unsafe source ${source}`);
      }
    }
  }
  return problems;
}

/** The rules for a manifest as built (or as the config function returns it, with `partial`). */
export function manifestProblems(m: ManifestJson, browser: Browser, options: { partial?: boolean } = {}): string[] {
  const problems: string[] = [];
  const justified = justifiedPermissions(readSecurityDoc());
  const same = (a: unknown, b: string[]) =>
    Array.isArray(a) && a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

  if (typeof m.description !== 'string' || m.description.length > 132)
    problems.push('description must be at most 132 characters (Chrome Web Store)');
  if (!options.partial && m.manifest_version !== 3) problems.push(`manifest_version is ${m.manifest_version}, want 3`);
  if (!same(m.permissions, justified.permissions))
    problems.push(
      `permissions ${JSON.stringify(m.permissions)} ≠ docs/SECURITY.md ${JSON.stringify(justified.permissions)}`,
    );
  if (!same(m.host_permissions, justified.hosts))
    problems.push(
      `host_permissions ${JSON.stringify(m.host_permissions)} ≠ docs/SECURITY.md ${JSON.stringify(justified.hosts)}`,
    );
  if (m.optional_permissions !== undefined || m.optional_host_permissions !== undefined)
    problems.push('optional permissions are not justified in docs/SECURITY.md');
  for (const key of ['externally_connectable', 'web_accessible_resources', 'update_url', 'key', 'sandbox']) {
    if (m[key] !== undefined) problems.push(`${key} must not be set`);
  }
  problems.push(...cspProblems(m.content_security_policy?.extension_pages));
  // Private windows: the extension does not run there, so nothing of a private session reaches disk.
  if (m.incognito !== 'not_allowed') problems.push(`incognito must be "not_allowed" (is ${String(m.incognito)})`);
  if (m.content_security_policy?.sandbox !== undefined) problems.push('no sandbox CSP: there are no sandboxed pages');

  for (const size of ICON_SIZES) {
    // WXT discovers `icons` from public/icon at build time: only the built manifest has them.
    if (!options.partial && m.icons?.[size] !== `icon/${size}.png`) problems.push(`icons.${size} missing`);
    if (m.action?.default_icon?.[size] !== `icon/${size}.png`) problems.push(`action.default_icon.${size} missing`);
  }

  const gecko = m.browser_specific_settings?.gecko;
  if (browser === 'chrome' && m.browser_specific_settings !== undefined)
    problems.push('browser_specific_settings is Firefox-only');
  if (browser === 'firefox') {
    if (typeof gecko?.id !== 'string' || !/^[a-z0-9.-]+@[a-z0-9.-]+$/i.test(gecko.id))
      problems.push('gecko.id missing');
    const min = Number.parseFloat(String(gecko?.strict_min_version));
    // 115: storage.session; 127: MV3 host permissions granted at install; 140: data_collection_permissions.
    if (!(min >= 140)) problems.push(`gecko.strict_min_version ${gecko?.strict_min_version} < 140`);
    if (JSON.stringify(gecko?.data_collection_permissions?.required) !== '["none"]')
      problems.push('gecko.data_collection_permissions.required must be ["none"] (nothing is collected)');
  }
  if (!options.partial) {
    if (m.action?.default_popup !== 'popup.html') problems.push('action.default_popup is not popup.html');
    if (browser === 'chrome' && m.background?.service_worker !== 'background.js')
      problems.push('Chrome: background.service_worker expected');
    if (browser === 'firefox' && JSON.stringify(m.background?.scripts) !== '["background.js"]')
      problems.push('Firefox MV3: background.scripts (an event page) expected');
    if (m.background?.persistent === true) problems.push('background must not be persistent');
    const hosts: string[] = m.host_permissions ?? [];
    for (const script of m.content_scripts ?? []) {
      if (script.world === 'MAIN') problems.push('a content script in the MAIN world shares the page’s globals');
      for (const match of script.matches ?? []) {
        if (!match.startsWith('https://') || !hosts.some((h) => coveredBy(match, h)))
          problems.push(`content script match ${match} is not within host_permissions`);
      }
    }
  }
  return problems;
}

/** Whether match pattern `inner` lies within `outer` (enough for `https://host/path*` patterns). */
export function coveredBy(inner: string, outer: string): boolean {
  const split = (p: string) => /^([a-z*]+):\/\/([^/]+)(\/.*)$/.exec(p)?.slice(1) ?? [];
  const [is, ih, ip] = split(inner);
  const [os, oh, op] = split(outer);
  if (!is || !ih || !ip || !os || !oh || !op || is !== os) return false;
  const hostOk = oh === ih || (oh.startsWith('*.') && (ih === oh.slice(2) || ih.endsWith(oh.slice(1))));
  const pathOk = op === '/*' || (op.endsWith('*') && ip.startsWith(op.slice(0, -1))) || op === ip;
  return hostOk && pathOk;
}
