/**
 * "Remove" and "Clear selection" stick for a row known by what it shows once the resolver has tied it
 * to a record: the page still shows the row ticked and reports it again by its row key (a re-scan
 * after the address changed); that report is refused, and only a newer tick of the person brings it
 * back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RowResolution } from '../../lib/resolve/types';
import { createSelectionStore, type Scope } from '../../lib/selection/store';

const T0 = Date.UTC(2026, 10, 3, 9);
const scope: Scope = { realmId: '9341', environment: 'production' };
const shown = { date: '11/03/2026', number: '1047', amount: '$120.00', name: 'Cool Cars' };
const row = (tickedAt: number) => ({ rowKey: 'row:invoices:abc', shown, shownAt: T0, tickedAt });
const matched = new Map<string, RowResolution>([
  [
    'row:invoices:abc',
    { kind: 'match', candidate: { entity: 'Invoice', id: '12', number: '1047', date: '2026-11-03', amount: 120 } },
  ],
]);

beforeEach(() => fakeBrowser.reset());

describe.each(['remove', 'clear'] as const)('%s on a resolved row', (how) => {
  it('the row reported again by its key stays out; a newer tick brings it back', async () => {
    let now = T0 + 1_000;
    const store = createSelectionStore(fakeBrowser.storage.local, () => now);
    await store.report(scope, { added: [], removed: [], addedRows: [row(T0)] });
    expect(await store.settleRows(scope, matched)).toEqual(['Invoice:12']);
    expect(Object.keys(await store.readRows(scope))).toEqual([]);
    now += 1_000;
    if (how === 'remove') await store.remove(scope, ['Invoice:12']);
    else await store.clear(scope);
    now += 1_000;
    await store.report(scope, { added: [], removed: [], addedRows: [row(T0)] });
    expect(await store.read(scope)).toEqual({});
    expect(await store.readRows(scope)).toEqual({});
    await store.report(scope, { added: [], removed: [], addedRows: [row(now)] });
    expect(Object.keys(await store.readRows(scope))).toEqual(['row:invoices:abc']);
  });
});
