/**
 * lib/collect stays pure DOM: no extension APIs (the content script entrypoint wires those), and
 * small files (STYLE.md: split past ~300 lines).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(process.cwd(), 'lib/collect');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

describe('lib/collect structure', () => {
  it.each(files)('%s uses no browser extension API', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect(text).not.toMatch(
      /from 'wxt\/browser'|webextension-polyfill|\bchrome\.|\bbrowser\.(runtime|storage|cookies|tabs)/,
    );
  });

  it.each(files)('%s stays small', (file) => {
    expect(readFileSync(join(DIR, file), 'utf8').split('\n').length).toBeLessThan(300);
  });

  it('the content script entrypoint is wiring only', () => {
    const text = readFileSync(join(process.cwd(), 'entrypoints/content.ts'), 'utf8');
    expect(text.split('\n').length).toBeLessThan(40);
    expect(text).toContain("dataset.safeDelete = 'ready'");
    expect(text).not.toMatch(/cookie|realmId|querySelector/);
  });
});
