/**
 * The README's screenshots are the demo's: every image the README shows is one the demo took (listed
 * in docs/screenshots/screens.json with the texts the popup showed), byte for byte, and the folder
 * holds nothing else. `npm test` then runs the demo with `--compare docs/screenshots`, which fails
 * when today's popup shows other texts than those: a changed popup cannot leave the README's
 * screenshots behind. Here, the comparison itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareScreens, readManifest, type ScreenEntry, sha256 } from '../../tools/demo/screen-texts';

const DIR = 'docs/screenshots';
const manifest = readManifest(DIR);
const files = Object.values(manifest).map((e) => e.file);

describe("the README's screenshots", () => {
  it('are all taken by the demo, and the README shows some', () => {
    const named = [...readFileSync('README.md', 'utf8').matchAll(/docs\/screenshots\/([\w.-]+\.png)/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(files, `README shows ${file}`).toContain(file);
  });

  it('are the very files the demo wrote with those texts, and nothing else is in the folder', () => {
    for (const entry of Object.values(manifest)) {
      expect(sha256(path.join(DIR, entry.file)), entry.file).toBe(entry.sha256);
      expect(entry.texts.length, entry.file).toBeGreaterThan(0);
    }
    const pngs = readdirSync(DIR).filter((f) => f.endsWith('.png'));
    expect(pngs.sort()).toEqual([...files].sort());
  });

  it('include the sign-in with the access token behind "Advanced"', () => {
    const connect = manifest.connect?.texts ?? [];
    expect(connect.some((t) => t.startsWith('button: Connect to QuickBooks'))).toBe(true);
    expect(connect.some((t) => t.startsWith('button: Advanced'))).toBe(true);
    expect(connect.some((t) => t.includes('Use an access token instead'))).toBe(false);
  });
});

describe('comparing a fresh walk with saved screenshots', () => {
  const entry = (texts: string[]): ScreenEntry => ({ file: 'x.png', note: '', texts, sha256: '' });
  const saved = {
    connect: entry(['h2: Connection', 'button: Connect to QuickBooks [rgb(16, 128, 0) / rgb(255, 255, 255)]']),
  };

  it('finds nothing when the popup shows the same texts (in any order)', () => {
    const fresh = { connect: entry([...saved.connect.texts].reverse()) };
    expect(compareScreens(fresh, saved)).toEqual([]);
  });

  it('names a text, a button or a colour that changed', () => {
    const fresh = {
      connect: entry(['h2: Connection', 'button: Connect to QuickBooks [rgb(0, 0, 255) / rgb(255, 255, 255)]']),
    };
    expect(compareScreens(fresh, saved)).toEqual([
      'connect: now shows   button: Connect to QuickBooks [rgb(0, 0, 255) / rgb(255, 255, 255)]',
      'connect: no longer   button: Connect to QuickBooks [rgb(16, 128, 0) / rgb(255, 255, 255)]',
    ]);
  });

  it('names a screen the demo no longer takes, or one it takes that was never saved', () => {
    expect(compareScreens({ result: entry(['h2: Finished']) }, saved)).toEqual([
      'connect: no longer taken by the demo',
      'result: taken by the demo, not saved',
    ]);
  });
});
