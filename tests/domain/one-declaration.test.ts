/**
 * Issue 19: each job operation and each preflight status is declared once, and the rest reads the
 * declaration. Pinned two ways: no module outside the declarations spells an operation kind as a
 * string literal (allowlist with reasons), and every declaration has all its words.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_OPERATIONS, OPERATION_DECLARATIONS, OUTCOME_GROUPS } from '../../lib/domain/operations';
import { OUTCOME_GROUP, OUTCOME_LABEL } from '../../lib/domain/outcomes';
import { PREFLIGHT_STATUSES, STATUS_DECLARATIONS, STATUS_ORDER } from '../../lib/domain/statuses';
import { OUTCOME_KINDS } from '../../lib/journal/schema';
import { OUTCOME_GROUP_LABEL, STATUS_LABEL } from '../../lib/popup/labels';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Files that may spell an operation kind, and why. */
const ALLOWED: Record<string, string> = {
  'lib/domain/operations-delete.ts': 'the declaration',
  'lib/domain/operations-void.ts': 'the declaration',
  'lib/domain/operations-restore.ts': 'the declaration',
  'lib/qbo/delete-calls.ts': "the service's own protocol words (operation=delete)",
  'lib/qbo/void-calls.ts': "the service's own protocol words (operation=void, include=void)",
  'lib/storage/migrations/jobs-v2-operation.ts':
    "a stored job from before operations existed deleted: the migration's fixed past",
  'lib/journal/schema.ts': 'the outcome payloads (the default of a job stored without one)',
  'lib/jobs/operations/restore.ts': 'the restore plug-in (owned by the restore work; RESTORE.kind next)',
  'lib/background/restore.ts': "restore's own starter (owned by the restore work; reads RESTORE there next)",
};

describe('one declaration per operation', () => {
  it('no module outside the declarations spells an operation kind as a string literal', () => {
    const kinds = JOB_OPERATIONS.map((k) => `'${k}'`);
    const spelled = ['lib', 'components', 'entrypoints']
      .flatMap((d) => filesUnder(join(process.cwd(), d)))
      .map((f) => f.slice(process.cwd().length + 1))
      // Each operation's declaration file (lib/domain/operations-<kind>.ts) spells its own kind.
      .filter((f) => !ALLOWED[f] && !/^lib\/domain\/operations-(?!types|counts)[a-z]+\.ts$/.test(f))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => {
            const code = line.replace(/\/\/.*$/, '').trim();
            if (code.startsWith('*') || code.startsWith('/*')) return []; // comments say what, not code
            // Only where an operation is meant: a restore record's own kind ('restore', lib/domain/job-records.ts) is a shape.
            const meant = /operation/i.test(code);
            return meant && kinds.some((k) => code.includes(k)) ? [`${f}:${i + 1}: ${code}`] : [];
          }),
      );
    expect(spelled).toEqual([]);
  });

  it.each(OPERATION_DECLARATIONS.map((d) => [d.kind, d] as const))(
    '%s has every word, its done group and outcomes',
    (_kind, d) => {
      for (const [name, word] of Object.entries(d.words)) expect(word, name).toMatch(/\S/);
      expect(OUTCOME_GROUPS).toContain(d.doneGroup);
      expect(OUTCOME_GROUP_LABEL[d.doneGroup]).toBe(d.words.doneLabel);
      expect(d.notified.length).toBeGreaterThan(0);
      for (const kind of d.notified) expect(Object.keys(d.outcomes)).toContain(kind);
    },
  );

  it('every outcome kind of the journal has a label and a group, from one declaration', () => {
    for (const kind of OUTCOME_KINDS) {
      expect(OUTCOME_LABEL[kind], kind).toMatch(/\S/);
      expect(OUTCOME_GROUPS).toContain(OUTCOME_GROUP[kind]);
    }
    const own = OPERATION_DECLARATIONS.flatMap((d) => Object.keys(d.outcomes));
    expect(new Set(own).size).toBe(own.length); // no outcome kind declared by two operations
  });
});

/** The blocking order of the statuses this pin was written with (most important first). */
const PINNED_ORDER: readonly string[] = [
  'duplicate',
  'unsupported',
  'notFound',
  'pageMismatch',
  'changed',
  'closedPeriod',
  'deposited',
  'unverifiable',
  'reconciled',
];

describe('one declaration per preflight status', () => {
  it('every status has its label, and blockers their rank, from its declaration', () => {
    expect(PREFLIGHT_STATUSES).toEqual(Object.keys(STATUS_DECLARATIONS));
    for (const s of PREFLIGHT_STATUSES) {
      expect(STATUS_LABEL[s], s).toBe(STATUS_DECLARATIONS[s].label);
      expect(STATUS_LABEL[s]).toMatch(/\S/);
    }
    // The blockers' order as it stands, pinned; a status added later may take its rank anywhere (its
    // declaration says where) without reordering these.
    const known = new Set<string>(PINNED_ORDER);
    expect(STATUS_ORDER.filter((s) => known.has(s))).toEqual(PINNED_ORDER);
    expect(new Set(PINNED_ORDER).size).toBe(PINNED_ORDER.length);
  });

  it('no module outside lib/domain/statuses.ts keys a table by every status', () => {
    const keyed = filesUnder(join(process.cwd(), 'lib'))
      .map((f) => f.slice(process.cwd().length + 1))
      .filter((f) => f !== 'lib/domain/statuses.ts')
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return PREFLIGHT_STATUSES.filter((s) => new RegExp(`^\\s+${s}: `, 'm').test(text)).length >= 6;
      });
    expect(keyed).toEqual([]);
  });
});
