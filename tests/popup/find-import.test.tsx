// @vitest-environment happy-dom
/**
 * The full view's "Import a list" (issue 22, item 2): a report file read by the real parser, its
 * columns shown for the person to fix, the lines sent to `find/resolve` exactly (5,000 a message,
 * the company shown), matched / can't tell / not found with counts, skipped lines with reasons, and
 * "Add to selection" adding the matched and the picked lines only, with the earliest read time.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FoundRecord, ResolvedLine } from '../../lib/domain/find';
import type { PageMessage } from '../../lib/messaging/protocol';
import { openTool, renderFind, violations } from './find-helpers';
import { SHOWN_COMPANY, settle } from './fixtures';

afterEach(cleanup);

const READ_AT = Date.UTC(2026, 10, 22, 14, 59);

const REPORT = [
  'Alpha Co',
  'Transaction List by Date',
  'November 2024',
  '',
  'Date,Transaction Type,Num,Name,Memo/Description,Account,Amount',
  '11/01/2024,Invoice,1001,Amy,,Accounts Receivable,100.00',
  '11/02/2024,Invoice,1002,Bob,,Accounts Receivable,200.00',
  '11/03/2024,Invoice,1003,Cy,,Accounts Receivable,300.00',
  '11/04/2024,Invoice,1004,Di,,Accounts Receivable,400.00',
  ',,,TOTAL,,,"1,000.00"',
].join('\n');

const inv = (id: string, number: string): FoundRecord => ({
  entity: 'Invoice',
  id,
  number,
  name: 'Bob',
  amount: 200,
  currency: 'USD',
  date: '2024-11-02',
});

/** Row 6 matches Invoice 11; rows 7 and 8 each agree with two; row 9 with none. */
const RESOLVED: ResolvedLine[] = [
  { rowKey: 'row:import-6', kind: 'match', candidates: [inv('11', '1001')] },
  { rowKey: 'row:import-7', kind: 'several', candidates: [inv('21', '1002'), inv('22', '1002')] },
  { rowKey: 'row:import-8', kind: 'several', candidates: [inv('23', '1003'), inv('24', '1003')] },
  { rowKey: 'row:import-9', kind: 'none', candidates: [] },
];

