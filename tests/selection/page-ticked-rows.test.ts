/**
 * Rows known by what they show that a page ticked (no gesture of the person): kept in the company's
 * page-ticked list under their row key, never in the selection nor among the rows to resolve, until
 * the person ticks them on the page or adds them in Safe Delete (then they are resolved as if the
 * person had ticked them, at that time). Tombstones, the cap and "Clear" hold as for records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyReport, type Lists } from '../../lib/selection/apply-report';
import { createSelectionStore, MAX_PAGE_TICKED, type Scope } from '../../lib/selection/store';

const T0 = Date.UTC(2026, 10, 3, 9);
const scope: Scope = { realmId: '9341', environment: 'production' };
const shown = { date: '11/03/2026', number: '1047', amount: '$120.00', name: 'Cool Cars' };
const KEY = 'row:invoices:abc';
const row = (tickedAt: number, rowKey = KEY) => ({
  rowKey,
  shown,
  entities: ['Invoice' as const],
  shownAt: T0,
  tickedAt,
});
const empty: Lists = { selection: {}, pageTicked: {}, tombstones: {}, rows: {} };

beforeEach(() => fakeBrowser.reset());

describe('applyReport: a row the page ticked', () => {
  it('is stored in the page-ticked list by its row key, with what it shows; not selected, not to resolve', () => {
    const out = applyReport(empty, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 10);
    expect(out.pageTicked).toEqual({
      [KEY]: { rowKey: KEY, shown, entities: ['Invoice'], shownAt: T0, tickedAt: T0, addedAt: T0 + 10 },
    });
    expect(out.selection).toEqual({});
    expect(out.rows).toEqual({});
    expect(out.enteredRows).toEqual([]);
  });

  it('a later tick of the person moves it into the rows to resolve, at the tick’s time', () => {
    const first = applyReport(empty, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 10);
    const out = applyReport(first, { added: [], removed: [], addedRows: [row(T0 + 50)] }, T0 + 60);
    expect(out.pageTicked).toEqual({});
    expect(out.enteredRows).toEqual([KEY]);
    expect(out.rows[KEY]?.tickedAt).toBe(T0 + 50);
    // Sent again as the page's (a snapshot): it stays the person's.
    const again = applyReport(out, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 70);
    expect(again.pageTicked).toEqual({});
    expect(Object.keys(again.rows)).toEqual([KEY]);
  });

  it('unticked on the page it leaves the list; a tombstone newer than its tick keeps it out', () => {
    const first = applyReport(empty, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 10);
    expect(applyReport(first, { added: [], removed: [], removedRows: [KEY] }, T0 + 20).pageTicked).toEqual({});
    const tomb = { ...empty, tombstones: { [KEY]: T0 + 5 } };
    expect(applyReport(tomb, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 10).pageTicked).toEqual({});
    expect(
      Object.keys(applyReport(tomb, { added: [], removed: [], pageTickedRows: [row(T0 + 6)] }, T0 + 10).pageTicked),
    ).toEqual([KEY]);
  });

  it('the page-ticked list’s cap holds for rows too', () => {
    const pageTicked: Lists['pageTicked'] = {};
    for (let i = 0; i < MAX_PAGE_TICKED; i += 1)
      pageTicked[`Invoice:${i + 1}`] = { entity: 'Invoice', id: String(i + 1), shownAt: T0, addedAt: T0 };
    const out = applyReport({ ...empty, pageTicked }, { added: [], removed: [], pageTickedRows: [row(T0)] }, T0 + 10);
    expect(out.pageTicked[KEY]).toBeUndefined();
    expect(out.overCap).toBe(1);
  });
});

describe('the store', () => {
  it('keeps it through a read; "Add these" moves it into the rows to resolve with the adopt time', async () => {
    let now = T0 + 1_000;
    const store = createSelectionStore(fakeBrowser.storage.local, () => now);
    await store.report(scope, { added: [], removed: [], pageTickedRows: [row(T0)] });
    expect(Object.keys(await store.readPageTicked(scope))).toEqual([KEY]);
    expect(await store.read(scope)).toEqual({});
    expect(await store.readRows(scope)).toEqual({});
    now += 5_000;
    const adopted = await store.adopt(scope, [KEY]);
    expect(adopted).toMatchObject({ entered: [], enteredRows: [KEY], overCap: 0 });
    expect(await store.readPageTicked(scope)).toEqual({});
    expect(await store.readRows(scope)).toEqual({
      [KEY]: { rowKey: KEY, shown, entities: ['Invoice'], shownAt: T0, tickedAt: now, addedAt: now },
    });
  });

  it('"Clear" empties it and tombstones its key: the page reporting it again does not bring it back', async () => {
    let now = T0 + 1_000;
    const store = createSelectionStore(fakeBrowser.storage.local, () => now);
    await store.report(scope, { added: [], removed: [], pageTickedRows: [row(T0)] });
    now += 1_000;
    await store.clear(scope);
    expect(await store.readPageTicked(scope)).toEqual({});
    expect((await store.readTombstones(scope))[KEY]).toBe(now);
    await store.report(scope, { added: [], removed: [], pageTickedRows: [row(T0)] });
    expect(await store.readPageTicked(scope)).toEqual({});
  });
});
