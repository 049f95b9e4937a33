// @vitest-environment happy-dom
/**
 * The full view's "Find likely duplicates" (issue 22, item 3): the query sent exactly (dates, types,
 * days window, default 3, the company shown), each group side by side with the kept one marked and
 * why, no box on kept or protected members, proposed ones unticked, and exactly the ticked ones added
 * with the scan's read time.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { DuplicateGroupView, DuplicatesReply } from '../../lib/domain/find';
import { openTool, renderFind, type, violations } from './find-helpers';
import { SHOWN_COMPANY, settle } from './fixtures';

afterEach(cleanup);

const READ_AT = Date.UTC(2026, 10, 22, 14, 59);
type Member = DuplicateGroupView['members'][number];

const member = (id: string, role: Member['role'], over: Partial<Member> = {}): Member => ({
  entity: 'Purchase',
  id,
  date: '2024-11-03',
  number: `E${id}`,
  name: 'Cool Cars',
  amount: 1887.59,
  currency: 'USD',
  memo: 'Fuel',
  createdAt: '2024-11-03T14:02:00Z',
  role,
  protections: [],
  ...over,
});

const REPLY: DuplicatesReply = {
  scanned: 300,
  readAt: READ_AT,
  groups: [
    {
      entity: 'Purchase',
      keptBecause: 'reconciled',
      members: [
        member('1', 'kept', { protections: ['reconciled'], source: 'bankFeed: matched to a bank line' }),
        member('2', 'proposed', { source: 'import: TxnSource' }),
        member('3', 'protected', { protections: ['linked'] }),
      ],
    },
    {
      entity: 'Purchase',
      keptBecause: 'earliestCreated',
      members: [
        member('4', 'kept', { amount: 25 }),
        member('5', 'proposed', { amount: 25 }),
        member('6', 'proposed', { amount: 25 }),
      ],
    },
  ],
};

async function scanned() {
  const p = await renderFind({ 'find/duplicates': () => ({ ok: true, data: REPLY }) });
  await openTool('Find likely duplicates');
  fireEvent.click(within(screen.getByRole('region', { name: 'Find likely duplicates' })).getByLabelText('Expense'));
  type('Date from', '2024-11-01');
  type('Date to', '2024-11-30');
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
  return p;
}

describe('Find likely duplicates', () => {
  it('sends the date range, the types and the days window (3 by default) for the company shown', async () => {
    const p = await scanned();
    expect(p.bg.sentOfType('find/duplicates')).toEqual([
      {
        type: 'find/duplicates',
        scope: SHOWN_COMPANY,
        query: { from: '2024-11-01', to: '2024-11-30', types: ['Purchase'], windowDays: 3 },
      },
    ]);
  });

  it('a days window typed is sent as typed', async () => {
    const p = await renderFind({ 'find/duplicates': () => ({ ok: true, data: REPLY }) });
    await openTool('Find likely duplicates');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Date from', '2024-01-01');
    type('Date to', '2024-12-31');
    type('Days apart (at most)', '0');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    expect(p.bg.sentOfType('find/duplicates')[0]?.query).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      types: ['Bill'],
      windowDays: 0,
    });
  });

  it('shows each group side by side: the kept one and why, protected ones without a box, proposed unticked', async () => {
    await scanned();
    // One table; each group a row group, its first row naming it.
    const [, first, second] = within(screen.getByRole('table')).getAllByRole('rowgroup');
    expect(within(first as HTMLElement).getAllByRole('row')[0]?.textContent).toBe('Group 1: Expense · $1,887.59');
    const rows = within(first as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.lastElementChild?.textContent)).toEqual([
      'Kept: reconciled',
      'Proposed',
      'Not proposed: linked',
    ]);
    expect(rows.map((r) => within(r).queryAllByRole('checkbox').length)).toEqual([0, 1, 0]);
    expect(within(rows[0] as HTMLElement).getByText('Bank feed (matched to a bank line)')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Import (TxnSource)')).toBeTruthy();
    expect(within(second as HTMLElement).getAllByRole('row')[1]?.lastElementChild?.textContent).toBe(
      'Kept: earliest created',
    );
    const boxes = screen.getAllByRole('checkbox', { name: /^Select Expense/ });
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(
      screen.getByRole('checkbox', { name: 'Select Expense E2 · Cool Cars · $1,887.59 · Nov 3, 2024' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to selection' })).toHaveProperty('disabled', true);
  });

  it('"Add to selection" adds exactly the ticked ones, with the scan\'s read time', async () => {
    const p = await scanned();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Expense E2 / }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Expense E6 / }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Expense E5 / }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Expense E5 / }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add to selection' })));
    expect(p.bg.sentOfType('selection/add')).toEqual([
      {
        type: 'selection/add',
        records: [
          { entity: 'Purchase', id: '2' },
          { entity: 'Purchase', id: '6' },
        ],
        shownAt: READ_AT,
        scope: SHOWN_COMPANY,
      },
    ]);
    expect(screen.getByText('Added 2 to the selection. They are checked before anything is deleted.')).toBeTruthy();
  });

  it('missing dates or types: said in words, nothing sent', async () => {
    const p = await renderFind({});
    await openTool('Find likely duplicates');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    expect(screen.getByText('Give both dates of the date range.')).toBeTruthy();
    expect(screen.getByText('Choose at least one type.')).toBeTruthy();
    expect(p.bg.sentOfType('find/duplicates')).toEqual([]);
  });

  it('a range over 5 years (the cap of a search): said in words, nothing sent', async () => {
    const p = await renderFind({ 'find/duplicates': () => ({ ok: true, data: REPLY }) });
    await openTool('Find likely duplicates');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Date from', '2019-01-01');
    type('Date to', '2024-01-02');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    expect(screen.getByText('The date range can be at most 5 years.')).toBeTruthy();
    expect(p.bg.sentOfType('find/duplicates')).toEqual([]);
  });

  it("the background's refusal in its words, nothing proposed", async () => {
    await renderFind({
      'find/duplicates': () => ({ ok: false, error: 'QuickBooks did not answer. Nothing was proposed.' }),
    });
    await openTool('Find likely duplicates');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Date from', '2024-01-01');
    type('Date to', '2024-12-31');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    expect(screen.getAllByText('QuickBooks did not answer. Nothing was proposed.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('has no axe violations: the form, the groups with a tick', async () => {
    const p = await renderFind({ 'find/duplicates': () => ({ ok: true, data: REPLY }) });
    await openTool('Find likely duplicates');
    expect(await violations(p.container)).toEqual([]);
    cleanup();
    const q = await scanned();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Expense E2 / }));
    expect(await violations(q.container)).toEqual([]);
  });
});