async function chooseFile(name: string, text: string) {
  const input = screen.getByLabelText('Choose a report file') as HTMLInputElement;
  expect(input.getAttribute('accept')).toBe('.csv,.xlsx');
  const file = new File([text], name, { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await settle(() => fireEvent.change(input));
  // The parser arrives by a dynamic import and reads the file asynchronously (a condition, not a
  // time: the bound only says when to give up on a loaded machine).
  await screen.findByText(/^Columns|could not|No header|larger/, {}, { timeout: 10_000 });
}

// The parser module the view fetches, transformed once before any test asks for it: its first
// transform under load can outlast findBy's default second, which would time the machine, not the view.
beforeAll(async () => {
  await import('../../lib/find/report-parse');
});

const resolveAll = (m: PageMessage) => ({
  ok: true as const,
  data: {
    lines: m.type === 'find/resolve' ? RESOLVED.filter((r) => m.lines.some((l) => l.rowKey === r.rowKey)) : [],
    readAt: READ_AT,
  },
});

async function imported(answers = { 'find/resolve': resolveAll }) {
  const p = await renderFind(answers);
  await openTool('Import a list');
  await chooseFile('report.csv', REPORT);
  return p;
}

describe('Import a list', () => {
  it('shows the columns found by the report headers, one select per field, the person may fix', async () => {
    await imported();
    const value = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;
    expect(['Date', 'Type', 'No.', 'Name', 'Amount', 'Debit', 'Credit', 'Memo', 'Account'].map(value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '6',
      '',
      '',
      '4',
      '5',
    ]);
    expect(screen.getByText('Alpha Co · Transaction List by Date · November 2024')).toBeTruthy();
  });

  it('sends each line to find/resolve for the company shown, then shows the three groups and the skipped total', async () => {
    const p = await imported();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    await screen.findByText('Matched (1)');
    const sent = p.bg.sentOfType('find/resolve');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.scope).toEqual(SHOWN_COMPANY);
    expect(sent[0]?.lines.map((l) => l.rowKey)).toEqual([
      'row:import-6',
      'row:import-7',
      'row:import-8',
      'row:import-9',
    ]);
    expect(sent[0]?.lines[1]?.shown).toMatchObject({
      date: '11/02/2024',
      type: 'Invoice',
      number: '1002',
      name: 'Bob',
      amount: '200.00',
    });
    expect(screen.getByText("Can't tell (2)")).toBeTruthy();
    expect(screen.getByText('Not found (1)')).toBeTruthy();
    expect(screen.getByText('Row 10: A total row')).toBeTruthy();
    // Each can't-tell line with its candidates, nothing picked.
    const row7 = screen.getByRole('group', { name: /^Row 7:/ });
    expect(
      within(row7)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).checked),
    ).toEqual([true, false, false]);
  });

  it("adds the matched line and the picked candidate only; a can't-tell line without a pick never", async () => {
    const p = await imported();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    await screen.findByText('Matched (1)');
    const row7 = screen.getByRole('group', { name: /^Row 7:/ });
    fireEvent.click(within(row7).getAllByRole('radio')[2] as HTMLElement);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add to selection' })));
    expect(p.bg.sentOfType('selection/add')).toEqual([
      {
        type: 'selection/add',
        records: [
          { entity: 'Invoice', id: '11' },
          { entity: 'Invoice', id: '22' },
        ],
        shownAt: READ_AT,
        scope: SHOWN_COMPANY,
      },
    ]);
    expect(screen.getByText('Added 2 to the selection. They are checked before anything is deleted.')).toBeTruthy();
  });

  it('a mapping without an amount says so and sends nothing', async () => {
    const p = await imported();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    expect(screen.getByText('Choose the column that holds the amount (or the Debit and Credit columns).')).toBeTruthy();
    expect(p.bg.sentOfType('find/resolve')).toEqual([]);
  });

  it('a file that is not a report: a clear error, nothing sent', async () => {
    const p = await renderFind({});
    await openTool('Import a list');
    await chooseFile('notes.csv', 'hello\nworld\n');
    expect(screen.getByText('No header row with a Date and an Amount column was found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Match in QuickBooks' })).toBeNull();
    expect(p.bg.sentOfType('find/resolve')).toEqual([]);
  });

  it('a failed match says why and adds nothing', async () => {
    const p = await imported({
      'find/resolve': () => ({ ok: false as const, error: 'QuickBooks did not answer. Nothing was matched or added.' }),
    } as never);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    expect(await screen.findByText(/^QuickBooks did not answer\. Nothing was matched or added\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to selection' })).toBeNull();
    expect(p.bg.sentOfType('selection/add')).toEqual([]);
  });

  it('12,001 lines: resolved 5,000 a message, added 5,000 a message, with the earliest read time', async () => {
    const header = 'Date,Transaction Type,Num,Name,Amount';
    const body = Array.from({ length: 12_001 }, (_, i) => `11/01/2024,Invoice,${i + 1},Amy,1.00`);
    let reads = 0;
    const p = await renderFind({
      'find/resolve': (m) => {
        reads += 1;
        const lines = m.type === 'find/resolve' ? m.lines : [];
        return {
          ok: true,
          data: {
            // The second message read earliest: its time is the one every add carries.
            readAt: READ_AT + (reads === 2 ? 0 : 1000),
            lines: lines.map((l) => ({
              rowKey: l.rowKey,
              kind: 'match',
              candidates: [inv(l.shown.number ?? '', '1')],
            })),
          },
        };
      },
    });
    await openTool('Import a list');
    await chooseFile('list.csv', [header, ...body].join('\n'));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    await screen.findByText('Matched (12,001)');
    expect(p.bg.sentOfType('find/resolve').map((m) => m.lines.length)).toEqual([5000, 5000, 2001]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Add to selection' })));
    const adds = p.bg.sentOfType('selection/add');
    expect(adds.map((m) => m.records.length)).toEqual([5000, 5000, 2001]);
    expect(new Set(adds.map((m) => m.shownAt))).toEqual(new Set([READ_AT]));
  });

  it('has no axe violations: the mapping, the result with a pick', async () => {
    const p = await imported();
    expect(await violations(p.container)).toEqual([]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Match in QuickBooks' })));
    await screen.findByText('Matched (1)');
    fireEvent.click(within(screen.getByRole('group', { name: /^Row 8:/ })).getAllByRole('radio')[1] as HTMLElement);
    expect(await violations(p.container)).toEqual([]);
  });
});
