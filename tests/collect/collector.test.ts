// @vitest-environment happy-dom
import { screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWN_CHECKBOX_ATTR, OWN_CHECKBOX_LABEL } from '../../lib/collect/checkbox';
import { startCollector } from '../../lib/collect/collector';
import { type SelectionReport, SelectionReportSchema } from '../../lib/collect/selection-message';
import { createFakeTimers, settle } from './fake-timers';
import { mountPage } from './load-page';

const REGISTER = 'https://app.qbo.intuit.com/app/register?accountId=35';
const SALES = 'https://app.qbo.intuit.com/app/sales';

function start(url: string, send = vi.fn(async (_: SelectionReport) => undefined)) {
  const clock = createFakeTimers();
  const controller = new AbortController();
  let location = url;
  let navigate: () => void = () => {};
  const collector = startCollector({
    document,
    location: () => location,
    now: clock.now,
    send,
    signal: controller.signal,
    onLocationChange: (listener) => {
      navigate = listener;
    },
    timers: clock.timers,
  });
  const sent = () => send.mock.calls.map(([m]) => m.data);
  /** Lets the DOM settle, the debounce pass and queued sends finish. */
  const tick = async () => {
    await settle();
    clock.advance(150);
    await collector.idle();
  };
  const goTo = (next: string) => {
    location = next;
    navigate();
  };
  return { clock, controller, collector, send, sent, tick, goTo };
}

const ownBoxes = () => [...document.querySelectorAll<HTMLInputElement>(`input[${OWN_CHECKBOX_ATTR}]`)];
const keysOf = (items: { entity: string; id: string }[]) => items.map((i) => `${i.entity}:${i.id}`);
const rowBoxes = () => [...document.querySelectorAll<HTMLInputElement>('tr.txn-row input[type=checkbox]')];

describe('collector on an account register (rows without checkboxes)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('gives each row our checkbox named exactly "Select for deletion", and sends nothing while nothing is ticked', async () => {
    mountPage('sim-register-dgrid.html');
    const { send, tick } = start(REGISTER);
    await tick();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(40);
    // The accessible name as assistive technology computes it, matched exactly.
    expect(screen.getAllByRole('checkbox', { name: OWN_CHECKBOX_LABEL, exact: true })).toEqual(boxes);
    for (const box of boxes) expect(box.closest('.dgrid-row')).not.toBeNull();
    expect(OWN_CHECKBOX_LABEL).toBe('Select for deletion');
    expect(send).not.toHaveBeenCalled();
  });

  it('reports a tick as a delta with the first-seen time, and keeps the click away from the app', async () => {
    mountPage('sim-register-dgrid.html');
    const rowClicks = vi.fn();
    document.querySelector('.dgrid-content')?.addEventListener('click', rowClicks);
    const { clock, sent, tick } = start(REGISTER);
    const shownAt = clock.now();
    clock.advance(5000);
    ownBoxes()[2]?.click();
    await tick();
    expect(rowClicks).not.toHaveBeenCalled();
    const [report] = sent();
    expect(report?.snapshot).toBe(false);
    expect(report?.replace).toBe(false);
    expect(report?.added).toEqual([{ ...report?.added[0], shownAt }]);
    expect(report?.removed).toEqual([]);
    expect(report?.pageUrl).toBe(REGISTER);
    expect(report?.host).toBe('app.qbo.intuit.com');
  });

  it('shift-click selects the range from the last clicked row, then unticks it the same way', async () => {
    mountPage('sim-register-dgrid.html');
    const { sent, tick } = start(REGISTER);
    const boxes = ownBoxes();
    boxes[3]?.click();
    await tick();
    boxes[8]?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
    await tick();
    expect(
      boxes
        .map((b) => b.checked)
        .map((c, i) => (c ? i : -1))
        .filter((i) => i >= 0),
    ).toEqual([3, 4, 5, 6, 7, 8]);
    expect(sent()[1]?.added).toHaveLength(5);
    // Shift-click upwards to untick 5..8 (this box's new state wins, both ends included).
    boxes[5]?.click();
    await tick();
    expect(boxes[5]?.checked).toBe(false);
    boxes[8]?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
    await tick();
    expect(
      boxes
        .map((b) => b.checked)
        .map((c, i) => (c ? i : -1))
        .filter((i) => i >= 0),
    ).toEqual([3, 4]);
    const removed = sent().flatMap((r) => r.removed);
    expect(removed).toHaveLength(4);
  });

  it('restores our ticks when the register re-renders, without re-sending', async () => {
    mountPage('sim-register-dgrid.html');
    const { sent, tick } = start(REGISTER);
    ownBoxes()[0]?.click();
    await tick();
    expect(sent()).toHaveLength(1);
    mountPage('sim-register-dgrid.html');
    await tick();
    expect(ownBoxes()[0]?.checked).toBe(true);
    expect(ownBoxes().filter((b) => b.checked)).toHaveLength(1);
    expect(sent()).toHaveLength(1);
  });
});

