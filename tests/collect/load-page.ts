import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Vitest runs from the repository root (happy-dom makes import.meta.url an http URL).
export const PAGES_DIR = join(process.cwd(), 'tests/fixtures/pages');

export function savedPageFiles(): string[] {
  return readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html'));
}

/** A saved page (tests/fixtures/pages/<file>) as a Document, parsed by the test's DOM (happy-dom). */
export function loadPage(file: string): Document {
  return new DOMParser().parseFromString(readFileSync(join(PAGES_DIR, file), 'utf8'), 'text/html');
}

/** Replaces the test document's body with a saved page's body (for tests that need live events). */
export function mountPage(file: string): void {
  document.body.innerHTML = loadPage(file).body.innerHTML;
}
