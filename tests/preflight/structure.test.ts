/** The repository's own structure: one file per preflight check, each registered, named by its id. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_CHECK_IDS, RECORD_CHECKS } from '../../lib/preflight/checks/index';

const dir = join(import.meta.dirname, '../../lib/preflight/checks');

describe('preflight structure', () => {
  it('every check file is registered under its file name, and every registered check has a file', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    const registered = [...RECORD_CHECKS.map((c) => c.id), ...INPUT_CHECK_IDS].sort();
    expect(registered).toEqual(files);
  });
});
