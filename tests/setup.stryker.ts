/**
 * The setup of vitest.stryker.config.ts: tests/setup.ts without @testing-library/preact (no test
 * that mutation testing runs renders a component, and importing it costs more than most of these
 * tests take). Every test still starts with an empty IndexedDB (the audit log).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
