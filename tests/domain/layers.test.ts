/**
 * Issue 13, the layers: the content script's code (lib/collect) and the popup's components speak the
 * domain's vocabulary (lib/domain) and never import the API client's modules (lib/qbo); the entity
 * list, the Id rule and the web app's slugs are declared only in lib/domain; the deletable rule is
 * one function that the popup and the job builder share.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

describe('layers', () => {
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
