// @vitest-environment happy-dom
/**
 * Issue 21 §9: rows ticked by the page are not all-or-nothing and not out of sight. A one-line hint
 * at the top says how many and leads to them; each row has its own tick, and "Add the ticked ones"
 * adopts exactly the ticked rows (the person's own act); "Add these to the selection" still adds all.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { pageRow, popupState, renderPopup, row, SHOWN_COMPANY, settle } from './fixtures';

describe('rows ticked by the page', () => {
  it('a hint at the top names how many; a tick per row adopts exactly those', async () => {
    const p = await renderPopup(
      popupState({
        selection: [row(1, 'ready')],
        pageTicked: [pageRow(41, { number: '1424' }), pageRow(42, { number: '1425' }), pageRow(43, { number: '1426' })],
      }),
    );
    expect(screen.getByText(/^3 rows were ticked by the page, not by you: not selected\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review them' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Ticked by the page, not by you' });
    const addTicked = within(region).getByRole('button', { name: 'Add the ticked ones (0)' }) as HTMLButtonElement;
    expect(addTicked.disabled).toBe(true);
    await settle(() => fireEvent.click(within(region).getByRole('checkbox', { name: 'Invoice 1424' })));
    await settle(() => fireEvent.click(within(region).getByRole('checkbox', { name: 'Invoice 1426' })));
    await settle(() => fireEvent.click(within(region).getByRole('button', { name: 'Add the ticked ones (2)' })));
    expect(p.bg.sentOfType('selection/adopt')).toEqual([
      { type: 'selection/adopt', keys: ['Invoice:41', 'Invoice:43'], scope: SHOWN_COMPANY },
    ]);
  });

  it('no hint when the page ticked nothing', async () => {
    await renderPopup(popupState({ selection: [row(1, 'ready')] }));
    expect(screen.queryByText(/ticked by the page, not by you: not selected/)).toBeNull();
  });
});
