// @vitest-environment happy-dom
/** The page's own "N selected" counter: read cheaply, sent with every report, and a report of its own when it changes. */
import { afterEach, describe, expect, it } from 'vitest';
import { readSelectedCounter } from '../../lib/collect/page-counter';
import { SELECTED_COUNTER } from '../../tools/simulator/pages/markup';
import { rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

afterEach(() => {
  document.body.innerHTML = '';
});

const value = (html: string) => {
  document.body.innerHTML = html;
  return readSelectedCounter(document)?.value;
};

describe('readSelectedCounter', () => {
  it('reads "N selected" from a live region or a counter class, with thousands separators', () => {
    expect(value('<div role="status">3 selected</div>')).toBe(3);
    expect(value('<div aria-live="polite"><span> 1,234  Selected </span></div>')).toBe(1234);
    expect(
      value('<div class="toolbar"><span class="bulk__selected-count">48 selected</span><button>Delete</button></div>'),
    ).toBe(48);
  });

  it('skips hidden counters, other wording, and live regions that wrap the list', () => {
    expect(value('<div role="status" hidden>3 selected</div>')).toBeUndefined();
    expect(value('<div role="status">Selected: 3</div>')).toBeUndefined();
    expect(value('<div role="status">3 selected of 20</div>')).toBeUndefined();
    expect(value('<table aria-live="polite"><tr><td>3 selected</td></tr></table>')).toBeUndefined();
    expect(value('<div role="status">99999999999 selected</div>')).toBeUndefined();
  });
});

describe('the counter in reports', () => {
  it('goes with every report, and a change alone sends a report (a virtualized page claims more than it shows)', async () => {
    mountPage('sim-sales-table.html');
    document.body.insertAdjacentHTML('afterbegin', SELECTED_COUNTER);
    const counter = document.querySelector('.selected-count') as HTMLElement;
    const { person, sent, tick } = startHarness('https://app.qbo.intuit.com/app/sales');
    await tick();
    expect(sent()).toEqual([]); // nothing ticked, no counter: nothing to say
    person.click(rowBoxes()[0]);
    counter.hidden = false;
    counter.textContent = '1 selected';
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.page).toEqual({ claimedSelected: 1, seenSelected: 1 });
    counter.textContent = '300 selected';
    await tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toMatchObject({ added: [], pageTicked: [], removed: [], snapshot: false });
    expect(sent()[1]?.page).toEqual({ claimedSelected: 300, seenSelected: 1 });
    document.body.append(document.createElement('div'));
    await tick();
    expect(sent()).toHaveLength(2); // unchanged figures: nothing sent
  });
});
