/**
 * Every state the popup shows since issue 21, for tests/popup/a11y.test.tsx (axe-core clean in every
 * state): each with what must be on screen, so a state that stopped rendering cannot pass as clean.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { expect } from 'vitest';
import type { JobRecordView, PopupState, RestorePreview } from '../../lib/messaging/views';
import { jobView, NOW, popupState, row, settle } from './fixtures';

/** A finished deletion with a record in every outcome group, each with its identity (the result's table). */
export const finishedEverywhere = jobView({
  state: 'done',
  done: 5,
  total: 5,
  finishedAt: NOW,
  counts: { deleted: 2, voided: 0, restored: 0, skipped: 1, refused: 1, needsAttention: 1 },
  leftAlone: 1,
  records: [
    { ...outcome(1, 'deleted', 'deletedVerified'), amount: 1887.59, party: 'Cool Cars', txnDate: '2024-03-01' },
    { ...outcome(2, 'deleted', 'deleted'), amount: 12, party: 'Amy', txnDate: '2024-03-02' },
    { ...outcome(3, 'skipped', 'skippedChanged'), fault: { code: '5010', message: 'Stale Object Error' } },
    { ...outcome(4, 'refused', 'closedPeriod'), fault: { code: '6210', message: 'Account Period Closed' } },
    outcome(5, 'needsAttention', 'notDeletedVerified'),
  ],
});

function outcome(n: number, group: JobRecordView['group'], kind: JobRecordView['outcome']): JobRecordView {
  return { key: `Invoice:${n}`, entity: 'Invoice', id: String(n), docNumber: String(1000 + n), group, outcome: kind };
}

export const restorePreview: RestorePreview = {
  willRestore: 2,
  byEntity: { Invoice: 2 },
  refused: [
    {
      key: 'Invoice:9',
      entity: 'Invoice',
      id: '9',
      docNumber: '1009',
      party: 'Cool Cars',
      txnDate: '2024-03-01',
      amount: 1887.59,
      currency: 'USD',
      why: { code: 'closedPeriod', dated: '2024-03-01', closedThrough: '2024-12-31' },
    },
  ],
  cannotComeBack: ['attachments'],
  withDocNumbers: 2,
  scope: { realmId: '123', environment: 'sandbox', stamp: 'plan-stamp-1' },
};

/** Every state the popup shows now (issue 21's acceptance: axe-core clean in every state). */
export interface How {
  full?: boolean;
  /** What must be on screen: the state is the one named (a query that throws when it is not). */
  shows: () => unknown;
  open?: () => Promise<void>;
}

