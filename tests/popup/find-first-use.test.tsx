// @vitest-environment happy-dom
/**
 * The finders for someone who has never seen them: the popup says they exist and opens the full
 * view at them; "Find transactions" starts on "All types"; nothing found says what to try instead of
 * an empty table; totals are per type (an invoice and a bill are never added into one figure);
 * "Created to" says it takes the whole minute; an import's matched and not-found lines are open and
 * written in one date and one money format, the sign QuickBooks'; can't-tell candidates say what
 * tells them apart and open in QuickBooks; likely duplicates are one table, all proposed ticked in
 * one click.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENTITIES } from '../../lib/domain/entities';
import type { DuplicateGroupView, FoundRecord, ResolvedLine } from '../../lib/domain/find';
import type { PageMessage } from '../../lib/messaging/protocol';
import { formatDate } from '../../lib/popup/format';
import { COMPANY, openTool, renderFind, type } from './find-helpers';
import { popupState, renderPopup, SHOWN_COMPANY, settle } from './fixtures';

afterEach(cleanup);

const READ_AT = Date.UTC(2026, 10, 22, 14, 59);

const rec = (over: Partial<FoundRecord> & Pick<FoundRecord, 'id'>): FoundRecord => ({
  entity: 'Invoice',
  date: '2025-03-20',
  number: '1050',
  name: 'Red Rock Diner',
  amount: 640,
  currency: 'USD',
  ...over,
});

const searchAnswers = (results: FoundRecord[]) => ({
  'find/names': () => ({ ok: true as const, data: { names: [] } }),
  'find/search': () => ({ ok: true as const, data: { kind: 'ok', results, total: results.length, readAt: READ_AT } }),
});

const search = () => settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));

describe('the popup names the finders', () => {
  it('"Find in <client>" opens the full view at the find tools', async () => {
    const openFullView = vi.fn();
    await renderPopup(popupState({ connection: COMPANY }), { openFullView });
    fireEvent.click(screen.getByRole('button', { name: 'Find in Alpha Co' }));
    expect(openFullView).toHaveBeenCalledWith('find');
    expect(screen.getByText(/by date created, from a report's list, or likely duplicates/)).toBeTruthy();
  });

  it('not connected: no way to tools that cannot read yet; the full view has the tools themselves', async () => {
    await renderPopup(popupState({ connection: { environment: 'sandbox', hasToken: false, remember: false } }), {
      openFullView: vi.fn(),
    });
    expect(screen.queryByRole('button', { name: /^Find in/ })).toBeNull();
    cleanup();
    await renderFind({});
    expect(screen.queryByRole('button', { name: /^Find in/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Find in Alpha Co' })).toBeTruthy();
  });
});

describe('Find transactions, first use', () => {
  it('starts on "All types" and searches every type; ticking a type searches only that one', async () => {
    const p = await renderFind(searchAnswers([]));
    await openTool('Find transactions');
    const all = screen.getByLabelText('All types') as HTMLInputElement;
    expect(all.checked).toBe(true);
    await search();
    expect(p.bg.sentOfType('find/search')[0]?.query.types).toEqual([...ENTITIES]);
    fireEvent.click(screen.getByLabelText('Invoice'));
    expect(all.checked).toBe(false);
    await search();
    expect(p.bg.sentOfType('find/search')[1]?.query.types).toEqual(['Invoice']);
    // "All types" again clears the types ticked.
    fireEvent.click(all);
    expect((screen.getByLabelText('Invoice') as HTMLInputElement).checked).toBe(false);
    await search();
    expect(p.bg.sentOfType('find/search')[2]?.query.types).toEqual([...ENTITIES]);
  });

  it('nothing found: no empty table and no buttons that cannot act, but what to try', async () => {
    await renderFind(searchAnswers([]));
    await openTool('Find transactions');
    fireEvent.click(screen.getByLabelText('Bill'));
    type('Date from', '2024-11-01');
    type('Date to', '2024-11-30');
    type('Name', 'Amy');
    await search();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByText('0 found: no transaction matches this search.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to selection' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add all/ })).toBeNull();
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Widen the dates, or clear them to look at every date.',
      'Tick "All types": only the types ticked were searched.',
      'Clear the name, or pick it from the suggestions: it must be the name as QuickBooks has it.',
    ]);
  });

  it('totals per type: what customers owe and what the company owes are never one figure', async () => {
    await renderFind(
      searchAnswers([
        rec({ id: '1', amount: 12.5 }),
        rec({ id: '2', amount: 12.5, number: '1051' }),
        rec({ id: '3', entity: 'Bill', amount: 1000, number: 'B-7' }),
      ]),
    );
    await openTool('Find transactions');
    await search();
    const total = document.querySelector('.find-total')?.textContent;
    expect(total).toBe('3 found · Invoices 2: $25.00 · Bill 1: $1,000.00');
    expect(total).not.toContain('$1,025.00');
  });

  it('"Created to" says the whole minute is taken, next to the field', async () => {
    await renderFind(searchAnswers([]));
    await openTool('Find transactions');
    type('Created to', '2024-11-03T14:05');
    const input = screen.getByLabelText('Created to');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    const last = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(new Date(2024, 10, 3, 14, 5, 59));
    expect(hint?.textContent).toBe(`Up to ${last}: the whole minute is included.`);
    expect(last).toMatch(/:05:59/);
  });
});

describe('Import a list, read at a glance', () => {
  const REPORT = [
    'Date,Transaction Type,Num,Name,Memo/Description,Account,Amount',
    '03/20/2025,Invoice,1050,Red Rock Diner,,Accounts Receivable,-640.00',
    '03/21/2025,Invoice,1051,Red Rock Diner,,Accounts Receivable,640.00',
    '03/22/2025,Invoice,1052,Blue Cafe,,Accounts Receivable,"1,200.00"',
    '03/04/2025,Invoice,1053,Blue Cafe,,Accounts Receivable,10.00',
  ].join('\n');
  const twin = (id: string, created: string, updated: string) =>
    rec({ id, number: '1051', date: '2025-03-21', createdAt: created, updatedAt: updated });
  const RESOLVED: ResolvedLine[] = [
    { rowKey: 'row:import-2', kind: 'match', candidates: [rec({ id: '11' })] },
    {
      rowKey: 'row:import-3',
      kind: 'several',
      candidates: [
        twin('31', '2025-03-21T15:00:12-07:00', '2025-03-21T15:00:12-07:00'),
        twin('32', '2025-03-21T15:00:47-07:00', '2025-03-24T09:14:03-07:00'),
      ],
    },
    { rowKey: 'row:import-4', kind: 'none', candidates: [] },
    { rowKey: 'row:import-5', kind: 'none', candidates: [] },
  ];

  beforeAll(async () => {
    await import('../../lib/find/report-parse');
  });

  async function matched() {
    await renderFind({
      'find/resolve': (m: PageMessage) => ({
        ok: true as const,
        data: { lines: m.type === 'find/resolve' ? RESOLVED : [], readAt: READ_AT },
      }),
    });
    await openTool('Import a list');
    const input = screen.getByLabelText('Choose a report file') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([REPORT], 'r.csv', { type: 'text/csv' })] });
    await settle(() => fireEvent.change(input));
    await screen.findByText(/^Columns/, {}, { timeout: 10_000 });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    await screen.findByText('Matched (1)');
  }

  const seconds = (at: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(Date.parse(at)));

  it('Matched and Not found start open', async () => {
    await matched();
    expect(screen.getByText('Matched (1)').closest('details')?.open).toBe(true);
    expect(screen.getByText('Not found (2)').closest('details')?.open).toBe(true);
  });

  it("a matched line and its record in one date format and one money format, QuickBooks' sign", async () => {
    await matched();
    const day = formatDate('2025-03-20');
    const line = screen.getByText(/^Row 2: /);
    expect(line.textContent).toBe(
      `Row 2: ${day} · Invoice · 1050 · Red Rock Diner · $640.00 → in QuickBooks: ${day} · Invoice 1050 · Red Rock Diner · $640.00 (Id 11)`,
    );
    expect(line.textContent).not.toMatch(/03\/20\/2025|-640/);
    expect(screen.getByText(/^Row 4: /).textContent).toBe(
      `Row 4: ${formatDate('2025-03-22')} · Invoice · 1052 · Blue Cafe · $1,200.00`,
    );
    // "03/04/2025" reads two ways; the file's other dates prove month first: March 4.
    expect(screen.getByText(/^Row 5: /).textContent).toBe(
      `Row 5: ${formatDate('2025-03-04')} · Invoice · 1053 · Blue Cafe · $10.00`,
    );
  });

  it("can't-tell candidates say what tells them apart (Id, created to the second, last change) and open in QuickBooks", async () => {
    await matched();
    const group = screen.getByRole('group', { name: /^Row 3:/ });
    const [, first, second] = within(group)
      .getAllByRole('radio')
      .map((r) => document.querySelector(`label[for="${r.id}"]`)?.textContent ?? '');
    expect(first).not.toBe(second);
    expect(first).toContain('Invoice 1051, Id 31');
    expect(first).toContain(`created ${seconds('2025-03-21T15:00:12-07:00')}`);
    expect(first).toContain('never changed');
    expect(second).toContain('Invoice 1051, Id 32');
    expect(second).toContain(`created ${seconds('2025-03-21T15:00:47-07:00')}`);
    expect(second).toContain(`last changed ${seconds('2025-03-24T09:14:03-07:00')}`);
    const links = within(group).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Open Invoice 1051 (Id 31) in QuickBooks',
      'Open Invoice 1051 (Id 32) in QuickBooks',
    ]);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://app.sandbox.qbo.intuit.com/app/invoice?txnId=31',
      'https://app.sandbox.qbo.intuit.com/app/invoice?txnId=32',
    ]);
  });
});

describe('Likely duplicates, 25 groups', () => {
  type Member = DuplicateGroupView['members'][number];
  const member = (id: string, role: Member['role']): Member => ({
    entity: 'Purchase',
    id,
    number: `E${id}`,
    name: 'Cool Cars',
    amount: 25,
    date: '2024-11-03',
    role,
    protections: [],
    source: 'import: Imported from CSV on Nov 3 by the bookkeeper of Cool Cars, batch 14',
  });
  const groups: DuplicateGroupView[] = Array.from({ length: 25 }, (_, g) => ({
    entity: 'Purchase',
    keptBecause: 'earliestCreated',
    members: [member(String(g * 10 + 1), 'kept'), member(String(g * 10 + 2), 'proposed')],
  }));

  async function scanned() {
    const p = await renderFind({
      'find/duplicates': () => ({ ok: true, data: { groups, scanned: 300, readAt: READ_AT } }),
    });
    await openTool('Find likely duplicates');
    fireEvent.click(within(screen.getByRole('region', { name: 'Find likely duplicates' })).getByLabelText('Expense'));
    type('Date from', '2024-11-01');
    type('Date to', '2024-11-30');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    return p;
  }

  it('"Select all proposed" ticks the 25 in one click; "Add to selection" adds exactly them', async () => {
    const p = await scanned();
    const all = screen.getByRole('button', { name: 'Select all proposed' });
    fireEvent.click(all);
    const boxes = screen.getAllByRole('checkbox', { name: /^Select Expense/ }) as HTMLInputElement[];
    expect(boxes).toHaveLength(25);
    expect(boxes.every((b) => b.checked)).toBe(true);
    expect(screen.getByText('25 ticked')).toBeTruthy();
    expect(all).toHaveProperty('disabled', true);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add to selection' })));
    const sent = p.bg.sentOfType('selection/add')[0];
    expect(sent?.records).toEqual(groups.map((_, g) => ({ entity: 'Purchase', id: String(g * 10 + 2) })));
    expect(sent?.scope).toEqual(SHOWN_COMPANY);
  });

  it('no group found: no empty table and no button that cannot act, but what to try', async () => {
    await renderFind({ 'find/duplicates': () => ({ ok: true, data: { groups: [], scanned: 300, readAt: READ_AT } }) });
    await openTool('Find likely duplicates');
    fireEvent.click(within(screen.getByRole('region', { name: 'Find likely duplicates' })).getByLabelText('Expense'));
    type('Date from', '2024-11-01');
    type('Date to', '2024-11-30');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' })));
    expect(screen.getByText('0 groups of likely duplicates among 300 transactions')).toBeTruthy();
    expect(screen.getByText('Try a longer date range, more types, or more days apart.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to selection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select all proposed' })).toBeNull();
  });

  it('one table, one header; each group named by a row of its own', async () => {
    await scanned();
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader', { name: 'Source' })).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: 'Group 25: Expense · $25.00' })).toBeTruthy();
  });
});
