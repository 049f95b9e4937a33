/**
 * What tools/ may import. The simulator reaches none of the product's code (lib/, components/,
 * entrypoints/), directly or through another file of the repository, type-only imports included: a
 * fake that imports the product's tables mirrors a wrong table instead of catching it; the simulator
 * has its own (tools/simulator/service-names.ts), compared with the product's in
 * tests/simulator/tables-agree.test.ts. And no tool reaches tests/: what the tests and the tools
 * share (page objects, the fake client, the report writer) lives in tools/support/, which the tests
 * import, never the other way round.
 */
import { describe, expect, it } from 'vitest';
import { importsReaching, sourceFiles } from '../support/imports';

const PRODUCT = /^(lib|components|entrypoints)(\/|$)/;
const TESTS = /^tests(\/|$)/;

describe('the simulator imports nothing from the product', () => {
  it('no file under tools/simulator reaches lib/, components/ or entrypoints/, even through another file', () => {
    const files = sourceFiles('tools/simulator');
    expect(files.length).toBeGreaterThan(40);
    expect(importsReaching(files, PRODUCT)).toEqual([]);
  });
});

describe('tools/ imports nothing from tests/', () => {
  it('no file under tools/ reaches tests/, even through another file', () => {
    const files = sourceFiles('tools');
    expect(files).toEqual(expect.arrayContaining(['tools/demo/demo.ts', 'tools/support/pages/popup.ts']));
    expect(importsReaching(files, TESTS)).toEqual([]);
  });

  it('the rule names the imports tools/ used to borrow from tests/', () => {
    const files: Record<string, string> = {
      'tools/bench/wake.ts': "import { type FakeClient, fakeClient } from '../../tests/support/fake-client';",
      'tools/demo/demo.ts': "import { FirefoxLedger } from '../../tests/e2e-firefox/pages/ledger';",
      'tools/simulator/scenarios/report-export.ts':
        "const { toCsv } = await import('../../../tests/fixtures/report-exports/make');",
      'tools/support/pages/ledger.ts': "import { expect } from '@playwright/test';",
    };
    const tree = { read: (p: string) => files[p] };
    expect(importsReaching(Object.keys(files), TESTS, tree)).toEqual([
      'tools/bench/wake.ts → ../../tests/support/fake-client',
      'tools/demo/demo.ts → ../../tests/e2e-firefox/pages/ledger',
      'tools/simulator/scenarios/report-export.ts → ../../../tests/fixtures/report-exports/make',
    ]);
  });
});
