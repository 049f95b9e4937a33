/**
 * lib/collect stays pure DOM: no extension APIs (the content script entrypoint wires those), and
 * small files (STYLE.md: split past ~300 lines).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiersIn, withoutComments } from '../support/imports';

const DIR = join(process.cwd(), 'lib/collect');
const files = sourceFiles('lib/collect', /\.ts$/).map((f) => f.slice('lib/collect/'.length));

describe('lib/collect structure', () => {
  it.each(files)('%s uses no browser extension API', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect(
      specifiersIn(text).filter((spec) => /^(wxt\/browser|#imports|webextension-polyfill|@wxt-dev\/)/.test(spec)),
    ).toEqual([]);
    expect(withoutComments(text)).not.toMatch(/\bchrome\.|\bbrowser\.(runtime|storage|cookies|tabs)/);
  });

  it('our checkboxes are known by a WeakSet, not by a marker in the page', () => {
    const text = readFileSync(join(DIR, 'own-checkboxes.ts'), 'utf8');
    expect(text).toContain('new WeakSet');
    for (const file of files) expect(readFileSync(join(DIR, file), 'utf8')).not.toMatch(/data-safe-delete/);
  });

  it.each(files)('%s stays small', (file) => {
    expect(readFileSync(join(DIR, file), 'utf8').split('\n').length).toBeLessThan(300);
  });

  it('the content script entrypoint is wiring only', () => {
    const text = readFileSync(join(process.cwd(), 'entrypoints/content.ts'), 'utf8');
    expect(text.split('\n').length).toBeLessThan(40);
    expect(text).not.toMatch(/cookie|realmId|querySelector/);
    // No page-visible marker (a page could read it, or forge it to fool a check).
    expect(text).not.toMatch(/dataset|setAttribute|data-safe-delete/);
    // Gesture listeners must exist before the page's scripts and the person's first click.
    expect(text).toContain("runAt: 'document_start'");
  });
});
