// @vitest-environment happy-dom
/**
 * Removals stick: the background answers an accepted report with the keys it refused (removed in
 * Safe Delete after that tick). Our own register boxes untick; a row still ticked in the web app's
 * own box is not reported again; only a new gesture of the person reports it afresh, with a newer
 * tickedAt. Coming back to the tab (focus, visibilitychange) re-sends a snapshot, so a Clear in the
 * popup reaches the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSelectionTracker } from '../../lib/collect/selection-tracker';
import type { SelectionReportData } from '../../lib/messaging/content-protocol';
import { idOf, keysOf, ownBoxes, rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const SALES = 'https://app.qbo.intuit.com/app/sales';
const REGISTER = 'https://app.qbo.intuit.com/app/register?accountId=35';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A background holding tombstones: refuses a key whose tickedAt is not newer than its removal. */
function backgroundWithTombstones() {
  const tombstones = new Map<string, number>();
  const replyTo = (report: SelectionReportData) => ({
    ok: true,
    data: {
      selected: 0,
      refused: keysOf(report.added).filter((key, i) => {
        const removedAt = tombstones.get(key);
        return removedAt !== undefined && (report.added[i]?.tickedAt ?? 0) <= removedAt;
      }),
    },
  });
  return { tombstones, replyTo };
}

describe('refused keys', () => {
  it('untick our register box when the person comes back; a new trusted tick reports it again, newer', async () => {
    mountPage('sim-register-dgrid.html');
    const bg = backgroundWithTombstones();
    const { clock, person, sent, tick } = startHarness(REGISTER, { replyTo: bg.replyTo });
    const box = () => ownBoxes()[3] as HTMLInputElement;
    const firstAt = clock.now();
    person.click(box());
    await tick();
    const [reported] = keysOf(sent()[0]?.added ?? []);
    // "Clear selection" in the popup, while this tab was in the background.
    clock.advance(10_000);
    bg.tombstones.set(reported as string, clock.now());
    window.dispatchEvent(new Event('focus'));
    await tick();
    expect(sent()[1]?.snapshot).toBe(true);
    expect(keysOf(sent()[1]?.added ?? [])).toEqual([reported]);
    expect(box().checked).toBe(false);
    expect(sent().at(-1)?.page?.seenSelected).toBe(0);
    expect(sent().flatMap((r) => r.removed)).toEqual([]); // the background already knows
    // A script cannot bring it back; the person can, with a new tick.
    box().checked = true;
    document.body.append(document.createElement('div'));
    await tick();
    expect(box().checked).toBe(false);
    clock.advance(5000);
    const againAt = clock.now();
    person.click(box());
    await tick();
    const last = sent().at(-1);
    expect(keysOf(last?.added ?? [])).toEqual([reported]);
    expect(last?.added[0]?.tickedAt).toBe(againAt);
    expect(againAt).toBeGreaterThan(firstAt);
    expect(box().checked).toBe(true);
  });

  it('visibilitychange to visible re-sends a snapshot too', async () => {
    mountPage('sim-register-dgrid.html');
    const { person, sent, tick } = startHarness(REGISTER);
    person.click(ownBoxes()[0]);
    await tick();
    expect(document.visibilityState).toBe('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]?.snapshot).toBe(true);
    expect(sent()[1]?.added).toHaveLength(1);
  });

  it('a row still ticked in the web app’s own box is not reported again after a URL change, until the person ticks it again', async () => {
    mountPage('sim-sales-table.html');
    const bg = backgroundWithTombstones();
    const { clock, person, sent, tick, goTo } = startHarness(SALES, { replyTo: bg.replyTo });
    for (const box of rowBoxes().slice(0, 3)) person.click(box);
    await tick();
    const cleared = keysOf(sent()[0]?.added ?? []);
    expect(cleared).toHaveLength(3);
    clock.advance(10_000);
    for (const key of cleared) bg.tombstones.set(key, clock.now());
    // The app changes its address without re-rendering: the three rows are still ticked.
    goTo(`${SALES}?panel=open`);
    await tick();
    expect(keysOf(sent().at(-1)?.added ?? []).sort()).toEqual([...cleared].sort()); // refused
    goTo(`${SALES}?panel=closed`);
    clock.advance(5000);
    person.click(rowBoxes()[3]);
    person.click(rowBoxes()[4]);
    await tick();
    expect(keysOf(sent().at(-1)?.added ?? [])).toEqual(
      [idOf(rowBoxes()[3]), idOf(rowBoxes()[4])].map((id) => expect.stringContaining(`:${id}`)),
    );
    expect(rowBoxes()[0]?.checked).toBe(true); // the web app's own box is never clicked by us
    // The person unticks and ticks one of the cleared rows again: reported afresh.
    person.click(rowBoxes()[0]);
    await tick();
    person.click(rowBoxes()[0]);
    await tick();
    expect(sent().at(-1)?.added).toEqual([
      expect.objectContaining({ id: idOf(rowBoxes()[0]), tickedAt: clock.now() - 300 }),
    ]);
  });
});

describe('SelectionTracker.refuse', () => {
  it('does not forget a tick newer than the refused one', () => {
    let now = 1000;
    const tracker = createSelectionTracker({ now: () => now });
    const cell = { element: document.createElement('tr'), checkbox: null, selected: true };
    const row = { entity: 'Invoice' as const, id: '7', key: 'Invoice:7', selected: true, cells: [cell] };
    let tickAt = 1000;
    const judge = {
      personTick: () => ({ at: tickAt, via: 'row' as const }),
      ownTick: () => undefined,
      shown: () => undefined,
    };
    expect(tracker.update([row], false, judge).added).toHaveLength(1);
    row.selected = false;
    cell.selected = false;
    tracker.update([row], false, judge);
    now = 2000;
    tickAt = 2000;
    row.selected = true;
    cell.selected = true;
    expect(tracker.update([row], false, judge).added[0]?.tickedAt).toBe(2000);
    // The refusal of the report sent with tickedAt 1000 arrives late: the newer tick stands.
    expect(tracker.refuse('Invoice:7', 1000)).toBe(false);
    expect(tracker.update([row], true, judge).added[0]?.tickedAt).toBe(2000);
    expect(tracker.refuse('Invoice:7', 2000)).toBe(true);
    expect(tracker.update([row], true, judge).added).toEqual([]);
  });

  it('an own box unticked and ticked again between two scans reports the newer tick', () => {
    const tracker = createSelectionTracker({ now: () => 5000 });
    const cell = { element: document.createElement('div'), checkbox: null, selected: true };
    const row = { entity: 'Deposit' as const, id: '3', key: 'Deposit:3', selected: true, cells: [cell] };
    let ownAt = 1000;
    const judge = {
      personTick: () => ({ at: ownAt, via: 'own' as const }),
      ownTick: () => ownAt,
      shown: () => undefined,
    };
    expect(tracker.update([row], false, judge).added[0]?.tickedAt).toBe(1000);
    expect(tracker.update([row], false, judge).added).toEqual([]);
    ownAt = 3000;
    expect(tracker.update([row], false, judge).added[0]?.tickedAt).toBe(3000);
    expect(tracker.refuse('Deposit:3', 1000)).toBe(false);
  });
});
