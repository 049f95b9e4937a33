// @vitest-environment happy-dom
import { screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWN_CHECKBOX_LABEL } from '../../lib/collect/checkbox';
import { type ContentMessage, SelectionReportSchema } from '../../lib/messaging/content-protocol';
import { idOf, keysOf, ownBoxes, rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

const REGISTER = 'https://app.qbo.intuit.com/app/register?accountId=35';
const SALES = 'https://app.qbo.intuit.com/app/sales';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('collector on an account register (rows without checkboxes)', () => {
  it('gives each row our checkbox named exactly "Select for deletion", and sends nothing while nothing is ticked', async () => {
    mountPage('sim-register-dgrid.html');
    const { sent, tick } = startHarness(REGISTER);
    await tick();
    const boxes = ownBoxes();
    expect(boxes).toHaveLength(40);
    // The accessible name as assistive technology computes it, matched exactly; reachable by keyboard.
    expect(screen.getAllByRole('checkbox', { name: OWN_CHECKBOX_LABEL, exact: true })).toEqual(boxes);
    for (const box of boxes) {
      expect(box.closest('.dgrid-row')).not.toBeNull();
      expect(box.tabIndex).toBe(0);
      expect(box.attributes).toHaveLength(2); // type and aria-label: no marker a page could read or forge
    }
    expect(OWN_CHECKBOX_LABEL).toBe('Select for deletion');
    expect(sent()).toEqual([]);
  });

  it("reports the person's tick as a delta with the first-seen and the click's times, and keeps the click away from the app", async () => {
    mountPage('sim-register-dgrid.html');
    const rowClicks = vi.fn();
    document.querySelector('.dgrid-content')?.addEventListener('click', rowClicks);
    const { clock, person, sent, tick } = startHarness(REGISTER);
    const shownAt = clock.now();
    clock.advance(5000);
    const clickedAt = clock.now();
    person.click(ownBoxes()[2]);
    await tick();
    expect(rowClicks).not.toHaveBeenCalled();
    const [report] = sent();
    expect(report?.snapshot).toBe(false);
    expect(report?.replace).toBe(false);
    expect(report?.added).toEqual([expect.objectContaining({ id: idOf(ownBoxes()[2]), shownAt, tickedAt: clickedAt })]);
    expect(report?.pageTicked).toEqual([]);
    expect(report?.removed).toEqual([]);
    expect(report?.pageUrl).toBe(REGISTER);
    expect(report?.host).toBe('app.qbo.intuit.com');
  });

  it('shift-click selects the range from the last clicked row, then unticks it the same way', async () => {
    mountPage('sim-register-dgrid.html');
    const { person, sent, tick } = startHarness(REGISTER);
    const boxes = ownBoxes();
    const ticked = () =>
      boxes
        .map((b) => b.checked)
        .map((c, i) => (c ? i : -1))
        .filter((i) => i >= 0);
    person.click(boxes[3]);
    await tick();
    person.click(boxes[8], { shiftKey: true });
    await tick();
    expect(ticked()).toEqual([3, 4, 5, 6, 7, 8]);
    expect(sent()[1]?.added).toHaveLength(5);
    // Shift-click upwards to untick 5..8 (this box's new state wins, both ends included).
    person.click(boxes[5]);
    await tick();
    expect(boxes[5]?.checked).toBe(false);
    person.click(boxes[8], { shiftKey: true });
    await tick();
    expect(ticked()).toEqual([3, 4]);
    expect(sent().flatMap((r) => r.removed)).toHaveLength(4);
  });

  it('restores our ticks when the register re-renders, without re-sending', async () => {
    mountPage('sim-register-dgrid.html');
    const { person, sent, tick } = startHarness(REGISTER);
    person.click(ownBoxes()[0]);
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
  it('sends only deltas, a snapshot after navigation, and never removes rows it did not see unticked', async () => {
    mountPage('sim-sales-table.html');
    const { person, sent, tick, goTo } = startHarness(SALES);
    person.click(rowBoxes()[0]);
    person.click(rowBoxes()[1]);
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.added).toHaveLength(2);
    person.click(rowBoxes()[2]);
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
    person.click(rowBoxes()[5]);
    await tick();
    const snapshot = sent().at(-1);
    expect(snapshot?.snapshot).toBe(true);
    expect(snapshot?.added).toHaveLength(1);

    // Untick a row seen ticked: removed.
    person.click(rowBoxes()[5]);
    await tick();
    expect(sent().at(-1)?.removed).toHaveLength(1);
    for (const data of sent()) {
      expect(SelectionReportSchema.safeParse({ type: 'selection/report', data }).success).toBe(true);
    }
  });

  it('keeps a tick made just before the single-page app swaps the rows out (no 150 ms of quiet)', async () => {
    mountPage('sim-sales-table.html');
    const { clock, person, sent, tick, goTo } = startHarness(SALES);
    await tick();
    const box = rowBoxes()[2];
    const key = idOf(box);
    person.click(box);
    clock.advance(0); // the click's own task ends; the app's fetch for the next page is still in flight
    mountPage('sim-expenses-table.html'); // the app swaps the rows, long before 150 ms of quiet
    goTo(`${SALES}?page=2`);
    await tick();
    expect(sent().flatMap((r) => r.added.map((a) => a.id))).toContain(key);
  });

  it('sees aria-checked custom checkboxes and the select-all that sets .checked silently', async () => {
    mountPage('sim-invoices-aria.html');
    const { person, sent, tick } = startHarness('https://app.qbo.intuit.com/app/invoices');
    const box = document.querySelector('[role=row].grid-row [role=checkbox]');
    box?.addEventListener('click', () => box.setAttribute('aria-checked', 'true'));
    person.click(box);
    await tick();
    expect(sent()[0]?.added).toHaveLength(1);

    mountPage('sim-sales-table.html');
    await tick();
    const all = document.querySelector<HTMLInputElement>('input[data-select-all]');
    all?.addEventListener('click', () => {
      for (const b of rowBoxes()) b.checked = all.checked;
    });
    person.click(all);
    await tick();
    // 20 rows ticked; the invoice ticked on the previous page was already reported: 19 new.
    expect(sent().at(-1)?.added).toHaveLength(19);
    expect(new Set(sent().flatMap((r) => keysOf(r.added))).size).toBe(20);
    expect(sent().flatMap((r) => r.pageTicked)).toEqual([]);
  });

  it('sends the initial page as a snapshot, with the page company and no environment', async () => {
    mountPage('hand-sandbox-host.html');
    const { sent, tick } = startHarness('https://app.sandbox.qbo.intuit.com/app/expenses');
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ snapshot: true, host: 'app.sandbox.qbo.intuit.com' });
    // Ticked in the saved page before the collector ran: the page's tick, not the person's.
    expect(keysOf(sent()[0]?.pageTicked ?? [])).toEqual(['Purchase:11']);
    expect(sent()[0]?.added).toEqual([]);
    expect(Object.keys(sent()[0] ?? {}).sort()).toEqual([
      'added',
      'host',
      'page',
      'pageCompany',
      'pageTicked',
      'pageUrl',
      'removed',
      'replace',
      'snapshot',
    ]);
  });

  it('keeps changes when the background is unreachable and re-sends them later', async () => {
    mountPage('sim-sales-table.html');
    const { clock, collector, person, send, sent, tick } = startHarness(SALES);
    await tick();
    send.mockRejectedValueOnce(new Error('Could not establish connection'));
    person.click(rowBoxes()[0]);
    await tick();
    expect(send).toHaveBeenCalledTimes(2); // the hello, then the report that failed
    clock.advance(2000);
    await collector.idle();
    expect(send).toHaveBeenCalledTimes(3);
    expect(sent().at(-1)?.added).toHaveLength(1);
  });

  it('stops on abort: no scans, no messages, own-checkbox listeners removed', async () => {
    mountPage('sim-register-dgrid.html');
    const { controller, person, send, tick } = startHarness(REGISTER);
    controller.abort();
    const rowClicks = vi.fn();
    document.body.addEventListener('click', rowClicks);
    person.click(ownBoxes()[0]);
    mountPage('sim-sales-table.html');
    person.click(rowBoxes()[0]);
    await tick();
    expect(send.mock.calls.filter(([m]: [ContentMessage]) => m.type === 'selection/report')).toEqual([]);
    expect(rowClicks).toHaveBeenCalled();
  });
});
