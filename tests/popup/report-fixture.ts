/**
 * One run to report on, shared by the report's tests: two invoices and a payment deleted (one of
 * them in euros), a refused bill in a closed period, a skipped one that changed, and three rows of
 * the selection the job did not take (reconciled, deposited, ready). Names carry formula text.
 */
import type { JobView, SelectionRow } from '../../lib/messaging/views';
import { jobView, NOW, row } from './fixtures';

export const REPORT_JOB: JobView = jobView({
  state: 'done',
  done: 5,
  total: 5,
  finishedAt: NOW,
  counts: { deleted: 3, voided: 0, restored: 0, skipped: 1, refused: 1, needsAttention: 0 },
  records: [
    {
      key: 'Invoice:1',
      entity: 'Invoice',
      id: '1',
      docNumber: '1047',
      group: 'deleted',
      outcome: 'deletedVerified',
      party: 'Cool Cars',
      txnDate: '2024-03-01',
      amount: 1887.59,
      currency: 'USD',
    },
    {
      key: 'Invoice:2',
      entity: 'Invoice',
      id: '2',
      docNumber: '1048',
      group: 'deleted',
      outcome: 'deleted',
      party: '=HYPERLINK("https://evil.example")',
      txnDate: '2024-03-02',
      amount: 100.01,
      currency: 'USD',
    },
    {
      key: 'Payment:3',
      entity: 'Payment',
      id: '3',
      group: 'deleted',
      outcome: 'deleted',
      party: 'Acme GmbH',
      txnDate: '2024-03-03',
      amount: -20.5,
      currency: 'EUR',
    },
    {
      key: 'Bill:4',
      entity: 'Bill',
      id: '4',
      docNumber: 'B-9',
      group: 'refused',
      outcome: 'refused',
      fault: { code: '6210', message: '' },
      txnDate: '2023-12-31',
      amount: 75,
      currency: 'USD',
    },
    {
      key: 'Bill:5',
      entity: 'Bill',
      id: '5',
      group: 'skipped',
      outcome: 'skippedChanged',
      amount: 12,
      currency: 'USD',
    },
  ],
});

/** The selection as the popup holds it after the run: the taken rows and three the check left alone. */
export const REPORT_SELECTION: SelectionRow[] = [
  row(1, 'ready'),
  { ...row(7, 'reconciled'), party: '@SUM(A1)', amount: 250 },
  { ...row(8, 'deposited', 'Payment'), amount: 40.25 },
  row(9, 'ready', 'SalesReceipt'),
];

export const REPORT_OPTIONS = {
  companyName: 'Maple Street Bakery',
  version: '1.4.2',
  locale: 'en-US',
  timeZone: 'UTC',
} as const;
