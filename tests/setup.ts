import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/preact';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';

// Every test starts with empty IndexedDB (the audit log); a "restart" within a test keeps it.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  cleanup();
});
