/** Fixture states for the screens tool: the states issue 21 names, with realistic records. */
import type { PopupState, PreflightStatus, SelectionRow } from '../../lib/messaging/views';
import { everyTypeAndStatus } from './every-row';

const NOW = Date.UTC(2026, 10, 26, 17, 57);
const PARTIES = [
  'Cool Cars',
  'Maple Street Bakery & Café Holdings LLC',
  'Amy’s Bird Sanctuary',
  'Bill’s Windsurf Shop',
];
const STATUSES: PreflightStatus[] = [
  'ready',
  'ready',
  'ready',
  'ready',
  'ready',
  'reconciled',
  'closedPeriod',
  'linked',
];

function rows(n: number): SelectionRow[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `Invoice:${i + 100}`,
    entity: 'Invoice',
    id: String(i + 100),
    shownAt: NOW - 60_000,
    status: STATUSES[i % STATUSES.length],
    txnDate: `2025-0${(i % 9) + 1}-1${i % 10}`,
    docNumber: String(1040 + i),
    party: PARTIES[i % PARTIES.length],
    amount: 1887.59 + i * 13.1,
    currency: 'USD',
  })) as SelectionRow[];
}

const connected: PopupState['connection'] = {
  realmId: '9130350000000001',
  environment: 'production',
  hasToken: true,
  remember: true,
  method: 'oauth',
  companyName: 'Cool Cars Ltd',
};

function state(over: Partial<PopupState>): PopupState {
  return {
    version: 1,
    connection: connected,
    selection: [],
    pageTicked: [],
    unresolved: [],
    recentRuns: [],
    connections: [],
    scope: { realmId: connected.realmId ?? '', environment: 'production', stamp: 'x' },
    preflight: { at: NOW - 5_000, running: false },
    ...over,
  } as PopupState;
}

export const SCREENS: { name: string; state: PopupState; views?: boolean[] }[] = [
  { name: 'checked-50', state: state({ selection: rows(50) }) },
  // Every type in every status, with the widest values: nothing that identifies a record is cut.
  { name: 'every-type-status', state: state({ selection: everyTypeAndStatus(NOW) }) },
  {
    name: 'every-type-void',
    state: state({
      selection: everyTypeAndStatus(NOW),
      choice: { operation: 'void', includeReconciled: false, includeLinked: false },
    }),
  },
  // A first visit: nothing ticked yet; the popup says the find tools exist ("Find in <client>").
  { name: 'nothing-selected', state: state({ selection: [] }), views: [false] },
  {
    name: 'check-failed',
    state: state({
      selection: rows(40),
      preflight: { at: NOW - 5_000, running: false, error: "QuickBooks isn't responding." },
    }),
  },
  {
    name: 'other-client',
    state: state({
      selection: rows(12),
      elsewhere: [
        {
          realmId: '9341452000001',
          environment: 'production',
          companyName: 'Amy’s Bird Sanctuary',
          selected: 30,
          jobActive: true,
        },
      ],
    }),
  },
  { name: 'unreadable-job', state: state({ selection: rows(12), unreadableJobs: 1 }) },
  {
    // A restore whose worker stopped with a create in flight: nothing concluded before its deadline.
    name: 'confirming-landing',
    state: state({
      selection: rows(12),
      job: {
        id: 'job-1',
        realmId: connected.realmId ?? '',
        environment: 'production',
        state: 'waiting',
        done: 11,
        total: 12,
        wait: { kind: 'landing', until: Date.now() + 140_000, count: 1 },
        operation: 'restore',
        counts: { deleted: 0, restored: 11, skipped: 0, refused: 0, needsAttention: 0, voided: 0 },
        records: [],
        startedAt: NOW - 30_000,
      } as unknown as PopupState['job'],
    }),
  },
  {
    // A finished run: the tie-out in words, the groups, then one group of exports.
    name: 'result',
    state: state({
      selection: [],
      job: {
        id: 'job-2',
        realmId: connected.realmId ?? '',
        environment: 'production',
        state: 'done',
        done: 40,
        total: 40,
        operation: 'delete',
        counts: { deleted: 38, restored: 0, skipped: 1, refused: 1, needsAttention: 0, voided: 0 },
        records: rows(40).map((r, i) => ({
          key: r.key,
          entity: r.entity,
          id: r.id,
          docNumber: r.docNumber,
          group: i === 3 ? 'skipped' : i === 7 ? 'refused' : 'deleted',
          outcome: i === 3 ? 'skippedChanged' : i === 7 ? 'refused' : 'deleted',
          txnDate: r.txnDate,
          party: r.party,
          amount: r.amount,
          currency: 'USD',
        })),
        startedAt: NOW - 120_000,
        finishedAt: NOW - 5_000,
        leftAlone: 10,
      } as unknown as PopupState['job'],
    }),
  },
  {
    // Nothing can check the rows yet: they wait for a connection, and a row known only by what the
    // page showed waits to be identified.
    name: 'not-connected',
    state: state({
      connection: { environment: 'production', hasToken: false, remember: false },
      selection: rows(6).map((r) => ({ ...r, status: undefined })),
      preflight: undefined,
      unresolved: [
        {
          rowKey: 'page:1',
          shown: { type: 'Invoice', number: '1242', date: '12/31/2025', amount: '$283.42' },
          tickedAt: NOW - 60_000,
          status: 'identifying',
          candidates: [],
        },
      ],
    }),
  },
];
