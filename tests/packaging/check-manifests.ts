/**
 * Checks the BUILT manifests (`npm run lint:firefox` runs it after `wxt build -b firefox` and
 * web-ext lint): .output/firefox-mv3 must exist; .output/chrome-mv3 is checked when present. Also
 * checks that every icon the manifest names is in the package and that no page loads remote code.
 * Exit code 1 with the problems listed, 0 when clean.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type ManifestJson, manifestProblems } from './manifest-rules';

const OUTPUT = join(process.cwd(), '.output');
const TARGETS: { browser: Browser; dir: string; required: boolean }[] = [
  { browser: 'firefox', dir: 'firefox-mv3', required: true },
  { browser: 'chrome', dir: 'chrome-mv3', required: false },
];

function packageProblems(dir: string, manifest: ManifestJson): string[] {
  const problems: string[] = [];
  const icons = [...Object.values(manifest.icons ?? {}), ...Object.values(manifest.action?.default_icon ?? {})];
  for (const icon of new Set(icons.map(String))) {
    if (!existsSync(join(dir, icon))) problems.push(`icon ${icon} is not in the package`);
  }
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(join(dir, file), 'utf8');
    if (/<script[^>]+src=["']?(https?:)?\/\//i.test(html)) problems.push(`${file} loads a remote script`);
    if (/<script(?![^>]*\bsrc=)[^>]*>\s*\S/i.test(html)) problems.push(`${file} has an inline script`);
  }
  return problems;
}

let failed = false;
for (const target of TARGETS) {
  const dir = join(OUTPUT, target.dir);
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) {
    if (target.required) {
      console.error(`✗ ${target.dir}: no build (run wxt build -b ${target.browser})`);
      failed = true;
    } else console.log(`- ${target.dir}: not built, skipped`);
    continue;
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestJson;
  const problems = [...manifestProblems(manifest, target.browser), ...packageProblems(dir, manifest)];
  if (problems.length === 0) console.log(`✓ ${target.dir}/manifest.json`);
  else {
    failed = true;
    console.error(`✗ ${target.dir}/manifest.json\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
process.exit(failed ? 1 : 0);
