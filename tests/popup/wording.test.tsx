// @vitest-environment happy-dom
/**
 * Bookkeeper words: no string a person reads in the popup contains a rule code (R1–R5), an API
 * field name (TxnDate, LastUpdatedTime, SyncToken) or an `Entity:Id` key, whatever the background
 * sends (its reasons are written for the audit log). Judged over rendered popup states: text,
 * tooltips and ARIA labels, and the copied summary.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { JobView, PopupState, SelectionRow } from '../../lib/messaging/views';
import { runSummary } from '../../lib/popup/report';
import { jobView, linkedTo, NOW, popupState, renderPopup, row, settle } from './fixtures';

const JARGON = [
  /\bR[1-5]\b/,
  /TxnDate/,
  /LastUpdatedTime/,
  /SyncToken/,
  /\b[A-Z][A-Za-z]+:\d+\b/,
  /\d{4}-\d{2}-\d{2}T/,
];

function readable(root: Element): string {
  const parts = [root.textContent ?? ''];
  for (const el of root.querySelectorAll('*')) {
    for (const attr of ['title', 'aria-label', 'alt', 'placeholder', 'aria-valuetext']) {
      const value = el.getAttribute(attr);
      if (value) parts.push(value);
    }
  }
  return parts.join('\n');
}

function expectPlain(text: string) {
  for (const pattern of JARGON) expect(text, `found ${pattern}`).not.toMatch(pattern);
}

/**
 * Every status with its findings as lib/preflight sends them: facts that hold the service's own values
 * (ISO dates and timestamps, Ids, page text), worded by the popup.
 */
const jargonRows: SelectionRow[] = [
  {
    ...row(1, 'closedPeriod'),
    blockers: [{ status: 'closedPeriod', dated: '2024-01-05', closedThrough: '2024-03-31' }],
  },
  { ...row(2, 'reconciled'), blockers: [{ status: 'reconciled' }] },
  { ...row(3, 'changed'), blockers: [{ status: 'changed', changedAt: '2026-11-22T14:59:00.000Z' }] },
  {
    ...row(4, 'unverifiable'),
    blockers: [{ status: 'unverifiable', missing: 'LastUpdatedTime', undecided: 'changed' }],
  },
  { ...row(5, 'unverifiable'), blockers: [{ status: 'unverifiable', missing: 'TxnDate', undecided: 'closedPeriod' }] },
  { ...row(6, 'deposited'), blockers: [{ status: 'deposited', depositId: '77' }] },
  { ...row(7, 'notFound'), blockers: [{ status: 'notFound' }] },
  { ...row(8, 'duplicate'), blockers: [{ status: 'duplicate' }] },
  { ...row(9, 'linked'), warnings: linkedTo(['Payment', '3051'], ['Estimate', '576']) },
  {
    ...row(10, 'pageMismatch'),
    blockers: [
      {
        status: 'pageMismatch',
        differences: [
          { field: 'amount', shown: '$1,200.00', actual: 120, currency: 'USD' },
          { field: 'number', shown: '1424', id: '10' },
          { field: 'date', shown: '03/14/2025', actual: '2025-03-13' },
        ],
      },
    ],
  },
  { ...row(11, 'ready') },
  {
    ...row(12, 'linked', 'Payment'),
    warnings: linkedTo(['Invoice', '44']),
    linked: [{ entity: 'Invoice', id: '44', docNumber: '1424', amount: 1200, currency: 'USD', lineAmount: 1200 }],
  },
  { ...row(13, 'unsupported'), blockers: [{ status: 'unsupported', field: 'id', value: 'Invoice:1a' }] },
];

const jargonJob: JobView = jobView({
  state: 'done',
  done: 5,
  total: 5,
  finishedAt: NOW,
  counts: { deleted: 1, voided: 0, restored: 0, skipped: 2, refused: 1, needsAttention: 1 },
  records: [
    { key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'deleted' },
    {
      key: 'Invoice:2',
      entity: 'Invoice',
      id: '2',
      group: 'skipped',
      outcome: 'skippedChanged',
      fault: { code: '5010', message: 'Stale Object Error: SyncToken moved from 0 to 1 (R1)' },
    },
    {
      key: 'Invoice:3',
      entity: 'Invoice',
      id: '3',
      group: 'skipped',
      outcome: 'skippedReconciled',
    },
    {
      key: 'Invoice:4',
      entity: 'Invoice',
      id: '4',
      group: 'refused',
      outcome: 'closedPeriod',
      fault: { code: '6210', message: 'Cannot Update Through Services API: TxnDate in closed period' },
    },
    {
      key: 'Invoice:5',
      entity: 'Invoice',
      id: '5',
      group: 'needsAttention',
      outcome: 'notDeletedVerified',
    },
  ],
});

const states: [string, PopupState][] = [
  ['preflight with every reason', popupState({ selection: jargonRows })],
  ['result with raw service text', popupState({ job: jargonJob })],
  [
    'running and waiting',
    popupState({ job: jobView({ state: 'waiting', wait: { kind: 'rateLimit', until: NOW + 4000 } }) }),
  ],
];

describe('bookkeeper words in every rendered state', () => {
  it.each(states)('%s', async (_name, state) => {
    const { container } = await renderPopup(state);
    expectPlain(readable(container));
  });

  it('also with every group open and both opt-ins ticked', async () => {
    const { container } = await renderPopup(popupState({ selection: jargonRows }));
    await settle(() => fireEvent.click(screen.getByLabelText('Include reconciled transactions')));
    await settle(() => fireEvent.click(screen.getByLabelText('Include linked transactions')));
    for (const radio of screen.getAllByRole('radio')) {
      await settle(() => fireEvent.click(radio));
      expectPlain(readable(container));
    }
  });

  it('in the open deleted table and the copied summary', async () => {
    const writeText = vi.fn(async () => {});
    const { container } = await renderPopup(popupState({ job: jargonJob }), { writeText });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Deleted 1' })));
    expectPlain(readable(container));
    expectPlain(runSummary(jargonJob, 'Maple Street Bakery'));
  });

  it('says the translated reasons in words a bookkeeper uses', async () => {
    const { container } = await renderPopup(popupState({ selection: jargonRows }));
    const text = readable(container);
    expect(text).toContain('Dated Jan 5, 2024, in books closed on Mar 31, 2024');
    expect(text).toContain('Deleting it changes Payment (Id 3051) and Estimate (Id 576)');
    expect(text).toContain('On a bank deposit: QuickBooks refuses');
    expect(text).not.toContain('(Id 77)');
    expect(text).toContain(
      'QuickBooks showed $1,200.00, no. 1424 and the date 03/14/2025 for this row; the record says $120.00, ' +
        'no number (Id 10) and it is dated Mar 13, 2025. Reload the page and tick it again.',
    );
    expect(text).toContain('QuickBooks did not send when it last changed');
    expect(text).toContain('QuickBooks did not send its date, so');
  });
});