describe('collector on list pages and client-side navigation', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('sends only deltas, a snapshot after navigation, and never removes rows it did not see unticked', async () => {
    mountPage('sim-sales-table.html');
    const { sent, tick, goTo } = start(SALES);
    rowBoxes()[0]?.click();
    rowBoxes()[1]?.click();
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.added).toHaveLength(2);
    rowBoxes()[2]?.click();
    await tick();
    expect(sent()[1]?.added).toHaveLength(1);
    expect(sent()[1]?.snapshot).toBe(false);

    // Navigate away (a page with nothing ticked) and back: the app renders fresh, unticked rows.
    goTo('https://app.qbo.intuit.com/app/invoices');
    mountPage('sim-invoices-aria.html');
    await tick();
    goTo(SALES);
    mountPage('sim-sales-table.html');
    await tick();
    expect(sent().flatMap((r) => r.removed)).toEqual([]);

    // Tick one again: a snapshot lists every ticked row of the page.
    goTo(`${SALES}?page=1`);
    rowBoxes()[5]?.click();
    await tick();
    const snapshot = sent().at(-1);
    expect(snapshot?.snapshot).toBe(true);
    expect(snapshot?.added).toHaveLength(1);

    // Untick a row seen ticked: removed.
    rowBoxes()[5]?.click();
    await tick();
    expect(sent().at(-1)?.removed).toHaveLength(1);
    for (const data of sent()) {
      expect(SelectionReportSchema.safeParse({ type: 'selection/report', data }).success).toBe(true);
    }
  });

  it('keeps a tick made just before the single-page app swaps the rows out (no 150 ms of quiet)', async () => {
    mountPage('sim-sales-table.html');
    const { clock, sent, tick, goTo } = start(SALES);
    await tick();
    const box = rowBoxes()[2];
    const key = box
      ?.closest('tr')
      ?.querySelector('a')
      ?.getAttribute('href')
      ?.match(/txnId=(\d+)/)?.[1];
    box?.click();
    clock.advance(0); // the click's own task ends; the app's fetch for the next page is still in flight
    mountPage('sim-expenses-table.html'); // the app swaps the rows, long before 150 ms of quiet
    goTo(`${SALES}?page=2`);
    await tick();
    expect(sent().flatMap((r) => r.added.map((a) => a.id))).toContain(key);
  });

  it('sees aria-checked custom checkboxes and the select-all that sets .checked silently', async () => {
    mountPage('sim-invoices-aria.html');
    const { sent, tick } = start('https://app.qbo.intuit.com/app/invoices');
    document.querySelector('[role=row].grid-row [role=checkbox]')?.setAttribute('aria-checked', 'true');
    await tick();
    expect(sent()[0]?.added).toHaveLength(1);

    mountPage('sim-sales-table.html');
    await tick();
    const all = document.querySelector<HTMLInputElement>('input[data-select-all]');
    all?.addEventListener('click', () => {
      for (const box of rowBoxes()) box.checked = all.checked;
    });
    all?.click();
    await tick();
    // 20 rows ticked; the invoice ticked on the previous page was already reported: 19 new.
    expect(sent().at(-1)?.added).toHaveLength(19);
    expect(new Set(sent().flatMap((r) => keysOf(r.added))).size).toBe(20);
  });

  it('sends the initial page as a snapshot and reports no company or environment', async () => {
    mountPage('hand-sandbox-host.html');
    const { sent, tick } = start('https://app.sandbox.qbo.intuit.com/app/expenses');
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ snapshot: true, host: 'app.sandbox.qbo.intuit.com' });
    expect(keysOf(sent()[0]?.added ?? [])).toEqual(['Purchase:11']);
    expect(Object.keys(sent()[0] ?? {}).sort()).toEqual(['added', 'host', 'pageUrl', 'removed', 'replace', 'snapshot']);
  });

  it('keeps changes when the background is unreachable and re-sends them later', async () => {
    mountPage('sim-sales-table.html');
    const send = vi.fn(async (_: SelectionReport) => undefined);
    send.mockRejectedValueOnce(new Error('Could not establish connection'));
    const { clock, collector, tick } = start(SALES, send);
    rowBoxes()[0]?.click();
    await tick();
    expect(send).toHaveBeenCalledTimes(1);
    clock.advance(2000);
    await collector.idle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].data.added).toHaveLength(1);
  });

  it('stops on abort: no scans, no messages, own-checkbox listeners removed', async () => {
    mountPage('sim-register-dgrid.html');
    const { controller, send, tick } = start(REGISTER);
    controller.abort();
    const rowClicks = vi.fn();
    document.body.addEventListener('click', rowClicks);
    ownBoxes()[0]?.click();
    mountPage('sim-sales-table.html');
    rowBoxes()[0]?.click();
    await tick();
    expect(send).not.toHaveBeenCalled();
    expect(rowClicks).toHaveBeenCalled();
  });
});
