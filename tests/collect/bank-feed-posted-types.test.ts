// @vitest-environment happy-dom
/**
 * The bank feed's Posted tab shows no Type column, so the collector must send the types a recorded
 * bank transaction can be with each ticked row: without them the resolver cannot read the row
 * ("Can't read this row") and a Posted row could never be deleted (issue 20: "Rows on Posted … are
 * collected like any other"). Found by the acceptance e2e (tests/e2e/rows-by-what-they-show.spec.ts).
 * The page: the simulator's Posted tab as saved by tests/fixtures/pages/save-real-pages.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readShown } from '../../lib/resolve/read-shown';
import { startHarness } from './harness';
import { mountPage } from './load-page';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the bank feed’s Posted tab', () => {
  it('sends each ticked row with the types a bank transaction can be, and the resolver can read it', async () => {
    mountPage('sim-bankfeed-posted.html');
    const { person, sent, tick } = startHarness('https://app.qbo.intuit.com/app/banking?tab=posted');
    await tick();
    const boxes = [...document.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    person.click(boxes[0] as HTMLInputElement);
    person.click(boxes[1] as HTMLInputElement);
    await tick();
    const rows = sent().flatMap((r) => r.addedRows ?? []);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.shown.type).toBeUndefined();
      expect(row.entities).toEqual(expect.arrayContaining(['Purchase', 'Deposit', 'Transfer', 'BillPayment']));
      const reading = readShown(row);
      expect('kind' in reading ? reading : undefined).toBeUndefined();
    }
  });
});
