/**
 * Issue 20 §5, the simulator's layer: nothing under tools/simulator reaches the product's code (lib/,
 * components/, entrypoints/), directly or through another file of the repository, type-only imports
 * included. A fake that imports the product's tables mirrors a wrong table instead of catching it; the
 * simulator has its own (tools/simulator/service-names.ts), compared with the product's in
 * tests/simulator/tables-agree.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const PRODUCT = /^(lib|components|entrypoints)(\/|$)/;
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Every module specifier: `import … from`, `export … from`, `import '…'`, `import('…')`, `require('…')`. */
const specifiersIn = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');

/** The repository path a specifier points at (relative, or WXT's root aliases), before extensions. */
const target = (from: string, spec: string): string | undefined => {
  if (spec.startsWith('.')) return normalize(join(dirname(from), spec));
  const alias = /^(?:@@|~~|@|~)\/(.*)$/.exec(spec);
  return alias ? normalize(alias[1] ?? '') : undefined;
};

interface Tree {
  read(path: string): string | undefined;
}

const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** Each `file → specifier` chain, from the start files, that ends in the product's code. */
function productImports(start: string[], tree: Tree): string[] {
  const seen = new Set<string>();
  const offenders: string[] = [];
  const walk = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of specifiersIn(tree.read(file) ?? '')) {
      const base = target(file, spec);
      if (base === undefined) continue;
      const chain = [...via, `${file} → ${spec}`];
      if (PRODUCT.test(base)) offenders.push(chain.join(', '));
      else {
        const next = CANDIDATES.map((c) => base + c).find((p) => tree.read(p) !== undefined);
        if (next) walk(next, chain);
      }
    }
  };
  for (const f of start) walk(f, []);
  return offenders;
}

const disk: Tree = {
  read: (p) => {
    const abs = join(process.cwd(), p);
    return existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
  },
};

describe('the simulator imports nothing from the product', () => {
  it('no file under tools/simulator reaches lib/, components/ or entrypoints/, even through another file', () => {
    const files = readdirSync(join(process.cwd(), 'tools/simulator'), { recursive: true, encoding: 'utf8' })
      .filter((f) => SOURCE.test(f))
      .map((f) => join('tools/simulator', f));
    expect(files.length).toBeGreaterThan(40);
    expect(productImports(files, disk)).toEqual([]);
  });

  it('the scan sees type-only, re-exported, dynamic, aliased and indirect imports', () => {
    const files: Record<string, string> = {
      'tools/simulator/a.ts': "import type { Entity } from '../../lib/domain/entities';",
      'tools/simulator/b.ts': "export { jsonKey } from '../../lib/qbo/entities';",
      'tools/simulator/c.ts': "const m = await import('~/components/App');",
      'tools/simulator/pages/d.ts': "import {\n  x,\n} from '../helper';",
      'tools/simulator/helper.ts': "import '../../entrypoints/background';",
      'tools/simulator/e.ts': "import { z } from 'zod';\nimport { f } from './pages/d';\nimport { g } from './libs';",
      'tools/simulator/libs.ts': '',
    };
    const tree: Tree = { read: (p) => files[p] };
    expect(productImports(['tools/simulator/a.ts', 'tools/simulator/b.ts', 'tools/simulator/c.ts'], tree)).toEqual([
      'tools/simulator/a.ts → ../../lib/domain/entities',
      'tools/simulator/b.ts → ../../lib/qbo/entities',
      'tools/simulator/c.ts → ~/components/App',
    ]);
    expect(productImports(['tools/simulator/e.ts'], tree)).toEqual([
      'tools/simulator/e.ts → ./pages/d, tools/simulator/pages/d.ts → ../helper, tools/simulator/helper.ts → ../../entrypoints/background',
    ]);
  });
});
