/**
 * The key registry: no two entries can produce the same key (or one a prefix family of another), and
 * no module outside lib/storage spells a storage key or builds its own write queue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type StorageKeyName, storageKey } from '../../lib/storage/keys';
import { createWriteQueue, writeQueueFor } from '../../lib/storage/queue';

/** A key's shape with its variable parts as wildcards, from two different argument sets. */
function samples(name: StorageKeyName): string[] {
  const scopes = [
    { environment: 'production' as const, realmId: '123' },
    { environment: 'sandbox' as const, realmId: '9130350' },
  ];
  const build = storageKey[name] as (...args: unknown[]) => string;
  switch (name) {
    case 'jobRecords':
    case 'jobChunk':
      return [build('0b6a-uuid', 0), build('ff-other', 12)];
    case 'throttle':
      return [build('123'), build('9130350')];
    case 'jobSeal':
      return [build('0b6a-uuid'), build('ff-other')];
    case 'unreadable':
      return [build('sd:jobs'), build('sd:last-page')];
    case 'secrets':
      return [build('production.123'), build('sandbox.9')];
    case 'selection':
    case 'pageTicked':
    case 'rows':
    case 'choice':
    case 'tombstones':
    case 'preflight':
    case 'runs':
      return scopes.map((s) => build(s));
    default:
      return [build()];
  }
}

/**
 * The entry's key family as a regex: segments (between ':') equal in two keys built from different
 * arguments are literal, the others are wildcards.
 */
function pattern(name: StorageKeyName): RegExp {
  const [a, b] = samples(name).map((k) => k.split(':'));
  if (!a) throw new Error(name);
  const other = b ?? a;
  const parts = a.map((seg, i) => (other[i] === seg ? seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[^:]+'));
  return new RegExp(`^${parts.join(':')}$`);
}

describe('storage key registry', () => {
  const names = Object.keys(STORAGE_KEYS) as StorageKeyName[];

  it('every key is in the sd: style and every entry says its area and owner', () => {
    for (const name of names) {
      for (const key of samples(name)) expect(key).toMatch(/^sd:[a-z-]+(:[A-Za-z0-9.-]+)*$/);
      const e = STORAGE_KEYS[name];
      expect(['local', 'session']).toContain(e.area);
      expect(e.owner.length).toBeGreaterThan(0);
    }
  });

  it('no key built by one entry can be mistaken for another entry’s key', () => {
    for (const a of names) {
      for (const key of samples(a)) {
        const owners = names.filter((b) => (b === a ? true : pattern(b).test(key) || samples(b).includes(key)));
        expect({ key, owners }).toEqual({ key, owners: [a] });
      }
    }
  });

  it('different arguments give different keys (scopes never share a key)', () => {
    for (const name of names) {
      const [first, second] = samples(name);
      if (second !== undefined) expect(first).not.toBe(second);
    }
    expect(storageKey.selection({ environment: 'production', realmId: '1' })).not.toBe(
      storageKey.selection({ environment: 'sandbox', realmId: '1' }),
    );
  });

  it('one write queue per storage area, the same for every caller', () => {
    const area = { get: async () => ({}), set: async () => undefined, remove: async () => undefined };
    expect(writeQueueFor(area)).toBe(writeQueueFor(area));
    expect(writeQueueFor(area)).not.toBe(writeQueueFor({ ...area }));
  });

  it('the queue runs tasks one at a time, in order, and a failure does not break it', async () => {
    const q = createWriteQueue();
    const log: string[] = [];
    const slow = q.run(async () => {
      await new Promise((r) => setTimeout(r, 10));
      log.push('a');
    });
    const failing = q.run(async () => {
      log.push('b');
      throw new Error('x');
    });
    const last = q.run(async () => log.push('c'));
    await slow;
    await expect(failing).rejects.toThrow('x');
    await last;
    expect(log).toEqual(['a', 'b', 'c']);
  });
});

describe('nobody else spells a key or builds a queue', () => {
  const roots = ['lib', 'components', 'entrypoints'];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name)) files.push(p);
    }
  };
  for (const r of roots) walk(path.resolve(r));
  const outside = files.filter((f) => !f.includes(`${path.sep}lib${path.sep}storage${path.sep}`));

  it('no storage key literal outside lib/storage', () => {
    const literal =
      /['"`]sd:[a-z]|['"`](selection|preflight|runs|auth)\.[a-z$]|const \w+ = ['"](connections|companyNames|pageIssues)['"]/;
    const offenders = outside.filter((f) => literal.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });

  it('no write queue built outside lib/storage (every store asks writeQueueFor)', () => {
    const offenders = outside.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /createWriteQueue\(/.test(text) || (/StorageArea/.test(text) && /let chain: Promise/.test(text));
    });
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
