/**
 * Issue 13, the layers: the content script's code (lib/collect) and the popup's components speak the
 * domain's vocabulary (lib/domain) and never import the API client's modules (lib/qbo); the entity
 * list, the Id rule and the web app's slugs are declared only in lib/domain; the deletable rule is
 * one function that the popup and the job builder share. Issue 19: lib/messaging stands on lib/domain
 * and zod only, and holds no words (the popup's labels are lib/popup's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELETABLE_STATUSES, PREFLIGHT_STATUSES, willDelete } from '../../lib/domain/statuses';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { planGroupOf } from '../../lib/popup/plan';

const files = (dir: string) =>
  readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));
const read = (f: string) => readFileSync(join(process.cwd(), f), 'utf8');
const importsOf = (f: string) => [...read(f).matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');

/**
 * Every module specifier of a file: `import … from`, `export … from`, side-effect `import '…'` and
 * dynamic `import('…')`, type-only ones included.
 */
const specifiersIn = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
const specifiersOf = (f: string) => specifiersIn(read(f));
/** The repository path a specifier points at (relative, or WXT's root aliases `@/`, `~/`, `@@/`, `~~/`). */
const target = (from: string, spec: string): string | undefined => {
  if (spec.startsWith('.')) return normalize(join(dirname(from), spec));
  const alias = /^(?:@@|~~|@|~)\/(.*)$/.exec(spec);
  return alias ? normalize(alias[1] ?? '') : undefined;
};

/**
 * Issue 19: lib/messaging is the protocol between contexts and stands on the vocabulary only. It may
 * import its own files, lib/domain and zod: nothing of the content script (lib/collect), the
 * background, the popup or any other folder, type-only imports included.
 */
const messagingMayImport = (from: string, spec: string): boolean => {
  const to = target(from, spec);
  if (to === undefined) return spec === 'zod' || spec.startsWith('zod/');
  return /^lib\/(messaging|domain)\//.test(to);
};

/** Code without its comments: a comment's prose ("rows from "Ticked by the page"…") is no import. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/**
 * The specifiers a module needs at run time. `import type`, `export type` and braces of `type` names
 * only are erased by the build; any other import, side-effect or dynamic import is kept.
 */
const runtimeSpecifiersIn = (code: string): string[] => {
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
};

/** Every source file and package an entrypoint pulls in at run time (what its bundle can hold). */
const runtimeClosure = (entry: string) => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const spec of runtimeSpecifiersIn(read(f))) {
      const to = target(f, spec);
      if (to === undefined) packages.add(spec);
      else {
        const file = [to, `${to}.ts`, `${to}.tsx`, join(to, 'index.ts')].find(
          (c) => /\.tsx?$/.test(c) && existsSync(join(process.cwd(), c)),
        );
        if (file) visit(file);
        else packages.add(to);
      }
    }
  };
  visit(entry);
  return { files: [...seen].sort(), packages: [...packages].sort() };
};

/** A table of words: a `*_LABEL(S)`, `*_WORDS` or `*_TEXT` constant, or a `Record<…, string>` map. */
const WORDS_TABLE = /\b[A-Z][A-Z0-9_]*_(LABELS?|WORDS|TEXT)\s*[:=]|Record<[^>]+,\s*string>\s*=/;

