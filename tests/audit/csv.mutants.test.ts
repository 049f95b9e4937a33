/** Mutation survivors of lib/audit/csv.ts (issue 13): every column filled, numbers stay numeric. */
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvRows } from '../../lib/audit/csv';
import type { AuditEntry } from '../../lib/audit/entry';
import { entry } from './fixtures';

/** The cells of the first data row by column name (the test values hold no comma or quote). */
function cells(e: AuditEntry): Record<string, string> {
  const line = csvRows([e])[0]!.split('\r\n')[0]!;
  const values = line.split(',');
  expect(values).toHaveLength(CSV_COLUMNS.length);
  return Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, values[i]!]));
}

const plain = {
  party: 'Acme',
  preDeleteJson: {},
};

describe('CSV columns', () => {
  it('fills currency, the fault code and message, and intuit_tid', () => {
    const row = cells(
      entry({
        ...plain,
        amount: -120.55,
        currency: 'EUR',
        outcome: 'refused',
        outcomeLabel: 'Refused',
        faultCode: '6540',
        faultMessage: 'Deposited Transaction cannot be changed',
        intuitTid: '1-abc-2',
      }),
    );
    expect(row).toMatchObject({
      amount: '-120.55',
      currency: 'EUR',
      party: 'Acme',
      syncToken: '2',
      outcome: 'Refused',
      faultCode: '6540',
      faultMessage: 'Deposited Transaction cannot be changed',
      intuit_tid: '1-abc-2',
      jobId: 'job1',
      docNumber: '1032',
      txnDate: '2025-03-01',
    });
  });

  it('leaves absent optional fields empty (never "undefined")', () => {
    const row = cells(
      entry({
        ...plain,
        docNumber: undefined,
        txnDate: undefined,
        amount: undefined,
        currency: undefined,
        party: undefined,
        faultCode: undefined,
        faultMessage: undefined,
        intuitTid: undefined,
      }),
    );
    for (const c of ['docNumber', 'txnDate', 'amount', 'currency', 'party', 'faultCode', 'faultMessage', 'intuit_tid'])
      expect(row[c], c).toBe('');
  });
});

describe('numbers stay numeric', () => {
  it.each([-120.55, 120.55, -120, 0, -0.01])('an amount of %s is a number cell', (n) => {
    expect(cells(entry({ ...plain, amount: n })).amount).toBe(String(n));
  });
  it.each(['-120.55', '120.55', '-120', '0', '-0.01'])('a text that is a plain number (%s) is left alone', (n) => {
    expect(cells(entry({ ...plain, docNumber: n })).docNumber).toBe(n);
  });
  it('a formula that starts like a number is still guarded', () => {
    for (const t of ['-120.55+1', '-120.', '-.5', '--1'])
      expect(cells(entry({ ...plain, party: t })).party).toBe(`'${t}`);
  });
});
