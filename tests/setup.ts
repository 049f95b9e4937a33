import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';

// Every test starts with empty IndexedDB (the audit log); a "restart" within a test keeps it.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

// Only DOM tests (`@vitest-environment happy-dom`) render, so only they unmount: importing the
// testing library costs 0.7–1 s per file, which the 200-odd node-environment files need not pay.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/preact');
  afterEach(() => {
    cleanup();
  });
}