describe('layers', () => {
  it('lib/messaging imports only lib/domain and zod', () => {
    const offenders = files('lib/messaging').flatMap((f) =>
      specifiersIn(withoutComments(read(f)))
        .filter((spec) => !messagingMayImport(f, spec))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the messaging rule tells the vocabulary and zod from every other folder or package', () => {
    const from = 'lib/messaging/views.ts';
    for (const ok of ['./protocol', '../domain/ids', '~/lib/domain/shown', 'zod', 'zod/v4'])
      expect(messagingMayImport(from, ok), ok).toBe(true);
    expect(
      specifiersIn(
        withoutComments("/** rows from \"Ticked by the page\" */\n// from 'x'\nimport { a } from '../collect/a';"),
      ),
    ).toEqual(['../collect/a']);
    for (const bad of [
      '../collect/shown',
      '../popup/labels',
      '@/lib/background/app',
      '../../components/X',
      'wxt/browser',
    ])
      expect(messagingMayImport(from, bad), bad).toBe(false);
  });

  it('the content script pulls in neither zod nor the popup: the protocol reaches it as types only', () => {
    const { files: pulled, packages } = runtimeClosure('entrypoints/content.ts');
    expect(pulled).toEqual(expect.arrayContaining(['lib/collect/collector.ts', 'lib/messaging/content-limits.ts']));
    expect(pulled.filter((f) => /^(lib\/(popup|background|jobs|qbo)|components)\/|\.tsx$/.test(f))).toEqual([]);
    expect(pulled.filter((f) => /^lib\/messaging\//.test(f))).toEqual(['lib/messaging/content-limits.ts']);
    expect(packages.filter((p) => !p.startsWith('wxt/'))).toEqual([]);
  });

  it('the run-time import reader drops what the build erases and keeps the rest', () => {
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

  it('lib/messaging holds no words: the popup’s labels are declared in lib/popup only', () => {
    expect(files('lib/messaging').filter((f) => WORDS_TABLE.test(read(f)))).toEqual([]);
    for (const label of [/export const STATUS_LABEL\b/, /export const OUTCOME_GROUP_LABEL\b/]) {
      const declared = ['lib', 'components', 'entrypoints'].flatMap(files).filter((f) => label.test(read(f)));
      expect(declared).toEqual(['lib/popup/labels.ts']);
    }
    expect(WORDS_TABLE.test('export const STATUS_LABEL: Record<PreflightStatus, string> = {')).toBe(true);
    expect(WORDS_TABLE.test('const TOKEN_NEEDED_TEXT = "Sign in again";')).toBe(true);
    expect(WORDS_TABLE.test('export const JOB_STATES = [...]; type X = Record<string, number>;')).toBe(false);
  });

  it.each(['lib', 'components', 'entrypoints'])('%s imports nothing from tools/ or tests/', (dir) => {
    const offenders = files(dir).flatMap((f) =>
      specifiersOf(f)
        .filter((spec) => /^(tools|tests)(\/|$)/.test(target(f, spec) ?? ''))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no product source reads a simulator-only header (x-sim-…)', () => {
    const offenders = ['lib', 'components', 'entrypoints'].flatMap(files).filter((f) => /x-sim-/i.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it('the import scan sees relative, aliased, type-only and dynamic imports of tools/ and tests/', () => {
    const from = 'lib/collect/x.ts';
    expect(specifiersIn("import type { A } from '../../tools/simulator/api';")).toEqual(['../../tools/simulator/api']);
    expect(specifiersIn("await import('../../tests/support/clock')")).toEqual(['../../tests/support/clock']);
    expect(specifiersIn('import \'../../tests/setup\';\nexport * from "../x";')).toEqual(['../../tests/setup', '../x']);
    expect(target(from, '../../tools/simulator/api')).toBe('tools/simulator/api');
    expect(target(from, '~/tests/x')).toBe('tests/x');
    expect(target(from, '../domain/ids')).toBe('lib/domain/ids');
    expect(target(from, 'zod')).toBeUndefined();
  });

  it.each(['lib/collect', 'components'])('%s imports nothing from lib/qbo', (dir) => {
    const offenders = files(dir).filter((f) => importsOf(f).some((i) => /(^|\/)qbo\//.test(i)));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['the entity list', /export const ENTITIES\s*=/],
    ['the Id rule', /export function isValidId\b/],
    ['the web app slug map', /export const SLUG_TO_ENTITY\b/],
    ['the environment-from-host rule', /export function environmentFromHost\b/],
    ['the deletable statuses', /DELETABLE_STATUSES\s*=/],
  ])('%s is declared only in lib/domain', (_name, pattern) => {
    const declared = ['lib', 'components', 'entrypoints'].flatMap(files).filter((f) => pattern.test(read(f)));
    expect(declared.length).toBe(1);
    expect(declared[0]).toMatch(/^lib\/domain\//);
  });
});

describe('the deletable rule, shared', () => {
  const optIns = [
    { includeReconciled: false, includeLinked: false },
    { includeReconciled: true, includeLinked: false },
    { includeReconciled: false, includeLinked: true },
    { includeReconciled: true, includeLinked: true },
  ];
  const record = { entity: 'Invoice' as const, id: '1', syncToken: '0', linkedTxn: [], raw: {} };

  it('only ready, and linked / reconciled with their opt-in, are deleted', () => {
    for (const o of optIns) {
      const deleted = PREFLIGHT_STATUSES.filter((s) => willDelete(s, o));
      expect(deleted).toEqual(
        PREFLIGHT_STATUSES.filter(
          (s) => s === 'ready' || (s === 'linked' && o.includeLinked) || (s === 'reconciled' && o.includeReconciled),
        ),
      );
      for (const s of deleted) expect(DELETABLE_STATUSES).toContain(s);
    }
    expect(willDelete(undefined, optIns[3]!)).toBe(false);
  });

  it('the popup’s "Will delete" group and the job builder agree for every status and opt-in', () => {
    for (const o of optIns) {
      for (const status of PREFLIGHT_STATUSES) {
        const inJob = reviewedFromPreflight([{ status, reviewed: record }], { includeLinked: o.includeLinked });
        // The job carries reconciled records flagged (the runner skips them unless opted in: R2).
        const deletedByJob = inJob.length === 1 && (!inJob[0]?.reconciled || o.includeReconciled);
        expect({ status, o, deleted: planGroupOf(status, o) === 'willDelete' }).toEqual({
          status,
          o,
          deleted: deletedByJob,
        });
      }
    }
  });
});
