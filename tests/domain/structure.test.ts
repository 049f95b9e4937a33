/**
 * Each concept of the domain's vocabulary is defined once, in lib/domain. The digits pattern of realm
 * ids, record Ids and SyncTokens, and the environments, appear nowhere else in the product's sources
 * (a composite pattern that embeds the digits, like the link fast path, is fine).
 * Every module of the product (lib/, components/, entrypoints/) stays within 300 lines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGITS_ID, ENVIRONMENTS, isRealmId, isSyncToken } from '../../lib/domain/ids';
import { parseRecordKey, recordKey } from '../../lib/domain/record-key';
import { EnvironmentSchema, RealmIdSchema } from '../../lib/domain/schemas';
import { readSource, sourceFiles, withoutComments } from '../support/imports';

const sources = (dir: string) => sourceFiles(dir, /\.(ts|tsx)$/);
/** A file's code without its comments (a comment may name a shape). */
const code = (f: string) => withoutComments(readSource(f) ?? '');
const PRODUCT = ['lib', 'components', 'entrypoints'].flatMap(sources).filter((f) => !f.startsWith('lib/domain/'));

describe('the domain vocabulary is defined once', () => {
  it.each([
    ['the digits-id pattern', /\/\^\[0-9\]\{1,20\}\$\//],
    ['the environment union', /'production' \| 'sandbox'/],
    ['the environment enum', /enum\(\[\s*'production',\s*'sandbox'\s*\]\)/],
    ['a record key built by hand', /`\$\{[^}]+\}:\$\{[^}]+\}`/],
    ['an outcome-group type', /type OutcomeGroup\s*=/],
    ['a preflight status type', /type (PreflightStatus|BlockingStatus|CheckStatus)\s*=/],
    ['a list of preflight statuses', /=\s*\[\s*'ready',\s*'reconciled'/],
    ['a set of active job states', /new Set\(\[\s*'(created|running)'/],
  ])('%s appears only in lib/domain', (_name, pattern) => {
    const offenders = PRODUCT.filter((f) => pattern.test(code(f)));
    expect(offenders).toEqual([]);
  });

  it('the definitions accept what the service sends and refuse the rest', () => {
    for (const good of ['1', '9130350000000001', '12345678901234567890']) {
      expect(isRealmId(good)).toBe(true);
      expect(RealmIdSchema.safeParse(good).success).toBe(true);
    }
    for (const bad of ['', '123456789012345678901', '1a', ' 1', '١٢٣', 1, undefined]) {
      expect(isRealmId(bad)).toBe(false);
      expect(RealmIdSchema.safeParse(bad).success).toBe(false);
    }
    expect(isSyncToken('0')).toBe(true);
    expect(DIGITS_ID.test('12\n')).toBe(false);
    expect(ENVIRONMENTS).toEqual(['production', 'sandbox']);
    expect(EnvironmentSchema.safeParse('staging').success).toBe(false);
  });

  it('a record key round-trips, and only `Name:digits` parses', () => {
    expect(recordKey('Invoice', '115')).toBe('Invoice:115');
    expect(parseRecordKey('Invoice:115')).toEqual({ entity: 'Invoice', id: '115' });
    for (const bad of ['Invoice', ':115', 'Invoice:', 'Invoice:1a', 'In voice:1', "Invoice:1' OR 1=1"]) {
      expect(parseRecordKey(bad), bad).toBeUndefined();
    }
  });
});

/** A file's lines as `wc -l` counts them: the last line's newline ends it, it opens no new one. */
const lineCount = (text: string) => (text.match(/\n/g)?.length ?? 0) + (text === '' || text.endsWith('\n') ? 0 : 1);
const MAX_MODULE_LINES = 300;

describe('modules stay small', () => {
  it(`every .ts/.tsx of lib/, components/ and entrypoints/ has at most ${MAX_MODULE_LINES} lines`, () => {
    const modules = ['lib', 'components', 'entrypoints'].flatMap(sources);
    expect(modules.length).toBeGreaterThan(200);
    const over = modules
      .map((f) => `${f}: ${lineCount(readFileSync(join(process.cwd(), f), 'utf8'))} lines`)
      .filter((line) => Number(/: (\d+) lines$/.exec(line)?.[1]) > MAX_MODULE_LINES);
    expect(over).toEqual([]);
  });

  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount(`${'x\n'.repeat(MAX_MODULE_LINES)}`)).toBe(MAX_MODULE_LINES);
  });
});