export const everyState: [string, PopupState, How][] = [
  [
    'not connected, the page showing a company: Connect the company',
    popupState({
      connection: { environment: 'production', hasToken: false, remember: false, pageRealmId: '9130350000000042' },
      selection: [row(1), row(2)],
      preflight: undefined,
    }),
    { shows: () => screen.getByText(/^Connect the company, open in QuickBooks, to check the 2 selected/) },
  ],
  [
    'connected with a checked selection',
    popupState({
      connection: { ...popupState().connection, companyName: 'Alpha Co' },
      selection: [row(1, 'ready'), row(2, 'reconciled'), row(3, 'linked'), row(4, 'closedPeriod'), row(5, 'changed')],
    }),
    { shows: () => screen.getByRole('button', { name: /^Verify and delete selected/ }) },
  ],
  [
    'connected with a checked selection, full view',
    popupState({
      connection: { ...popupState().connection, companyName: 'Alpha Co' },
      selection: [row(1, 'ready'), row(2, 'reconciled'), row(3, 'linked'), row(4, 'closedPeriod'), row(5, 'changed')],
    }),
    { full: true, shows: () => screen.getByRole('button', { name: 'Sort by Amount' }) },
  ],
  [
    'a failed check: the banner with Try now',
    popupState({
      selection: [row(1, 'ready'), row(2, 'ready')],
      preflight: { at: NOW - 5_000, running: false, error: "QuickBooks isn't responding." },
    }),
    {
      shows: () =>
        within(screen.getByRole('region', { name: 'The check failed' })).getByRole('button', { name: 'Try now' }),
    },
  ],
  [
    'another client in hand',
    popupState({
      connection: { ...popupState().connection, companyName: 'Alpha Co' },
      elsewhere: [
        { realmId: '77', environment: 'sandbox', companyName: 'Beta LLC', selected: 12, jobActive: true },
        { realmId: '78', environment: 'sandbox', selected: 3, jobActive: false },
      ],
    }),
    { shows: () => screen.getByRole('region', { name: 'Other clients' }) },
  ],
  [
    'a stale-tab alert and a notice, each with Dismiss',
    popupState({
      notice: { level: 'error', text: 'Sign-in for Beta LLC did not finish. Try again.' },
      pageIssues: {
        staleTab: {
          url: 'https://app.qbo.intuit.com/app/invoices',
          title: 'Invoices',
          text: 'The tab app.qbo.intuit.com/app/invoices still shows Beta LLC; QuickBooks has Alpha Co open. Reload it.',
          at: 1,
        },
      },
    }),
    {
      shows: () => [
        screen.getByRole('button', { name: 'Dismiss the alert about this tab' }),
        screen.getByRole('button', { name: 'Dismiss this message' }),
      ],
    },
  ],
  [
    'rows ticked by the page',
    popupState({
      pageTicked: [
        { ...row(9), shown: { number: '1424', amount: '$1.00' } },
        { ...row(10), shown: { number: '1425', amount: '$2.00' } },
      ],
    }),
    { shows: () => screen.getByRole('heading', { name: 'Ticked by the page, not by you' }) },
  ],
  [
    'rows not tied to one transaction (issue 20)',
    popupState({
      unresolved: [
        {
          rowKey: 'row:invoices:a1#1',
          shown: { date: '11/03/2026', number: '1047', name: 'Cool Cars', amount: '$120.00' },
          tickedAt: 1,
          status: 'ambiguous',
          candidates: [
            { entity: 'Invoice', id: '179', number: '1047', date: '2026-11-03', name: 'Cool Cars', amount: 120 },
            { entity: 'Invoice', id: '180', number: '1047', date: '2026-11-03', name: 'Cool Cars', amount: 120 },
          ],
        },
        {
          rowKey: 'row:invoices:b2',
          shown: { date: '11/04/2026', amount: '$9.00' },
          tickedAt: 2,
          status: 'notFound',
          candidates: [],
        },
      ],
      pageIssues: { bankLines: { url: 'https://app.qbo.intuit.com/app/banking', count: 2, at: 1 } },
    }),
    { shows: () => screen.getByRole('heading', { name: /Rows not tied to one transaction/ }) },
  ],
  [
    'a running job waiting out an outage',
    popupState({ job: jobView({ state: 'waiting', wait: { kind: 'outage', until: NOW + 60_000 } }) }),
    { shows: () => screen.getByText(/^QuickBooks isn't responding\. Nothing more is sent/) },
  ],
  [
    'a paused job',
    popupState({ job: jobView({ state: 'paused' }) }),
    { shows: () => expect(screen.getByRole('button', { name: 'Resume' })).not.toHaveProperty('disabled', true) },
  ],
  [
    'a finished result with every group open',
    popupState({ job: finishedEverywhere }),
    {
      shows: () => screen.getByRole('heading', { name: 'Finished' }),
      open: openEveryGroup,
    },
  ],
];

/** Opens every closed outcome group of a result (the disclosures; an empty group cannot open). */
export async function openEveryGroup(): Promise<void> {
  for (const b of screen.getAllByRole('button', { expanded: false })) {
    if (b.classList.contains('disclosure')) await settle(() => fireEvent.click(b));
  }
}
