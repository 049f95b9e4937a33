/** R2's one membership rule, used by the preflight's index and the runner's re-check alike. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reconciledSet } from '../../lib/qbo/reconciled-set';

describe('reconciledSet', () => {
  it('matches Id with its entity, or an Id whose row names no entity; never another entity’s Id', () => {
    const set = reconciledSet([{ id: '7', entity: 'Invoice' }, { id: '9' }]);
    expect(set.has('Invoice', '7')).toBe(true);
    expect(set.has('Bill', '7')).toBe(false);
    expect(set.has('Bill', '9')).toBe(true); // the report did not say which type: treat it as reconciled
    expect(set.has('Invoice', '8')).toBe(false);
    set.add([{ id: '8', entity: 'Invoice' }]);
    expect(set.has('Invoice', '8')).toBe(true);
  });

  it('is the only place the rule is written: the preflight index and the runner both use it', () => {
    for (const file of ['lib/preflight/reconciled-index.ts', 'lib/jobs/recheck.ts']) {
      expect(readFileSync(file, 'utf8'), file).toMatch(/reconciledSet\(/);
    }
    for (const file of ['lib/preflight/reconciled-index.ts', 'lib/jobs/recheck.ts', 'lib/jobs/classify.ts']) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/entity === undefined|idOnly/);
    }
  });
});
