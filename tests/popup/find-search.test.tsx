// @vitest-environment happy-dom
/**
 * The full view's "Find transactions" (issue 22, item 1): the company named, the query sent exactly
 * (dollars as cents, local times as epoch ms, the company shown), the results added with the read's
 * time in batches of 5,000, too many and errors in words, nothing when not connected, axe.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FoundRecord } from '../../lib/domain/find';
import { COMPANY, openTool, renderFind, type, violations } from './find-helpers';
import { popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

afterEach(cleanup);

const READ_AT = Date.UTC(2026, 10, 22, 14, 59);

function found(n: number): FoundRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    entity: 'Invoice',
    id: String(i + 1),
    date: '2024-11-03',
    number: String(5000 + i),
    name: 'Amy',
    amount: 12.5,
    currency: 'USD',
    createdAt: new Date(Date.UTC(2024, 10, 3, 14, 2)).toISOString(),
  }));
}

const answers = (results: FoundRecord[]) => ({
  'find/names': () => ({ ok: true as const, data: { names: ['Amy', 'Cool Cars'] } }),
  'find/search': () => ({ ok: true as const, data: { kind: 'ok', results, total: results.length, readAt: READ_AT } }),
});

describe('Find transactions', () => {
  it('names the company and offers the three tools by their exact names', async () => {
    await renderFind(answers([]));
    expect(screen.getByRole('heading', { name: 'Find in Alpha Co' })).toBeTruthy();
    for (const name of ['Find transactions', 'Import a list', 'Find likely duplicates'])
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('false');
  });

  it('not connected: says to connect first and shows no tool', async () => {
    await import('../../components/find/FindTools'); // transformed before the view fetches it
    await renderPopup(
      popupState({ connection: { environment: 'sandbox', hasToken: false, remember: false } }),
      {},
      { full: true },
    );
    // The deck says it too: the find section's own line is the one checked.
    const find = await screen.findByRole('region', { name: /^Find/ });
    expect(within(find).getByText('Connect to QuickBooks first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Find transactions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import a list' })).toBeNull();
  });

  it('is not in the popup (only the full view)', async () => {
    await renderPopup(popupState({ connection: COMPANY }));
    await settle(() => undefined);
    expect(screen.queryByRole('button', { name: 'Find transactions' })).toBeNull();
  });

  it('suggests the names of the company, asked once for the company shown', async () => {
    const p = await renderFind(answers([]));
    await openTool('Find transactions');
    expect(p.bg.sentOfType('find/names')).toEqual([{ type: 'find/names', scope: SHOWN_COMPANY }]);
    const list = document.getElementById(screen.getByLabelText('Name').getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value'))).toEqual([
      'Amy',
      'Cool Cars',
    ]);
  });

  it('sends the query exactly: types, dates, name, amount range in cents, number, created window in local time', async () => {
    const p = await renderFind(answers(found(3)));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    fireEvent.click(screen.getByLabelText('Sales receipt'));
    type('Date from', '2024-11-01');
    type('Date to', '2024-11-30');
    type('Name', ' Amy ');
    type('Amount from', '$1,000.5');
    type('Amount to', '2000.29');
    type('No.', '5001');
    type('Created from', '2024-11-03T14:00');
    type('Created to', '2024-11-03T14:05');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(p.bg.sentOfType('find/search')).toEqual([
      {
        type: 'find/search',
        scope: SHOWN_COMPANY,
        query: {
          types: ['Invoice', 'SalesReceipt'],
          txnDateFrom: '2024-11-01',
          txnDateTo: '2024-11-30',
          name: 'Amy',
          amount: { min: 100_050, max: 200_029 },
          number: '5001',
          // The person's clock: 14:00 to the end of 14:05 local time.
          createdFrom: new Date(2024, 10, 3, 14, 0).getTime(),
          createdTo: new Date(2024, 10, 3, 14, 5, 59, 999).getTime(),
        },
      },
    ]);
    expect(screen.getByText(/^3 found/)).toBeTruthy();
  });

  it('an exact amount is sent as cents', async () => {
    const p = await renderFind(answers([]));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Amount (exact)', '0.29');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(p.bg.sentOfType('find/search')[0]?.query).toEqual({ types: ['Bill'], amount: { exact: 29 } });
  });

  it.each([
    ['1.234,56', 123_456], // as an imported file writes it
    ["1'234.56", 123_456],
    ['($12.00)', -1200], // an accounting negative
    ['1,234', 123_400],
  ])('an amount typed %j is read as an import reads it: %j cents', async (typed, cents) => {
    const p = await renderFind(answers([]));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Amount (exact)', typed);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(p.bg.sentOfType('find/search')[0]?.query).toEqual({ types: ['Bill'], amount: { exact: cents } });
  });

  it('says what is wrong in words and sends nothing', async () => {
    const p = await renderFind(answers([]));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('All types')); // unticked: no type at all
    type('Amount (exact)', 'twelve');
    type('Date from', '2024-11-30');
    type('Date to', '2024-11-01');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    const alert = within(within(screen.getByRole('region', { name: 'Find transactions' })).getByRole('alert'));
    expect(alert.getByText('Choose at least one type.')).toBeTruthy();
    expect(alert.getByText('The amount cannot be read: type dollars, like 1,234.56.')).toBeTruthy();
    expect(alert.getByText('The date range ends before it starts.')).toBeTruthy();
    expect(p.bg.sentOfType('find/search')).toEqual([]);
  });

  it('too many: asks to narrow the search, no table', async () => {
    await renderFind({
      'find/search': () => ({ ok: true, data: { kind: 'tooMany', total: 61_000, limit: 50_000 } }),
    });
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(screen.getByText('More than 50,000 match: narrow the search.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("the background's refusal is shown in its words", async () => {
    await renderFind({
      'find/search': () => ({ ok: false, error: 'QuickBooks did not answer. Nothing was found or added.' }),
    });
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(screen.getAllByText('QuickBooks did not answer. Nothing was found or added.').length).toBeGreaterThan(0);
  });

  it('"Add to selection" adds the ticked results with the read time, then says they will be checked', async () => {
    const p = await renderFind(answers(found(3)));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Invoice 5001,/ }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add to selection' })));
    expect(p.bg.sentOfType('selection/add')).toEqual([
      { type: 'selection/add', records: [{ entity: 'Invoice', id: '2' }], shownAt: READ_AT, scope: SHOWN_COMPANY },
    ]);
    expect(screen.getByText('Added 1 to the selection. They are checked before anything is deleted.')).toBeTruthy();
  });

  it('"Add all N" sends every result, 5,000 a message', async () => {
    const p = await renderFind(answers(found(12_001)));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add all 12,001' })));
    const adds = p.bg.sentOfType('selection/add');
    expect(adds.map((m) => m.records.length)).toEqual([5000, 5000, 2001]);
    expect(adds.every((m) => m.shownAt === READ_AT && m.scope.realmId === SHOWN_COMPANY.realmId)).toBe(true);
    expect(adds.flatMap((m) => m.records.map((r) => r.id))).toEqual(found(12_001).map((r) => r.id));
    expect(
      screen.getByText('Added 12,001 to the selection. They are checked before anything is deleted.'),
    ).toBeTruthy();
  });

  it('a refused add says so in words, not "Added"', async () => {
    await renderFind({
      ...answers(found(2)),
      'selection/add': () => ({ ok: false, error: 'This view shows another company now. Reload it.' }),
    });
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add all 2' })));
    expect(screen.queryByText(/^Added/)).toBeNull();
    expect(screen.getAllByText('This view shows another company now. Reload it.').length).toBeGreaterThan(0);
  });

  it('another company in view: its results are gone and the heading names the new company', async () => {
    const p = await renderFind(answers(found(3)));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(screen.getByRole('button', { name: 'Add all 3' })).toBeTruthy();
    await p.push(
      popupState({
        connection: { ...COMPANY, realmId: '456', companyName: 'Beta Ltd' },
        scope: { realmId: '456', environment: 'sandbox', stamp: 'beta-1' },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Find in Beta Ltd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add all 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Find transactions' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('has no axe violations: the form, with errors, with results', async () => {
    const p = await renderFind(answers(found(40)));
    await openTool('Find transactions');
    expect(await violations(p.container)).toEqual([]);
    fireEvent.click(screen.getByLabelText('All types'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(screen.getByText('Choose at least one type.')).toBeTruthy();
    expect(await violations(p.container)).toEqual([]);
    fireEvent.click(screen.getByLabelText('Invoice'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add all 40' })));
    expect(screen.getByText(/^Added 40/)).toBeTruthy();
    expect(await violations(p.container)).toEqual([]);
  });
});
