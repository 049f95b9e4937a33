/**
 * The report parser (lib/find/report-*) and its packages (Papa Parse, read-excel-file) stay out of the
 * popup's first bundle: the popup entrypoint reaches them only through a dynamic import() from the
 * full view, which the build splits into its own chunk. This walks the static imports (type-only
 * ones erased, dynamic import() not followed) from every file of entrypoints/popup.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (f: string) => readFileSync(join(process.cwd(), f), 'utf8');
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** Specifiers of the static imports and re-exports the build keeps (not `import type`, not import()). */
function staticSpecifiers(code: string): string[] {
  const specs: string[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*\bfrom\s*['"]([^'"]+)['"]/g;
  for (const [, typeKeyword, clause = '', spec = ''] of withoutComments(code).matchAll(statement)) {
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (typeKeyword === undefined && names?.every((n) => n.startsWith('type ')) !== true) specs.push(spec);
  }
  for (const m of withoutComments(code).matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1] ?? '');
  return specs;
}

function staticClosure(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (f: string) => {
    if (files.has(f)) return;
    files.add(f);
    for (const spec of staticSpecifiers(read(f))) {
      const alias = /^(?:@@|~~|@|~)\/(.*)$/.exec(spec);
      const to = spec.startsWith('.')
        ? normalize(join(dirname(f), spec))
        : alias
          ? normalize(alias[1] ?? '')
          : undefined;
      if (to === undefined) {
        packages.add(spec);
        continue;
      }
      const file = [to, `${to}.ts`, `${to}.tsx`, join(to, 'index.ts')].find(
        (c) => /\.tsx?$/.test(c) && existsSync(join(process.cwd(), c)),
      );
      if (file) visit(file);
    }
  };
  for (const entry of entries) visit(entry);
  return { files, packages };
}

const PARSER = /^lib\/find\/report-/;
const PARSER_PACKAGES = /^(papaparse|read-excel-file)(\/|$)/;

describe('the popup bundle and the report parser', () => {
  it('the walker follows static imports to the parser packages, and not dynamic import()', () => {
    const parser = staticClosure(['lib/find/report-parse.ts']);
    expect([...parser.packages].filter((p) => PARSER_PACKAGES.test(p)).sort()).toEqual([
      'papaparse',
      'read-excel-file/universal',
    ]);
    expect(staticSpecifiers("const m = await import('./report-parse');")).toEqual([]);
  });

  it('entrypoints/popup reaches no lib/find/report-* module and neither package statically', () => {
    const entries = readdirSync(join(process.cwd(), 'entrypoints/popup'))
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join('entrypoints/popup', f));
    const { files, packages } = staticClosure(entries);
    expect(files.size).toBeGreaterThan(entries.length);
    expect([...files].filter((f) => PARSER.test(f))).toEqual([]);
    expect([...packages].filter((p) => PARSER_PACKAGES.test(p))).toEqual([]);
  });
});
