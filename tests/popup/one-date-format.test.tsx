// @vitest-environment happy-dom
/**
 * One date format on every screen: every date a person reads in the popup and the full view is
 * written as the screens write it ("Dec 31, 2025" in en-US), never as the service sends it
 * (2025-12-31) nor as a QuickBooks list showed it (12/31/2025), nor in a second, longer form
 * ("December 31, 2025"). Inputs are left out: the browser's date field decides how they read.
 */
import { cleanup } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTickedRows } from '../../lib/background/popup-state';
import type { PopupState } from '../../lib/messaging/views';
import { SCREENS } from '../../tools/screens/states';
import { jobView, pageRow, popupState, renderPopup, row } from './fixtures';

const ISO = /\b\d{4}-\d{2}-\d{2}\b/;
const NUMERIC = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
const LONG = /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/;

/** The text the screen shows, inputs left out. */
function screenText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const field of copy.querySelectorAll('input, select, textarea')) field.remove();
  return copy.textContent ?? '';
}

function datesOffFormat(text: string): string[] {
  return [ISO, NUMERIC, LONG].flatMap((re) => text.match(new RegExp(re, 'g')) ?? []);
}

async function expectOneFormat(state: PopupState, label: string) {
  for (const full of [false, true]) {
    await renderPopup(state, {}, { full });
    const text = screenText();
    expect(datesOffFormat(text), `${label} (${full ? 'full view' : 'popup'})`).toEqual([]);
    // Not vacuous: a screen with rows did show their dates, in the one format.
    if (state.selection.length > 0 && !state.job) expect(text, label).toMatch(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/);
    cleanup();
  }
}

afterEach(() => cleanup());

describe('one date format on screen', () => {
  it('every fixture screen of the screens tool, every row of every type and status looked at', async () => {
    for (const screen of SCREENS) {
      const rows = screen.state.selection;
      // The list draws a window of rows: each slice of the selection in turn, so every row is drawn.
      for (let i = 0; i < Math.max(1, rows.length); i += 16)
        await expectOneFormat({ ...screen.state, selection: rows.slice(i, i + 16) }, `${screen.name} rows ${i}+`);
    }
  }, 120_000);

  it('rows as the page showed them, a closed period, and a job paused until the allowance resets', async () => {
    const closed = {
      ...row(2, 'closedPeriod'),
      blockers: [{ status: 'closedPeriod' as const, dated: '2024-03-01', closedThrough: '2024-12-31' }],
    };
    const state = popupState({
      selection: [row(1, 'ready'), closed, { ...pageRow(3, { date: '12/31/2025', number: '1424' }) }],
      pageTicked: pageTickedRows({
        'row:invoices:00aa11': {
          rowKey: 'row:invoices:00aa11',
          shown: { date: '11/20/2026', number: '1037', amount: '$362.07' },
          entities: ['Invoice'],
          shownAt: 1,
          tickedAt: 2,
          addedAt: 2,
        },
      }),
    });
    await renderPopup(state);
    const text = screenText();
    expect(text).toContain('Mar 1, 2024');
    expect(text).toContain('Dec 31, 2025');
    expect(text).toContain('Nov 20, 2026');
    expect(datesOffFormat(text)).toEqual([]);
    cleanup();
    await renderPopup(
      popupState({
        job: jobView({ state: 'paused', paused: { kind: 'allowanceUsedUp', resetsAt: Date.UTC(2026, 11, 1) } }),
      }),
    );
    expect(screenText()).toContain('resets on Dec 1, 2026');
    expect(datesOffFormat(screenText())).toEqual([]);
  });
});
