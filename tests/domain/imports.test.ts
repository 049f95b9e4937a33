/**
 * The structure tests' one import scanner (tests/support/imports.ts) sees every form of import, tells
 * what the build keeps, resolves where a specifier points and follows chains through other files: a
 * structure rule is only as good as the scan under it.
 */
import { describe, expect, it } from 'vitest';
import {
  importGraph,
  importsReaching,
  runtimeSpecifiersIn,
  specifiersIn,
  target,
  withoutComments,
} from '../support/imports';

describe('the import scanner', () => {
  it('sees every form of import, type-only, re-exported, side-effect, dynamic and require', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      'import {\n  c,\n  type C,\n} from "./c";',
      "import './side-effect';",
      "export * from './d';",
      "export type { E } from './e';",
      "export { f } from './f';",
      "const g = await import('./g');",
      "const h = require('./h');",
      "import zod from 'zod';",
      "const s = 'not an import from \\'./x\\'';",
    ].join('\n');
    expect(specifiersIn(source)).toEqual([
      './a',
      '../b/b',
      './c',
      './side-effect',
      './d',
      './e',
      './f',
      './g',
      './h',
      'zod',
    ]);
  });

  it('reads no import out of a comment, and keeps the code after a string holding a comment opener', () => {
    const source = [
      '/** rows from "Ticked by the page" */',
      "// from 'x'",
      ' * import { y } from "./y";',
      "const glob = 'src/**' + '/*.ts';",
      "import { a } from '../collect/a'; // from './z'",
    ].join('\n');
    expect(specifiersIn(source)).toEqual(['../collect/a']);
    expect(withoutComments("a(); // why\nb('https://x');")).toBe("a();\nb('https://x');");
  });

  it('keeps what the build keeps and drops what it erases', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B, type C } from './bc';",
      "import { type D, e } from './de';",
      "export type { F } from './f';",
      "export * from './g';",
      "import './h';",
      "const i = await import('./i');",
      "// import { j } from './j';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(runtimeSpecifiersIn(source)).toEqual(['./de', './g', 'zod', './h', './i']);
  });

  it('tells where a specifier points: relative, WXT-aliased, or a package', () => {
    const from = 'lib/collect/x.ts';
    expect(target(from, '../../tools/simulator/api')).toBe('tools/simulator/api');
    expect(target(from, '~/tests/x')).toBe('tests/x');
    expect(target(from, '@/lib/domain/ids')).toBe('lib/domain/ids');
    expect(target(from, '../domain/ids')).toBe('lib/domain/ids');
    expect(target(from, 'zod')).toBeUndefined();
  });

  it('builds the graph of a set of files, resolving extensions and folder indexes', () => {
    const graph = importGraph(
      new Map([
        ['lib/x/a.ts', "import { b } from './b';\nimport { y } from '../y';\nimport { z } from 'zod';"],
        ['lib/x/b.tsx', "import type { A } from './a';\nimport { gone } from './gone';"],
        ['lib/y/index.ts', ''],
      ]),
    );
    expect(graph).toEqual(
      new Map([
        ['lib/x/a.ts', ['lib/x/b.tsx', 'lib/y/index.ts']],
        ['lib/x/b.tsx', ['lib/x/a.ts']],
        ['lib/y/index.ts', []],
      ]),
    );
  });

  it('names each chain into a forbidden place, direct or through other files', () => {
    const files: Record<string, string> = {
      'tools/simulator/a.ts': "import type { Entity } from '../../lib/domain/entities';",
      'tools/simulator/b.ts': "export { jsonKey } from '../../lib/qbo/entities';",
      'tools/simulator/c.ts': "const m = await import('~/components/App');",
      'tools/simulator/pages/d.ts': "import {\n  x,\n} from '../helper';",
      'tools/simulator/helper.ts': "import '../../entrypoints/background';",
      'tools/simulator/e.ts': "import { z } from 'zod';\nimport { f } from './pages/d';\nimport { g } from './libs';",
      'tools/simulator/libs.ts': '',
    };
    const tree = { read: (p: string) => files[p] };
    const product = /^(lib|components|entrypoints)(\/|$)/;
    expect(
      importsReaching(['tools/simulator/a.ts', 'tools/simulator/b.ts', 'tools/simulator/c.ts'], product, tree),
    ).toEqual([
      'tools/simulator/a.ts → ../../lib/domain/entities',
      'tools/simulator/b.ts → ../../lib/qbo/entities',
      'tools/simulator/c.ts → ~/components/App',
    ]);
    expect(importsReaching(['tools/simulator/e.ts'], product, tree)).toEqual([
      'tools/simulator/e.ts → ./pages/d, tools/simulator/pages/d.ts → ../helper, tools/simulator/helper.ts → ../../entrypoints/background',
    ]);
  });
});
