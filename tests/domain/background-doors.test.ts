/**
 * The background's doors are narrow: lib/background holds the composition root (app.ts, which
 * builds every service once) and the router (index.ts); every other file, each handler among them,
 * declares the few services it uses and never takes the root's whole bag (`BackgroundCore`) or the
 * browser's (`BackgroundDeps`). The policy a start obeys is a pure function in lib/jobs; the page
 * issues sit with the selection; IndexedDB is handed in, never read from the global.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const read = (f: string) => readFileSync(join(root, f), 'utf8');
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The composition root and the router: the only files that may hold the bags. */
const ROOT = new Set(['lib/background/app.ts', 'lib/background/index.ts', 'lib/background/deps.ts']);

/** Why a background file reaches into a bag (empty when it does not). */
function bagUses(code: string): string[] {
  const src = withoutComments(code);
  const found: string[] = [];
  if (/from\s+['"]\.\/app['"]/.test(src)) found.push("imports './app'");
  if (/\bBackgroundCore\b/.test(src)) found.push('names BackgroundCore');
  if (/\bBackgroundDeps\b/.test(src)) found.push('names BackgroundDeps');
  if (/\bcreateBackgroundCore\b/.test(src)) found.push('builds the root');
  return found;
}

const backgroundFiles = () =>
  readdirSync(join(root, 'lib/background'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `lib/background/${f}`);

describe("the background's doors", () => {
  it('no file but the composition root and the router takes the bag of services or of browser APIs', () => {
    const offenders = backgroundFiles()
      .filter((f) => !ROOT.has(f))
      .flatMap((f) => bagUses(read(f)).map((why) => `${f}: ${why}`));
    expect(offenders).toEqual([]);
  });

  it('each group of handlers declares the services it uses, and types its handlers with them', () => {
    const handlerFiles = backgroundFiles().filter((f) => /-handlers\.ts$|selection-report\.ts$/.test(f));
    expect(handlerFiles.length).toBeGreaterThanOrEqual(6);
    for (const f of handlerFiles) {
      const src = withoutComments(read(f));
      expect(src, f).toMatch(/export (interface|type) \w+Services\b/);
      // The handler map's context is one services object, never `(core, deps)`.
      expect(src, f).not.toMatch(/\(msg, core\b|\bcore: |\bdeps: /);
    }
  });

  it('the scanner names a file that reaches into a bag, and passes one that declares its own', () => {
    expect(
      bagUses("import type { BackgroundCore } from './app';\nexport const h = (core: BackgroundCore) => core;"),
    ).toEqual(["imports './app'", 'names BackgroundCore']);
    expect(bagUses("import type { BackgroundDeps } from './deps';")).toEqual(['names BackgroundDeps']);
    expect(bagUses('// BackgroundCore was the bag\nexport interface FindServices { now(): number }')).toEqual([]);
  });

  it('the start policy is one pure function in lib/jobs: no promise, no storage, no browser', () => {
    for (const f of ['lib/jobs/start-policy.ts', 'lib/jobs/start-policy-room.ts']) {
      const src = withoutComments(read(f));
      expect(src, f).not.toMatch(/\basync\b|\bawait\b|\bPromise\b/);
      expect(src, f).not.toMatch(/from '\.\.\/(storage|background|connection|audit)\/|from '\.\.\/qbo\/client'/);
    }
    expect(read('lib/jobs/start-policy.ts')).toMatch(/export function decideStart\(/);
  });

  it('the page issues sit with the selection', () => {
    expect(existsSync(join(root, 'lib/selection/page-issues.ts'))).toBe(true);
    expect(existsSync(join(root, 'lib/background/page-issues.ts'))).toBe(false);
  });

  it('IndexedDB reaches lib/ as a dependency (an IDBFactory argument), never as the global', () => {
    /** Still opened in the global IndexedDB, and why. */
    const GLOBAL_IDB: Record<string, string> = {
      'lib/journal/job-seal.ts':
        'the job seal key: created inside the journal, which the runner builds (to thread next)',
    };
    const lib = readdirSync(join(root, 'lib'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `lib/${f}`);
    const offenders = lib.filter((f) => {
      const src = withoutComments(read(f));
      const global = /\bglobalThis\.indexedDB\b|(?<![.\w])indexedDB\.open\(|\bopenDB\b/.test(src);
      return global && !GLOBAL_IDB[f];
    });
    expect(offenders).toEqual([]);
    expect(read('lib/background/deps.ts')).toMatch(/\bindexedDB: IDBFactory;/);
  });

  it('the restore is a service in lib/restore, and the background keeps no restore orchestration', () => {
    expect(read('lib/restore/service.ts')).toMatch(/export function createRestoreService\(/);
    expect(existsSync(join(root, 'lib/background/restore.ts'))).toBe(false);
    const jobHandlers = withoutComments(read('lib/background/job-handlers.ts'));
    expect(jobHandlers).not.toMatch(/planRestore|restoreChunks|readPreferences/);
  });
});
