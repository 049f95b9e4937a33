/**
 * Structure: every stored key is declared once as an item (schema, version, migrations), its version
 * is what its migrations reach, and every migration is one file under lib/storage/migrations/ with
 * its own test under tests/storage/migrations/ that reads the item's version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import { openAuditDb } from '../../lib/audit/db';
import { STORED_ITEMS } from '../../lib/background/stored-items';
import { createInstallationKey } from '../../lib/connection/installation-key';
import { createIdbArea } from '../../lib/storage/idb-area';
import { defineItem } from '../../lib/storage/item';
import { INDEXED_DBS, STORAGE_KEYS } from '../../lib/storage/keys';
import { jobsV2Operation } from '../../lib/storage/migrations/jobs-v2-operation';

const MIGRATIONS_DIR = path.resolve('lib/storage/migrations');
const TESTS_DIR = path.resolve('tests/storage/migrations');
const migrationFiles = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'types.ts' && f !== 'migrate-each.ts')
  .map((f) => f.replace(/\.ts$/, ''));

describe('stored items', () => {
  it('every key of the registry is declared once, with a schema and a version', () => {
    const names = STORED_ITEMS.map((item) => item.name);
    expect([...names].sort()).toEqual(Object.keys(STORAGE_KEYS).sort());
    expect(new Set(names).size).toBe(names.length);
    for (const item of STORED_ITEMS) {
      expect(item.schema, item.name).toBeInstanceOf(z.ZodType);
      expect(Number.isInteger(item.version) && item.version >= 1, item.name).toBe(true);
      expect({ name: item.name, area: item.area, owner: item.owner }).toEqual({
        name: item.name,
        area: STORAGE_KEYS[item.name].area,
        owner: STORAGE_KEYS[item.name].owner,
      });
    }
  });

  it('an item’s version is where its migrations lead, one step each', () => {
    for (const item of STORED_ITEMS) {
      expect(item.migrations.map((m) => [m.item, m.from, m.to])).toEqual(
        Array.from({ length: item.version - 1 }, (_, i) => [item.name, i + 1, i + 2]),
      );
    }
    expect(() => defineItem('jobs', { schema: z.array(z.unknown()), version: 2 })).toThrow(/needs 1 migrations/);
    expect(() =>
      defineItem('runs', { schema: z.array(z.unknown()), version: 2, migrations: [jobsV2Operation] }),
    ).toThrow(/must move runs from 1 to 2/);
  });

  it('each item migration is one file, named <item>-v<to>-…, with its test that reads the item’s version', () => {
    const itemMigrations = STORED_ITEMS.flatMap((item) => item.migrations.map((m) => ({ item, m })));
    for (const { item, m } of itemMigrations) {
      const kebab = item.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const file = migrationFiles.find((f) => f.startsWith(`${kebab}-v${m.to}-`));
      expect(file, `${item.name} ${m.from}→${m.to}`).toBeDefined();
      const test = readFileSync(path.join(TESTS_DIR, `${file}.test.ts`), 'utf8');
      // The test reads the item's declared version (through its declaration or the build's list).
      expect(test, `${file}.test.ts`).toMatch(/\.version\)\.toBe\(|current\(\)/);
    }
    // Every file (the layout's key-style move included) has its own test.
    for (const file of migrationFiles) expect(readdirSync(TESTS_DIR), file).toContain(`${file}.test.ts`);
  });

  it('the IndexedDB databases are declared beside the keys, the audit log’s as lib/audit/db.ts opens it', async () => {
    const db = await import('../../lib/audit/db');
    expect([db.AUDIT_DB_NAME, db.AUDIT_DB_VERSION]).toEqual([INDEXED_DBS.audit.name, INDEXED_DBS.audit.version]);
    const idb = await import('../../lib/storage/idb-area');
    expect(idb.STATE_DB_NAME).toBe(INDEXED_DBS.state.name);
    expect(new Set(Object.values(INDEXED_DBS).map((d) => d.name)).size).toBe(Object.keys(INDEXED_DBS).length);
  });

  it('the database each owner opens is the one declared: its name, its version and its stores', async () => {
    /** The databases a fresh IndexedDB holds after `use`, with each one's version and stores. */
    const opened = async (use: (factory: IDBFactory) => Promise<unknown>) => {
      const factory = new IDBFactory();
      await use(factory);
      return Promise.all(
        (await factory.databases()).map(async ({ name = '', version }) => {
          const request = factory.open(name);
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          const stores = [...db.objectStoreNames].sort();
          db.close();
          return { name, version, stores };
        }),
      );
    };
    const declared = (db: (typeof INDEXED_DBS)[keyof typeof INDEXED_DBS]) => [
      { name: db.name, version: db.version, stores: Object.keys(db.stores).sort() },
    ];
    expect(await opened((f) => createInstallationKey({ indexedDB: () => f, now: Date.now }).thumbprint())).toEqual(
      declared(INDEXED_DBS.installationKey),
    );
    expect(await opened(async (f) => (await openAuditDb(f, INDEXED_DBS.audit.name)).close())).toEqual(
      declared(INDEXED_DBS.audit),
    );
    expect(
      await opened(async (f) => createIdbArea({ indexedDB: f, legacy: fakeBrowser.storage.local }).get('sd:x')),
    ).toEqual(declared(INDEXED_DBS.state));
  });
});
