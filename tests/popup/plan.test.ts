import { describe, expect, it } from 'vitest';
import type { SelectionRow } from '../../lib/messaging/views';
import { buildPlan, leftAloneLine, planGroupOf, willDeleteParts } from '../../lib/popup/plan';

/** The parts as the summary shows them, one after another. */
const willDeleteLine = (plan: Parameters<typeof willDeleteParts>[0], locale: string) =>
  willDeleteParts(plan, locale).join(' · ');

import { row } from './fixtures';

const off = { includeReconciled: false, includeLinked: false };

describe('what the click will do', () => {
  it('says count, total, types and date range, then what is left alone, in a fixed order', () => {
    const invoices: SelectionRow[] = Array.from({ length: 51 }, (_, i) => ({
      ...row(i + 1, 'ready'),
      amount: 1000,
      txnDate: i === 0 ? '2024-11-21' : '2025-01-10',
    }));
    const payment: SelectionRow = { ...row(99, 'ready', 'Payment'), amount: 3321.1, txnDate: '2025-04-12' };
    const others = [
      row(200, 'deposited', 'Payment'),
      row(201, 'reconciled'),
      row(202, 'closedPeriod'),
      row(203, 'reconciled'),
      row(204, 'closedPeriod'),
      row(205, 'reconciled'),
    ];
    const plan = buildPlan([...others, ...invoices, payment], off);
    expect(willDeleteLine(plan, 'en-US')).toBe(
      'Will delete 52 · $54,321.10 · Invoices 51, Payment 1 · Nov 21, 2024 – Apr 12, 2025',
    );
    expect(leftAloneLine(plan, 'en-US')).toBe('6 not in this click: 3 reconciled · 2 closed period · 1 deposited');
    expect(leftAloneLine(buildPlan(invoices, off))).toBeUndefined();
  });

  it('sums each currency apart and rounds to the cent', () => {
    const plan = buildPlan(
      [
        { ...row(1, 'ready'), amount: 0.1 },
        { ...row(2, 'ready'), amount: 0.2 },
        { ...row(3, 'ready'), amount: 5, currency: 'EUR' },
      ],
      off,
    );
    expect(willDeleteLine(plan, 'en-US')).toBe('Will delete 3 · $0.30 + €5.00 · Invoices 3 · Mar 1, 2024');
  });

  it('puts linked and reconciled rows where the opt-ins say, everything protected in Left alone', () => {
    expect(planGroupOf('linked', off)).toBe('decision');
    expect(planGroupOf('linked', { ...off, includeLinked: true })).toBe('willDelete');
    expect(planGroupOf('reconciled', { ...off, includeReconciled: true })).toBe('willDelete');
    expect(planGroupOf(undefined, off)).toBe('decision');
    expect(planGroupOf('pageMismatch', off)).toBe('decision');
    for (const s of ['closedPeriod', 'deposited', 'notFound', 'duplicate', 'unsupported', 'unverifiable'] as const)
      expect(planGroupOf(s, { includeLinked: true, includeReconciled: true })).toBe('leftAlone');
  });
});
