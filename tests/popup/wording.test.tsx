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
import { jobView, NOW, popupState, renderPopup, row, settle } from './fixtures';

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

/** Reasons exactly as lib/preflight writes them today. */
const jargonRows: SelectionRow[] = [
  { ...row(1, 'closedPeriod'), reason: 'R3: dated 2024-01-05, in the period closed on 2024-03-31' },
  {
    ...row(2, 'reconciled'),
    reason: 'R2: reconciled; the service would delete it without a word and unbalance the reconciliation',
  },
  { ...row(3, 'changed'), reason: 'changed at 2026-11-22T14:59:00.000Z, after the page showed it' },
  {
    ...row(4, 'unverifiable'),
    reason: 'the service gave no readable LastUpdatedTime: cannot prove the record unchanged',
  },
  { ...row(5, 'unverifiable'), reason: 'no readable TxnDate: cannot compare with the book-closing date' },
  {
    ...row(6, 'deposited'),
    reason: 'on Deposit 77: the service refuses it (6540) until it is removed from the deposit',
  },
  { ...row(7, 'notFound'), reason: 'Invoice 7 no longer exists (deleted already?)' },
  { ...row(8, 'duplicate'), reason: 'Invoice:8 is already in the selection' },
  {
    ...row(9, 'linked'),
    reason: 'Ready to delete; warning: linked to Payment 3051, Estimate 576: deleting it changes those records',
    warnings: ['linked to Payment 3051, Estimate 576: deleting it changes those records'],
  },
  {
    ...row(10, 'pageMismatch'),
    reason: 'QuickBooks showed $1,200.00 for this row; the record says $120.00 (SyncToken 3, Invoice:10).',
  },
  { ...row(11, 'ready'), reason: 'Ready to delete' },
  {
    ...row(12, 'linked', 'Payment'),
    reason: 'Ready to delete; warning: linked to Invoice 44: deleting it changes that record',
    warnings: ['linked to Invoice 44: deleting it changes that record'],
    linked: [{ entity: 'Invoice', id: '44', docNumber: '1424', amount: 1200, currency: 'USD', lineAmount: 1200 }],
  },
];

const jargonJob: JobView = jobView({
  state: 'done',
  done: 5,
  total: 5,
  finishedAt: NOW,
  counts: { deleted: 1, voided: 0, restored: 0, skipped: 2, refused: 1, needsAttention: 1 },
  records: [
    { key: 'Invoice:1', entity: 'Invoice', id: '1', group: 'deleted', outcome: 'Deleted' },
    {
      key: 'Invoice:2',
      entity: 'Invoice',
      id: '2',
      group: 'skipped',
      outcome: 'Skipped: changed since review',
      reason: 'SyncToken moved from 0 to 1 (R1)',
    },
    {
      key: 'Invoice:3',
      entity: 'Invoice',
      id: '3',
      group: 'skipped',
      outcome: 'Skipped: reconciled',
      reason: 'R2: Invoice:3 reconciled',
    },
    {
      key: 'Invoice:4',
      entity: 'Invoice',
      id: '4',
      group: 'refused',
      outcome: 'Refused: closed period',
      faultCode: '6210',
      reason: 'Cannot Update Through Services API: TxnDate in closed period',
    },
    {
      key: 'Invoice:5',
      entity: 'Invoice',
      id: '5',
      group: 'needsAttention',
      outcome: 'Not deleted (verified)',
      reason: 'R5: 502 on batch; re-read Invoice:5 found LastUpdatedTime unchanged',
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
    expect(text).toContain('On a bank deposit (Id 77)');
    expect(text).toContain('the record says $120.00 (version 3, Invoice (Id 10))');
  });
});
