/**
 * What a popup screenshot shows, in words: the texts that make a screen what it is (headings, the
 * buttons with their colours, form labels, the status counts), read from the page when
 * the demo takes the screenshot. Digits in texts are written `#` and each text is kept once, so a
 * count, a time or a date never makes two runs differ; a word, a button, a label or a colour that changes
 * does. The demo writes them next to its screenshots (screens.json), and `--compare <dir>` fails
 * when a fresh walk's texts differ from those the screenshots in <dir> were taken with: the README's
 * screenshots (docs/screenshots) cannot go stale without `npm test` saying so.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'screens.json';

/** One screenshot: its file, the texts it was taken with, and its bytes' hash (so a PNG swapped by hand shows). */
export interface ScreenEntry {
  file: string;
  note: string;
  texts: string[];
  sha256: string;
}

/**
 * Evaluated in the page (Playwright's or puppeteer's `evaluate` of an expression): plain JavaScript
 * in a string, since tsx would wrap named functions in a helper the page does not have. Reads the
 * rendered DOM; elements not shown (`hidden`, display:none) are left out.
 */
export const READ_SCREEN_TEXTS = `(() => {
  const seen = new Set();
  const out = [];
  const norm = (s) => s.replace(/\\s+/g, ' ').replace(/\\d/g, '#').trim();
  const shown = (el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed';
  const add = (kind, text, colours = '') => {
    const t = norm(text);
    const line = kind + ': ' + t + colours;
    if (t && !seen.has(line)) {
      seen.add(line);
      out.push(line);
    }
  };
  for (const el of document.querySelectorAll('h1, h2, h3, button, label, [role="alert"], ul[aria-label="Selected by status"] > li')) {
    if (!shown(el)) continue;
    const text = el.innerText ?? el.textContent ?? '';
    if (el.tagName === 'BUTTON') {
      const style = getComputedStyle(el);
      add('button', text, ' [' + style.backgroundColor + ' / ' + style.color + ']');
    } else if (el.tagName === 'LABEL') add('label', text);
    else if (el.tagName === 'LI') add('item', text);
    else if (el.getAttribute('role') === 'alert') add('alert', text);
    else add(el.tagName.toLowerCase(), text);
  }
  return out;
})()`;

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function writeManifest(dir: string, entries: Record<string, ScreenEntry>): string {
  const file = path.join(dir, MANIFEST);
  writeFileSync(file, `${JSON.stringify(entries, null, 2)}\n`);
  return file;
}

export function readManifest(dir: string): Record<string, ScreenEntry> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ScreenEntry>;
}

/**
 * Differences between the screens a walk just took and those saved in `dir`, one line each; empty
 * when they show the same texts. A screen missing on either side is a difference too.
 */
export function compareScreens(fresh: Record<string, ScreenEntry>, saved: Record<string, ScreenEntry>): string[] {
  const problems: string[] = [];
  for (const name of new Set([...Object.keys(saved), ...Object.keys(fresh)])) {
    const a = saved[name];
    const b = fresh[name];
    if (!a || !b) {
      problems.push(`${name}: ${a ? 'no longer taken by the demo' : 'taken by the demo, not saved'}`);
      continue;
    }
    const before = new Set(a.texts);
    const now = new Set(b.texts);
    for (const t of b.texts) if (!before.has(t)) problems.push(`${name}: now shows   ${t}`);
    for (const t of a.texts) if (!now.has(t)) problems.push(`${name}: no longer   ${t}`);
  }
  return problems;
}
