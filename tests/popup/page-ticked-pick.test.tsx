// @vitest-environment happy-dom
/**
 * Issue 21 §9: rows ticked by the page are not all-or-nothing and not out of sight. A one-line hint
 * at the top says how many and leads to them; each row has its own tick, and "Add the ticked ones"
 * adopts exactly the ticked rows (the person's own act); "Add these to the selection" still adds all.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { pageTickedRows } from '../../lib/background/popup-state';
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

  it('a row known by what it shows is listed with what it shows, and adopted by its row key', async () => {
    const rowKey = 'row:invoices:0123456789abcd';
    const shown = { date: '11/20/2026', number: '1037', name: 'Sonnenschein Family Store', amount: '$362.07' };
    const p = await renderPopup(
      popupState({
        selection: [row(1, 'ready')],
        pageTicked: pageTickedRows({
          'Invoice:41': { entity: 'Invoice', id: '41', shownAt: 1, tickedAt: 1, shown: { number: '1424' } },
          [rowKey]: { rowKey, shown, entities: ['Invoice'], shownAt: 1, tickedAt: 2, addedAt: 2 },
        }),
      }),
    );
    expect(screen.getByText(/^2 rows were ticked by the page, not by you: not selected\./)).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Ticked by the page, not by you' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]?.textContent).toBe('Invoice 1037 · Sonnenschein Family Store · Nov 20, 2026 · $362.07');
    await settle(() => fireEvent.click(within(items[1] as HTMLElement).getByRole('checkbox')));
    await settle(() => fireEvent.click(within(region).getByRole('button', { name: 'Add the ticked ones (1)' })));
    await settle(() => fireEvent.click(within(region).getByRole('button', { name: 'Add these to the selection' })));
    expect(p.bg.sentOfType('selection/adopt')).toEqual([
      { type: 'selection/adopt', keys: [rowKey], scope: SHOWN_COMPANY },
      { type: 'selection/adopt', keys: ['Invoice:41', rowKey], scope: SHOWN_COMPANY },
    ]);
  });

  it('a row that showed no type, on a page of several types, is named by what it showed: never "Invoice"', async () => {
    const rowKey = 'row:transactions:00aa11bb22cc33';
    const shown = { date: '11/20/2026', number: 'CC-88231', name: 'Cool Cars', amount: '-$84.20' };
    const bare = 'row:transactions:44dd55ee66ff77';
    const items: Parameters<typeof pageTickedRows>[0] = {
      [rowKey]: { rowKey, shown, entities: ['Purchase', 'Invoice'], shownAt: 1, tickedAt: 2, addedAt: 2 },
      [bare]: { rowKey: bare, shown: { name: 'Mahoney Mugs', amount: '$12.40' }, shownAt: 1, tickedAt: 3, addedAt: 3 },
    };
    const view = pageTickedRows(items);
    expect(view.map((r) => r.entity)).toEqual([undefined, undefined]);
    await renderPopup(popupState({ selection: [row(1, 'ready')], pageTicked: view }));
    const region = screen.getByRole('region', { name: 'Ticked by the page, not by you' });
    const listed = within(region)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed).toEqual(['CC-88231 · Cool Cars · Nov 20, 2026 · -$84.20', 'Mahoney Mugs · $12.40']);
    expect(region.textContent).not.toMatch(/Invoice/);
  });

  it('no hint when the page ticked nothing', async () => {
    await renderPopup(popupState({ selection: [row(1, 'ready')] }));
    expect(screen.queryByText(/ticked by the page, not by you: not selected/)).toBeNull();
  });
});
