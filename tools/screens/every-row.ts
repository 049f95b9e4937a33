/**
 * A selection with every transaction type in every preflight status (and not checked yet), each
 * carrying the facts its status is worded from, with the widest values a bookkeeper meets: long
 * names, five-figure amounts, numbers with letters, records without a number. The screens tool and
 * the screens spec draw it in the popup and the full view to prove no identifying cell is cut.
 */
import { ENTITIES, type Entity } from '../../lib/domain/entities';
import type { BlockingFinding, WarningFinding } from '../../lib/domain/findings';
import { PREFLIGHT_STATUSES, type PreflightStatus } from '../../lib/domain/statuses';
import type { SelectionRow } from '../../lib/messaging/views';

const PARTIES = [
  'Maple Street Bakery & Café Holdings LLC',
  'Cool Cars',
  'Redwood Roofing & Gutters',
  'Amy’s Bird Sanctuary',
  undefined, // a transfer or a journal entry names no one
];
const NUMBERS = ['1040', 'CC-88231', '10432', undefined, 'INV-2025-0042'];
const AMOUNTS = [128_450.0, 5_584.91, 12.4, 99_999.99, 1_362.07];
const DATES = ['2025-12-31', '2025-09-30', '2024-05-17', '2025-02-28', '2025-11-30'];

/** The facts a row of this status carries, as the background sends them. */
function findings(
  status: PreflightStatus | undefined,
  date: string,
  taxed: boolean,
): Pick<SelectionRow, 'blockers' | 'warnings' | 'linked'> {
  const blockers = (b: BlockingFinding) => ({ blockers: [b], warnings: [] });
  switch (status) {
    case undefined:
      return { blockers: [], warnings: [] };
    case 'ready':
      // Sales tax is a note beside the row, never a status: some ready rows carry it.
      return { blockers: [], warnings: taxed ? [{ status: 'salesTax', totalTax: 412.4, currency: 'USD' }] : [] };
    case 'linked': {
      const links: WarningFinding = {
        status: 'linked',
        links: [
          { txnType: 'Payment', txnId: '3051' },
          { txnType: 'Payment', txnId: '3052' },
        ],
      };
      return {
        blockers: [],
        warnings: [links],
        linked: [
          { entity: 'Payment', id: '3051', docNumber: '3051', amount: 1200, lineAmount: 1200, currency: 'USD' },
          { entity: 'Payment', id: '3052', amount: 687.59, lineAmount: 687.59, currency: 'USD' },
        ],
      };
    }
    case 'inventory':
      return {
        blockers: [],
        warnings: [{ status: 'inventory', items: [{ id: '11', name: 'Rock Fountain' }], dated: date }],
      };
    case 'reconciled':
      return blockers({ status: 'reconciled' });
    case 'changed':
      return blockers({ status: 'changed', changedAt: '2026-11-26T17:40:00Z' });
    case 'closedPeriod':
      return blockers({ status: 'closedPeriod', dated: date, closedThrough: '2025-12-31' });
    case 'notFound':
      return blockers({ status: 'notFound' });
    case 'deposited':
      return blockers({ status: 'deposited', depositId: '402' });
    case 'unsupported':
      return blockers({ status: 'unsupported', field: 'entity', value: 'TimeActivity' });
    case 'duplicate':
      return blockers({ status: 'duplicate' });
    case 'unverifiable':
      return blockers({ status: 'unverifiable', missing: 'LastUpdatedTime', undecided: 'changed' });
    case 'pageMismatch':
      return blockers({
        status: 'pageMismatch',
        differences: [{ field: 'amount', shown: '$1,900.00', actual: 1887.59 }],
      });
  }
}

/** Every type in every status (type-major), `shownAt` a minute before `now`. */
export function everyTypeAndStatus(now: number): SelectionRow[] {
  const statuses: (PreflightStatus | undefined)[] = [...PREFLIGHT_STATUSES, undefined];
  const rows: SelectionRow[] = [];
  ENTITIES.forEach((entity: Entity, t) => {
    statuses.forEach((status, s) => {
      const i = t * statuses.length + s;
      const id = String(500 + i);
      const date = DATES[i % DATES.length] ?? '2025-12-31';
      rows.push({
        key: `${entity}:${id}`,
        entity,
        id,
        shownAt: now - 60_000,
        status,
        ...findings(status, date, t % 2 === 0),
        txnDate: date,
        docNumber: NUMBERS[i % NUMBERS.length],
        party: PARTIES[i % PARTIES.length],
        amount: AMOUNTS[i % AMOUNTS.length],
        currency: 'USD',
      });
    });
  });
  return rows;
}
