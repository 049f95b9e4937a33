/**
 * The one import scanner of the structure tests: which files a folder holds, what a file imports
 * (every form: `import … from`, `export … from`, side-effect `import '…'`, dynamic `import('…')`,
 * `require('…')`, type-only ones included), which of those the build keeps, where a specifier points
 * in the repository, and every chain of imports from a set of files into a forbidden place. Paths are
 * relative to the repository's root, with forward slashes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** The source files under a folder of the repository (node_modules left out), sorted. */
export function sourceFiles(dir: string, pattern: RegExp = SOURCE): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f) && !f.split(/[\\/]/).includes('node_modules'))
    .map((f) => join(dir, f).split('\\').join('/'))
    .sort();
}

/** A file of the repository as text, or undefined when there is no such file. */
export function readSource(path: string): string | undefined {
  const abs = join(ROOT, path);
  return existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
}

/**
 * Code without its comments: a comment's prose ("rows from 'Ticked by the page'") is no import.
 * Comments are known by where their line starts (`//`, `*`, `/*`) and by a ` // ` after code, never by
 * a block pattern: a string such as `'src/**' + '/*.ts'` holds `/*` and would hide the code after it.
 */
export function withoutComments(code: string): string {
  return code
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');
}

/** Every module specifier of a source, whatever the form, in the order they appear. */
export function specifiersIn(code: string): string[] {
  return [...withoutComments(code).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
}

/**
 * The specifiers a module needs at run time. `import type`, `export type` and braces of `type` names
 * only are erased by the build; any other import, side-effect or dynamic import is kept.
 */
export function runtimeSpecifiersIn(code: string): string[] {
  const src = withoutComments(code);
  const specs: string[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*\bfrom\s*['"]([^'"]+)['"]/g;
  for (const [, typeKeyword, clause = '', spec = ''] of src.matchAll(statement)) {
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const typesOnly = typeKeyword !== undefined || names?.every((n) => n.startsWith('type ')) === true;
    if (!typesOnly) specs.push(spec);
  }
  for (const m of src.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1] ?? '');
  for (const m of src.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1] ?? '');
  return specs;
}

/**
 * The repository path a specifier points at, before any extension: relative ones, and WXT's root
 * aliases (`@/`, `~/`, `@@/`, `~~/`). Undefined for a package.
 */
export function target(from: string, spec: string): string | undefined {
  if (spec.startsWith('.'))
    return normalize(join(dirname(from), spec))
      .split('\\')
      .join('/');
  const alias = /^(?:@@|~~|@|~)\/(.*)$/.exec(spec);
  return alias
    ? normalize(alias[1] ?? '')
        .split('\\')
        .join('/')
    : undefined;
}

/** How a specifier's target may be spelled on disk: as written, with an extension, or as a folder's index. */
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file a specifier's target names, among the files `has` knows. */
export function resolveFile(base: string, has: (path: string) => boolean): string | undefined {
  return CANDIDATES.map((c) => base + c).find((p) => SOURCE.test(p) && has(p));
}

/** `file → the repository files it imports`, for a set of sources (type-only imports included). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = specifiersIn(source).flatMap((spec) => {
      const base = target(file, spec);
      return base === undefined ? [] : (resolveFile(base, (p) => sources.has(p)) ?? []);
    });
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** The sources of the files under some folders, by path. */
export function sourcesUnder(dirs: readonly string[], pattern: RegExp = SOURCE): Map<string, string> {
  return new Map(dirs.flatMap((d) => sourceFiles(d, pattern)).map((f) => [f, readSource(f) ?? ''] as const));
}

/** A repository to scan: the text of a path, or undefined when there is no such file. */
export interface Tree {
  read(path: string): string | undefined;
}

export const disk: Tree = { read: readSource };

/**
 * Each chain of imports, from the start files, that reaches a path `forbidden` matches, directly or
 * through other files of the repository: `a.ts → ./b, b.ts → ../../lib/x`. A chain stops at the first
 * forbidden step; each file is followed once.
 */
export function importsReaching(start: readonly string[], forbidden: RegExp, tree: Tree = disk): string[] {
  const seen = new Set<string>();
  const offenders: string[] = [];
  const walk = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of specifiersIn(tree.read(file) ?? '')) {
      const base = target(file, spec);
      if (base === undefined) continue;
      const chain = [...via, `${file} → ${spec}`];
      if (forbidden.test(base)) offenders.push(chain.join(', '));
      else {
        const next = resolveFile(base, (p) => tree.read(p) !== undefined);
        if (next) walk(next, chain);
      }
    }
  };
  for (const f of start) walk(f, []);
  return offenders;
}

/** Every source file and package a file pulls in at run time (what its bundle can hold). */
export function runtimeClosure(entry: string, tree: Tree = disk): { files: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const spec of runtimeSpecifiersIn(tree.read(f) ?? '')) {
      const to = target(f, spec);
      if (to === undefined) packages.add(spec);
      else {
        const file = resolveFile(to, (p) => /\.tsx?$/.test(p) && tree.read(p) !== undefined);
        if (file) visit(file);
        else packages.add(to);
      }
    }
  };
  visit(entry);
  return { files: [...seen].sort(), packages: [...packages].sort() };
}

/** A text a source holds for a person or a program to read: a string, a template or JSX text. */
export interface TextLiteral {
  /** Its text; a template's `${…}` parts read as `X`. */
  text: string;
  line: number;
  kind: 'string' | 'template' | 'jsx';
  /**
   * Where it sits: `module` (an import or export's specifier), `developer` (the message of a new
   * `…Error`, of an Error subclass's `super` call, or of a `console` call), `type` (a type's literal),
   * or `code` (everywhere else).
   */
  place: 'module' | 'developer' | 'type' | 'code';
}

/**
 * Every text literal of a TypeScript or TSX source, from TypeScript's own parser (a regex cannot tell
 * a string from a comment or a regex literal): strings, templates and JSX text, each with its place.
 */
export function textLiteralsIn(path: string, code: string): TextLiteral[] {
  const source = ts.createSourceFile(
    path,
    code,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: TextLiteral[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const placeOf = (node: ts.Node): TextLiteral['place'] => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isImportTypeNode(at)) return 'module';
      if (ts.isLiteralTypeNode(at)) return 'type';
      if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText(source))) return 'developer';
      if (ts.isCallExpression(at)) {
        const callee = at.expression.getText(source);
        if (/^console\.\w+$/.test(callee)) return 'developer';
        if (callee === 'import' || callee === 'require') return 'module';
        // An Error subclass's message, handed to its parent.
        if (callee === 'super') return 'developer';
      }
    }
    return 'code';
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.push({ text: node.text, line: lineOf(node), kind: 'string', place: placeOf(node) });
    else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((s) => `X${s.literal.text}`)].join('');
      found.push({ text, line: lineOf(node), kind: 'template', place: placeOf(node) });
    } else if (ts.isJsxText(node) && node.text.trim() !== '') {
      // JSX text starts at the end of the tag before it: its line is its first letter's.
      const at = node.getStart(source) + node.text.length - node.text.trimStart().length;
      const line = source.getLineAndCharacterOfPosition(at).line + 1;
      found.push({ text: node.text.replace(/\s+/g, ' ').trim(), line, kind: 'jsx', place: 'code' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
