/**
 * The layers: the content script's code (lib/collect) and the popup's components speak the
 * domain's vocabulary (lib/domain) and never import the API client's modules (lib/qbo); the entity
 * list, the Id rule and the web app's slugs are declared only in lib/domain; the deletable rule is
 * one function that the popup and the job builder share. lib/messaging stands on lib/domain and zod
 * only, and holds no words (the popup's labels are lib/popup's).
 */
import { describe, expect, it } from 'vitest';
import { DELETABLE_STATUSES, PREFLIGHT_STATUSES, willDelete } from '../../lib/domain/statuses';
import { reviewedFromPreflight } from '../../lib/jobs/from-preflight';
import { planGroupOf } from '../../lib/popup/plan';
import { readSource, runtimeClosure, sourceFiles, specifiersIn, target } from '../support/imports';

const files = (dir: string) => sourceFiles(dir, /\.(ts|tsx)$/);
const read = (f: string) => readSource(f) ?? '';

/**
 * lib/messaging is the protocol between contexts and stands on the vocabulary only. It may
 * import its own files, lib/domain and zod: nothing of the content script (lib/collect), the
 * background, the popup or any other folder, type-only imports included.
 */
const messagingMayImport = (from: string, spec: string): boolean => {
  const to = target(from, spec);
  if (to === undefined) return spec === 'zod' || spec.startsWith('zod/');
  return /^lib\/(messaging|domain)\//.test(to);
};

/** A table of words: a `*_LABEL(S)`, `*_WORDS` or `*_TEXT` constant, or a `Record<…, string>` map. */
const WORDS_TABLE = /\b[A-Z][A-Z0-9_]*_(LABELS?|WORDS|TEXT)\s*[:=]|Record<[^>]+,\s*string>\s*=/;

describe('layers', () => {
  it('lib/messaging imports only lib/domain and zod', () => {
    const offenders = files('lib/messaging').flatMap((f) =>
      specifiersIn(read(f))
        .filter((spec) => !messagingMayImport(f, spec))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the messaging rule tells the vocabulary and zod from every other folder or package', () => {
    const from = 'lib/messaging/views.ts';
    for (const ok of ['./protocol', '../domain/ids', '~/lib/domain/shown', 'zod', 'zod/v4'])
      expect(messagingMayImport(from, ok), ok).toBe(true);
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
      specifiersIn(read(f))
        .filter((spec) => /^(tools|tests)(\/|$)/.test(target(f, spec) ?? ''))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no product source reads a simulator-only header (x-sim-…)', () => {
    const offenders = ['lib', 'components', 'entrypoints'].flatMap(files).filter((f) => /x-sim-/i.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it.each(['lib/collect', 'components'])('%s imports nothing from lib/qbo', (dir) => {
    const offenders = files(dir).filter((f) => specifiersIn(read(f)).some((i) => /(^|\/)qbo\//.test(i)));
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
