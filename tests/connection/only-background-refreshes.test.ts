/**
 * Only the background refreshes or revokes (one provider per worker, single-flight per company): the
 * popup and the full view (the same popup.html in a tab) only send messages. A guard on the import
 * graph: nothing the popup loads reaches the broker client, the token provider or the token store.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const FORBIDDEN = ['broker', 'token-provider', 'token-store', 'revocation', 'sign-in'].map((f) =>
  resolve(ROOT, `lib/connection/${f}.ts`),
);

/** Every local module reachable from `entry` by static or dynamic imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = resolve(dirname(file), m[1] ?? '');
      const hit = ['', '.ts', '.tsx', '/index.ts']
        .map((ext) => base + ext)
        .find((p) => existsSync(p) && p.match(/\.tsx?$/));
      if (hit) queue.push(hit);
    }
  }
  return seen;
}

describe('who may call the broker', () => {
  it('the popup (and the full view, the same page) never loads the broker client, the token provider or store', () => {
    const popup = reachable(resolve(ROOT, 'entrypoints/popup/main.tsx'));
    expect(popup.size).toBeGreaterThan(20); // the walk did follow the imports
    expect([...popup].filter((f) => FORBIDDEN.includes(f))).toEqual([]);
  });

  it('the background loads them, through one module (app.ts) that makes one provider', () => {
    const background = reachable(resolve(ROOT, 'entrypoints/background.ts'));
    expect(background.has(resolve(ROOT, 'lib/connection/token-provider.ts'))).toBe(true);
    const app = readFileSync(resolve(ROOT, 'lib/background/app.ts'), 'utf8');
    expect(app.match(/createTokenProvider\(/g)).toHaveLength(1);
  });
});
