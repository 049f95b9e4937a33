// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { OVERSCAN, ROW_HEIGHT } from '../../components/SelectionList';
import { STATUS_LABEL } from '../../lib/popup/labels';
import { NOW, popupState, renderPopup, row, SHOWN_COMPANY, settle } from './fixtures';

function listRows(): HTMLElement[] {
  const region = screen.getByRole('region', { name: 'Selected transactions' });
  return within(region).getAllByRole('listitem');
}

describe('popup selection', () => {
  it('counts per status in a fixed order, with every status as its words', async () => {
    const statuses = ['ready', 'reconciled', 'changed', 'closedPeriod', 'notFound', 'deposited', 'linked'] as const;
    const selection = [...statuses.map((s, i) => row(i + 1, s)), row(8, undefined, 'Bill'), row(9, 'ready', 'Bill')];
    await renderPopup(popupState({ selection }));
    const byStatus = screen.getByRole('list', { name: 'Selected by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ready: 2',
      'Linked: 1',
      'Reconciled: 1',
      'Changed since viewed: 1',
      'Closed period: 1',
      'Deposited: 1',
      'Not found: 1',
      'Not checked yet: 1',
    ]);
    const rows = listRows();
    for (const s of statuses) {
      const item = rows.find((r) => r.getAttribute('data-key') === `Invoice:${statuses.indexOf(s) + 1}`)!;
      expect(within(item).getByText(STATUS_LABEL[s])).toBeTruthy();
    }
    expect(
      within(rows.find((r) => r.getAttribute('data-key') === 'Bill:8')!).getByText('Not checked yet'),
    ).toBeTruthy();
  });

  it('groups by what will happen, in a fixed order, each with its count and total', async () => {
    const selection = [
      row(1, 'closedPeriod'),
      row(2, 'ready'),
      row(3, 'linked'),
      row(4, 'reconciled'),
      row(5, 'deposited'),
      row(6, 'ready'),
    ];
    const p = await renderPopup(popupState({ selection }));
    const filters = screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(filters).toEqual(['All 6', 'Will delete 2 $200.08', 'Needs a decision 2 $200.07', 'Left alone 2 $200.06']);
    // All: the rows in the order a bookkeeper works through them: what needs a decision, what will
    // go, what is left alone.
    expect(listRows().map((r) => r.getAttribute('data-key'))).toEqual([
      'Invoice:3',
      'Invoice:4',
      'Invoice:2',
      'Invoice:6',
      'Invoice:1',
      'Invoice:5',
    ]);
    expect(screen.queryByRole('button', { name: 'Remove these from the selection' })).toBeNull();
    await settle(() => fireEvent.click(screen.getByRole('radio', { name: /^Left alone/ })));
    expect(listRows().map((r) => r.getAttribute('data-key'))).toEqual(['Invoice:1', 'Invoice:5']);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Remove these from the selection' })));
    expect(p.bg.sentOfType('selection/removeMany')).toEqual([
      { type: 'selection/removeMany', keys: ['Invoice:1', 'Invoice:5'], scope: SHOWN_COMPANY },
    ]);
    // Opting in moves rows between groups.
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    expect(screen.getByRole('radio', { name: /^Will delete/ }).closest('label')!.textContent).toBe(
      'Will delete 3 $300.12',
    );
  });

  it('not connected, rows not checked yet wait for a connection: no decision, no spinner', async () => {
    const selection = [row(1), row(2), row(3)];
    const identifying = {
      rowKey: 'page:1',
      shown: { type: 'Invoice', number: '1242', date: '12/31/2025', amount: '$283.42' },
      tickedAt: NOW,
      status: 'identifying' as const,
      candidates: [],
    };
    const connection = { environment: 'sandbox', hasToken: false, remember: false } as const;
    await renderPopup(popupState({ connection, selection, preflight: undefined, unresolved: [identifying] }));
    const byStatus = screen.getByRole('list', { name: 'Selected by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Waiting for a connection: 3']);
    const filters = screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(filters).toEqual(['All 3', 'Will delete 0', 'Needs a decision 0', 'Left alone 0']);
    for (const item of listRows()) expect(within(item).getByText('Waiting for a connection')).toBeTruthy();
    expect(screen.getByText('Waiting for a connection to check them.')).toBeTruthy();
    expect(screen.getByText(/3 not in this click: 3 waiting for a connection/)).toBeTruthy();
    const unresolved = screen.getByRole('region', { name: /Rows not tied to one transaction/ });
    expect(unresolved.textContent).not.toContain('Identifying');
    expect(within(unresolved).getByText('Waiting for a connection')).toBeTruthy();
    // The page's "12/31/2025" in the one format of every date on screen.
    expect(unresolved.textContent).toContain('Invoice no. 1242 · Dec 31, 2025 · $283.42');
  });

  it('not connected, 40 rows known by what they show: why they wait is said once, not under each row', async () => {
    const unresolved = Array.from({ length: 40 }, (_, i) => ({
      rowKey: `page:${i + 1}`,
      shown: { type: 'Invoice', number: String(1200 + i), date: '12/31/2025', amount: '$283.42' },
      tickedAt: NOW,
      status: 'identifying' as const,
      candidates: [],
    }));
    const connection = { environment: 'sandbox', hasToken: false, remember: false } as const;
    await renderPopup(popupState({ connection, selection: [], preflight: undefined, unresolved }));
    const region = screen.getByRole('region', { name: /Rows not tied to one transaction/ });
    expect(within(region).getAllByText('Waiting for a connection')).toHaveLength(40);
    expect(region.textContent?.match(/Once you connect to QuickBooks/g)).toHaveLength(1);
  });

  it('offers "Open in QuickBooks" on every row, described by its name', async () => {
    await renderPopup(popupState({ selection: [{ ...row(32, 'ready'), docNumber: '1032' }] }));
    const [item] = listRows();
    const link = within(item!).getByRole('link', { name: 'Open in QuickBooks' });
    expect(link.getAttribute('href')).toBe('https://app.sandbox.qbo.intuit.com/app/invoice?txnId=32');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)!.textContent).toBe('Invoice 1032');
  });

  it('the full view searches and sorts the selection', async () => {
    const selection = [
      { ...row(1, 'ready'), party: 'Acme Co', amount: 50 },
      { ...row(2, 'ready'), party: 'Globex', amount: 10 },
      { ...row(3, 'closedPeriod'), party: 'Acme Co', amount: 30 },
    ];
    await renderPopup(popupState({ selection }), {}, { full: true });
    expect(screen.queryByRole('button', { name: 'Open full view' })).toBeNull();
    await settle(() => fireEvent.input(screen.getByLabelText('Search the selection'), { target: { value: 'acme' } }));
    expect(listRows().map((r) => r.getAttribute('data-key'))).toEqual(['Invoice:1', 'Invoice:3']);
    await settle(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'amount' } }));
    expect(listRows().map((r) => r.getAttribute('data-key'))).toEqual(['Invoice:3', 'Invoice:1']);
  });

  it('"Open full view" opens the popup in a tab', async () => {
    const openFullView = vi.fn();
    await renderPopup(popupState(), { openFullView });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Open full view' })));
    expect(openFullView).toHaveBeenCalledTimes(1);
  });

  it('shows date, number, party and amount of a row', async () => {
    await renderPopup(popupState({ selection: [{ ...row(32), docNumber: '1032', amount: 1234.5, party: 'Acme Co' }] }));
    const [item] = listRows();
    expect(item!.textContent).toContain('Invoice 1032');
    expect(item!.textContent).toContain('Acme Co');
    expect(item!.textContent).toContain('Mar 1, 2024');
    expect(item!.textContent).toContain('$1,234.50');
  });

  it('the full view shows type and number in columns of their own, as QuickBooks lists them', async () => {
    const selection = [
      { ...row(7, 'ready', 'SalesReceipt'), docNumber: 'INV-2025-0042' },
      { ...row(8, 'ready', 'Deposit'), docNumber: undefined },
    ];
    await renderPopup(popupState({ selection }), {}, { full: true });
    const headers = [...document.querySelectorAll('.row-head > *')].map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['Type', 'Number', 'Name']);
    const [receipt, deposit] = listRows();
    expect(receipt!.querySelector('.row-type')!.textContent).toBe('Sales receipt');
    expect(receipt!.querySelector('.row-number')!.textContent).toBe('INV-2025-0042');
    expect(deposit!.querySelector('.row-type')!.textContent).toBe('Deposit');
    // The accessible names stay whole: "Remove Sales receipt INV-2025-0042 from selection".
    within(receipt!).getByRole('button', { name: 'Remove Sales receipt INV-2025-0042 from selection' });
    within(deposit!).getByRole('button', { name: 'Remove Deposit (Id 8) from selection' });
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
    expect(p.bg.sentOfType('selection/remove')).toEqual([
      { type: 'selection/remove', key: 'Invoice:32', scope: SHOWN_COMPANY },
    ]);
    // The removed row's button goes away; keyboard focus stays in the list.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Selected transactions' }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Clear selection' })));
    expect(p.bg.sentOfType('selection/clear')).toHaveLength(1);
  });

  it('Check again sends preflight/run naming the company shown', async () => {
    const p = await renderPopup(popupState());
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Check again' })));
    expect(p.bg.sentOfType('preflight/run')).toEqual([{ type: 'preflight/run', scope: SHOWN_COMPANY }]);
  });
});
