// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { OVERSCAN, ROW_HEIGHT } from '../../components/SelectionList';
import { STATUS_LABEL } from '../../lib/messaging/views';
import { popupState, renderPopup, row, settle } from './fixtures';

function listRows(): HTMLElement[] {
  const region = screen.getByRole('region', { name: 'Selected transactions' });
  return within(region).getAllByRole('listitem');
}

describe('popup selection', () => {
  it('counts per type and status, with every status as its words', async () => {
    const statuses = ['ready', 'reconciled', 'changed', 'closedPeriod', 'notFound', 'deposited', 'linked'] as const;
    const selection = [...statuses.map((s, i) => row(i + 1, s)), row(8, undefined, 'Bill'), row(9, 'ready', 'Bill')];
    await renderPopup(popupState({ selection }));
    const byType = screen.getByRole('list', { name: 'Selected by type' });
    expect(byType.textContent).toBe('Invoice: 7Bill: 2');
    const rows = listRows();
    for (const [i, s] of statuses.entries()) expect(within(rows[i]!).getByText(STATUS_LABEL[s])).toBeTruthy();
    expect(within(rows[7]!).getByText('Not checked yet')).toBeTruthy();
    expect(screen.getByText('Changed since viewed')).toBeTruthy();
  });

  it('shows date, number, party and amount of a row', async () => {
    await renderPopup(popupState({ selection: [{ ...row(32), docNumber: '1032', amount: 1234.5, party: 'Acme Co' }] }));
    const [item] = listRows();
    expect(item!.textContent).toContain('Invoice 1032');
    expect(item!.textContent).toContain('Acme Co');
    expect(item!.textContent).toContain('Mar 1, 2024');
    expect(item!.textContent).toContain('$1,234.50');
  });

  it('renders a window of a 5,000-row selection and the right rows after a scroll', async () => {
    const selection = Array.from({ length: 5000 }, (_, i) => row(i, 'ready'));
    await renderPopup(popupState({ selection }));
    expect(screen.getByRole('heading', { name: 'Selection (5,000 transactions)' })).toBeTruthy();
    expect(listRows().length).toBeLessThan(40);
    expect(listRows()[0]!.textContent).toContain('Invoice 1000');
    const region = screen.getByRole('region', { name: 'Selected transactions' });
    const list = within(region).getByRole('list');
    expect(list.style.height).toBe(`${5000 * ROW_HEIGHT}px`);

    await settle(() => {
      region.scrollTop = 2500 * ROW_HEIGHT;
      fireEvent.scroll(region);
    });
    const rows = listRows();
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]!.textContent).toContain(`Invoice ${1000 + 2500 - OVERSCAN}`);
    expect(rows.some((r) => r.textContent?.includes('Invoice 3500'))).toBe(true);
    expect(rows[OVERSCAN]!.getAttribute('aria-posinset')).toBe('2501');
    expect(rows[OVERSCAN]!.getAttribute('aria-setsize')).toBe('5000');
    expect(rows[OVERSCAN]!.style.top).toBe(`${2500 * ROW_HEIGHT}px`);
  });

  it('removes one row and clears the selection', async () => {
    const p = await renderPopup(popupState({ selection: [{ ...row(32), docNumber: '1032' }] }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Remove Invoice 1032 from selection' })));
    expect(p.bg.sentOfType('selection/remove')).toEqual([{ type: 'selection/remove', key: 'Invoice:32' }]);
    // The removed row's button goes away; keyboard focus stays in the list.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Selected transactions' }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Clear selection' })));
    expect(p.bg.sentOfType('selection/clear')).toHaveLength(1);
  });

  it('Check again sends preflight/run', async () => {
    const p = await renderPopup(popupState());
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Check again' })));
    expect(p.bg.sentOfType('preflight/run')).toHaveLength(1);
  });
});
