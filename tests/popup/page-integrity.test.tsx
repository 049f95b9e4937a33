// @vitest-environment happy-dom
/** Issue 8's popup side: what the pages reported, the page-ticked rows, and what the click will do. */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { STATUS_LABEL } from '../../lib/popup/labels';
import { NOW, pageRow, popupState, renderPopup, row, SHOWN_COMPANY, settle } from './fixtures';

const deleteButton = () => screen.getByRole('button', { name: /^Verify and delete selected/ });

describe('a tab still showing another company', () => {
  it('is an alert with the words and the tab by its address (a title such as "Invoices" names no client)', async () => {
    await renderPopup(
      popupState({
        selection: [],
        pageIssues: {
          staleTab: {
            url: 'https://app.qbo.intuit.com/app/invoices',
            title: 'Invoices - Maple Street Bakery',
            text: 'This tab still shows another company. Reload it.',
            at: NOW,
          },
        },
      }),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This tab still shows another company. Reload it.')).toBeTruthy();
    expect(alert.textContent).toContain('Tab: https://app.qbo.intuit.com/app/invoices');
    expect(alert.textContent).not.toContain('Invoices - Maple Street Bakery');
  });

  it('shares the one alert region with a notice, and says the same words once', async () => {
    const text = 'This tab still shows another company. Reload it.';
    await renderPopup(
      popupState({
        notice: { level: 'error', text },
        pageIssues: { staleTab: { url: 'https://app.qbo.intuit.com/app/sales', text, at: NOW } },
      }),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });
});

describe('"Ticked by the page, not by you"', () => {
  const ticked = [
    pageRow(41, { number: '1424', date: '03/14/2025', amount: '$1,200.00' }),
    pageRow(42, { number: '1425', amount: '$80.00' }),
    pageRow(43, undefined),
  ];

  it('is a region named by its heading listing what the page showed, apart from the selection', async () => {
    await renderPopup(popupState({ selection: [row(1, 'ready')], pageTicked: ticked }));
    const region = screen.getByRole('region', { name: 'Ticked by the page, not by you' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toBe('Invoice 1424 · Mar 14, 2025 · $1,200.00');
    expect(items[1]!.textContent).toBe('Invoice 1425 · $80.00');
    expect(items[2]!.textContent).toBe('Invoice (Id 43)');
    // Not counted in the selection nor in what the click deletes.
    expect(screen.getByRole('heading', { name: 'Selection (1 transaction)' })).toBeTruthy();
    expect(screen.getByText(/^Will delete 1 ·/)).toBeTruthy();
    const selected = screen.getByRole('region', { name: 'Selected transactions' });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(1);
  });

  it('"Add these to the selection" sends selection/adopt with their keys', async () => {
    const p = await renderPopup(popupState({ pageTicked: ticked }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add these to the selection' })));
    expect(p.bg.sentOfType('selection/adopt')).toEqual([
      { type: 'selection/adopt', keys: ['Invoice:41', 'Invoice:42', 'Invoice:43'], scope: SHOWN_COMPANY },
    ]);
  });

  it('is absent when the page ticked nothing', async () => {
    await renderPopup(popupState());
    expect(screen.queryByRole('region', { name: 'Ticked by the page, not by you' })).toBeNull();
  });
});

describe("the page's own counter and pages Safe Delete cannot read", () => {
  it('warns when QuickBooks claims more selected than Safe Delete saw', async () => {
    await renderPopup(
      popupState({
        pageIssues: { counter: { url: 'https://app.qbo.intuit.com/app/banking', claimed: 300, seen: 48, at: NOW } },
      }),
    );
    expect(
      screen.getByText(
        'QuickBooks shows 300 selected; Safe Delete saw 48. Scroll through the list or tick page by page.',
      ),
    ).toBeTruthy();
  });

  it('says plainly that the rows cannot be read and copies the page structure', async () => {
    const writeText = vi.fn(async () => {});
    const skeleton = 'tr.row[role=row] > td.cell > input[type]';
    await renderPopup(
      popupState({
        pageIssues: { unreadable: { url: 'https://app.qbo.intuit.com/app/x', tickedBoxes: 4, skeleton, at: NOW } },
      }),
      { writeText },
    );
    expect(screen.getByText(/cannot read the rows ticked on this page yet/)).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy page structure' })));
    expect(writeText).toHaveBeenCalledWith(skeleton);
    expect(screen.getByText('Copied')).toBeTruthy();
  });

  it('says so when the browser refuses the clipboard', async () => {
    await renderPopup(
      popupState({
        pageIssues: {
          unreadable: { url: 'https://app.qbo.intuit.com/app/x', tickedBoxes: 1, skeleton: 'div', at: NOW },
        },
      }),
      { writeText: async () => Promise.reject(new Error('denied')) },
    );
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy page structure' })));
    expect(screen.queryByText('Copied')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('did not allow copying');
  });
});

describe('what the click will do, right above it', () => {
  it('the click says what it does and for which client; its name starts as before; the description has the rest', async () => {
    await renderPopup(
      popupState({
        connection: {
          realmId: '9130357766412345',
          companyName: 'Maple Street Bakery LLC',
          environment: 'production',
          hasToken: true,
          remember: false,
        },
        selection: [
          { ...row(1, 'ready'), amount: 1200 },
          { ...row(2, 'ready'), amount: 30.5 },
          { ...row(3, 'closedPeriod'), amount: 999 },
        ],
      }),
    );
    const button = deleteButton();
    const described = (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(button.textContent).toBe(
      'Verify and delete selected: Delete 2 invoices ($1,230.50) from Maple Street Bakery LLC',
    );
    // What shows is the click's words; its accessible name keeps starting with "Verify and delete selected".
    expect(button.querySelector('.sr-only')?.textContent).toBe('Verify and delete selected: ');
    expect(described).toContain('Will delete 2 · $1,230.50 · Invoices 2 · Mar 1, 2024');
    expect(described).toContain('1 not in this click: 1 closed period');
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it("shows the page's number, date and amount before the check returns, and the new status words", async () => {
    await renderPopup(
      popupState({
        selection: [
          pageRow(115, { number: '1424', date: '03/14/2025', amount: '$1,200.00' }),
          {
            ...row(7, 'pageMismatch'),
            blockers: [{ status: 'pageMismatch', differences: [{ field: 'amount', shown: '$1,200.00', actual: 120 }] }],
          },
        ],
      }),
    );
    const items = within(screen.getByRole('region', { name: 'Selected transactions' })).getAllByRole('listitem');
    const unchecked = items.find((i) => i.getAttribute('data-key') === 'Invoice:115')!;
    expect(unchecked.textContent).toContain('Invoice 1424');
    // The page's date in the one format of every date on screen.
    expect(unchecked.textContent).toContain('Mar 14, 2025');
    expect(unchecked.textContent).not.toContain('03/14/2025');
    expect(unchecked.textContent).toContain('$1,200.00');
    expect(unchecked.textContent).not.toContain('Id 115');
    const mismatch = items.find((i) => i.getAttribute('data-key') === 'Invoice:7')!;
    expect(within(mismatch).getByText(STATUS_LABEL.pageMismatch)).toBeTruthy();
    expect(mismatch.textContent).toContain('the record says $120.00');
    const byStatus = screen.getByRole('list', { name: 'Selected by status' });
    expect(byStatus.textContent).toContain("Doesn't match the page: 1");
  });
});
