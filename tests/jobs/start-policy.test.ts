/**
 * The start policy (lib/jobs/start-policy.ts), one row per refusal and per accepted start: the
 * facts a start reads, changed in one place from a start that goes ahead, and the decision.
 */
import { describe, expect, it } from 'vitest';
import type { Choice } from '../../lib/domain/choice';
import type { RestoreRecord } from '../../lib/domain/job-records';
import type { CompanyScope } from '../../lib/domain/scope';
import {
  decideStart,
  type PageFact,
  PREFLIGHT_MAX_AGE_MS,
  type RestoreRequest,
  type SelectionRequest,
  type StartDecision,
  type StartFacts,
} from '../../lib/jobs/start-policy';
import type { JobSnapshot } from '../../lib/jobs/types';
import type { PreflightRow, StoredPreflight } from '../../lib/preflight/preflight-store';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { selectionStamp } from '../../lib/selection/stamp';
import type { SelectedItem } from '../../lib/selection/store';

const NOW = 1_800_000_000_000;
const A: CompanyScope = { realmId: '111', environment: 'sandbox' };
const B: CompanyScope = { realmId: '222', environment: 'sandbox' };
const DELETE_CHOICE: Choice = { operation: 'delete', includeReconciled: false, includeLinked: false };

const record = (entity: TxnRecord['entity'], id: string): TxnRecord => ({
  entity,
  id,
  syncToken: '0',
  linkedTxn: [],
  raw: { Id: id },
});
const row = (status: PreflightRow['status'], reviewed: TxnRecord, more: Partial<PreflightRow> = {}): PreflightRow => ({
  status,
  blockers: status === 'reconciled' ? [{ status: 'reconciled' }] : [],
  warnings: [],
  reviewed,
  ...more,
});
const item = (entity: SelectedItem['entity'], id: string): SelectedItem => ({ entity, id, shownAt: NOW - 60_000 });

/** Two invoices and a payment, all ready, checked a minute ago. */
const selected: Record<string, SelectedItem> = {
  'Invoice:1': item('Invoice', '1'),
  'Invoice:2': item('Invoice', '2'),
  'Payment:3': item('Payment', '3'),
};
const checked: StoredPreflight = {
  at: NOW - 60_000,
  rows: {
    'Invoice:1': row('ready', record('Invoice', '1')),
    'Invoice:2': row('ready', record('Invoice', '2')),
    'Payment:3': row('ready', record('Payment', '3')),
  },
};

const job = (scope: CompanyScope, status: JobSnapshot['status'], more: Partial<JobSnapshot> = {}): JobSnapshot =>
  ({ id: `job-${status}`, ...scope, status, openChunk: false, createdAt: NOW - 1, ...more }) as JobSnapshot;

interface Case {
  facts?: Partial<StartFacts>;
  page?: PageFact;
  request?: Partial<SelectionRequest>;
}

function decide({ facts = {}, page = { kind: 'open', company: A }, request = {} }: Case): StartDecision {
  const req: SelectionRequest = {
    kind: 'selection',
    shownChoice: DELETE_CHOICE,
    choice: DELETE_CHOICE,
    selected,
    checked,
    ...request,
  };
  const base: StartFacts = {
    shown: { ...A, stamp: selectionStamp(req.selected, req.checked) },
    current: A,
    connection: { ...A },
    hasToken: true,
    jobs: [],
    estimate: undefined,
    now: NOW,
  };
  return decideStart({ ...base, ...facts }, page, req);
}
const refusal = (d: StartDecision) => (d.kind === 'refuse' ? d.refusal : d);

const staleCheck: StoredPreflight = { ...checked, at: NOW - PREFLIGHT_MAX_AGE_MS - 1 };
const reconciled: StoredPreflight = {
  ...checked,
  rows: { ...checked.rows, 'Invoice:2': row('reconciled', record('Invoice', '2')) },
};

describe('a delete or void from the selection: each refusal', () => {
  it.each<[string, Case, unknown]>([
    ['another company is open now', { facts: { current: B } }, { code: 'viewMoved', shown: A, now: B }],
    ['no company is open now', { facts: { current: undefined } }, { code: 'viewMoved', shown: A, now: undefined }],
    ['the company is not connected', { facts: { connection: undefined, hasToken: false } }, { code: 'notConnected' }],
    [
      'its sign-in has ended',
      { facts: { connection: { ...A, needsReconnect: true }, hasToken: false } },
      { code: 'signInEnded' },
    ],
    ['the page’s cookie cannot be read', { page: { kind: 'unknown' } }, { code: 'pageCompanyUnknown' }],
    [
      'the page shows another company',
      { page: { kind: 'open', company: B } },
      { code: 'pageCompanyDiffers', page: B, connected: A },
    ],
    ['a job of the company runs', { facts: { jobs: [job(A, 'running')] } }, { code: 'jobRunning' }],
    [
      'a cancelled job still confirms its batch',
      { facts: { jobs: [job(A, 'cancelled', { openChunk: true })] } },
      { code: 'runSettling' },
    ],
    ['a finished run is not closed with Done', { facts: { jobs: [job(A, 'done')] } }, { code: 'runFinished' }],
    ['nothing is selected', { request: { selected: {} } }, { code: 'nothingSelected' }],
    [
      'the last check failed',
      { request: { checked: { ...checked, error: 'QuickBooks did not answer.' } } },
      { code: 'checkFailed', error: 'QuickBooks did not answer.' },
    ],
    ['the selection was never checked', { request: { checked: undefined } }, { code: 'selectionChanged' }],
    [
      'a row has no check',
      { request: { checked: { ...checked, rows: { 'Invoice:1': checked.rows['Invoice:1'] as PreflightRow } } } },
      { code: 'selectionChanged' },
    ],
    ['the view showed another list', { facts: { shown: { ...A, stamp: 'older' } } }, { code: 'listChanged' }],
    [
      'the view showed another choice',
      { request: { shownChoice: { ...DELETE_CHOICE, operation: 'void' } } },
      { code: 'choiceChanged', shown: { ...DELETE_CHOICE, operation: 'void' }, stored: DELETE_CHOICE },
    ],
    [
      'a stored check names another record',
      {
        request: {
          checked: { ...checked, rows: { ...checked.rows, 'Invoice:2': row('ready', record('Invoice', '9')) } },
        },
      },
      { code: 'foreignCheck', keys: ['Invoice:2'] },
    ],
    [
      'an old check, checked again, moved a status',
      {
        request: {
          checked: staleCheck,
          rechecked: { ...checked, rows: { ...checked.rows, 'Invoice:1': row('changed', record('Invoice', '1')) } },
        },
      },
      { code: 'staleCheckChanged' },
    ],
    [
      'an old check could not be run again',
      { request: { checked: staleCheck, rechecked: { ...checked, error: 'down' } } },
      { code: 'staleCheckChanged' },
    ],
    [
      'an old check, run again, is gone',
      { request: { checked: staleCheck, rechecked: undefined } },
      { code: 'staleCheckChanged' },
    ],
    [
      'nothing is ready',
      {
        request: {
          checked: {
            ...checked,
            rows: Object.fromEntries(
              Object.entries(checked.rows).map(([k, r]) => [k, { ...r, status: 'notFound' as const }]),
            ),
          },
        },
      },
      { code: 'nothingReady', operation: 'delete' },
    ],
    ['the device has no room', { facts: { estimate: { usage: 100, quota: 101 } } }, 'noRoom'],
  ])('%s', (_name, c, expected) => {
    const d = decide(c);
    expect(d.kind).toBe('refuse');
    if (expected === 'noRoom') expect(refusal(d)).toMatchObject({ code: 'noRoom', records: 3, free: 1 });
    else expect(refusal(d)).toEqual(expected);
  });

  it('a void of records none of which can be voided is nothing ready to void', () => {
    const only = { 'Bill:4': item('Bill', '4') };
    const d = decide({
      request: {
        selected: only,
        checked: { ...checked, rows: { 'Bill:4': row('ready', record('Bill', '4')) } },
        choice: { ...DELETE_CHOICE, operation: 'void' },
        shownChoice: { ...DELETE_CHOICE, operation: 'void' },
      },
    });
    expect(refusal(d)).toEqual({ code: 'nothingReady', operation: 'void' });
  });

  it('a refusal says what to do about it: check again, forget a foreign check', () => {
    expect(decide({ request: { checked: undefined } })).toMatchObject({ recheck: true });
    expect(decide({ request: { checked: { ...checked, error: 'x' } } })).toMatchObject({ recheck: true });
    const foreign = decide({
      request: {
        checked: { ...checked, rows: { ...checked.rows, 'Invoice:2': row('ready', record('Invoice', '9')) } },
      },
    });
    expect(foreign).toMatchObject({ recheck: true, forget: ['Invoice:2'] });
    expect(decide({ facts: { shown: { ...A, stamp: 'older' } } })).not.toHaveProperty('recheck');
  });

  it('another company’s job is not in the way', () => {
    expect(decide({ facts: { jobs: [job(B, 'running')] } }).kind).toBe('start');
  });
});

describe('a delete or void from the selection: accepted', () => {
  const start = (d: StartDecision) => {
    if (d.kind !== 'start') throw new Error(`expected a start, got ${JSON.stringify(d)}`);
    return { ...d, keys: d.records.map((r) => `${r.record.entity}:${r.record.id}`) };
  };

  it('every ready record, with the stored choice, for the connected company', () => {
    const d = start(decide({}));
    expect(d).toMatchObject({ scope: A, operation: 'delete', includeReconciled: false });
    expect(d.keys).toEqual(['Invoice:1', 'Invoice:2', 'Payment:3']);
  });

  it('with no page seen yet (a start from the full view)', () => {
    expect(decide({ page: { kind: 'none' } }).kind).toBe('start');
  });

  it('a reconciled record is left out unless its opt-in is ticked, then flagged', () => {
    expect(start(decide({ request: { checked: reconciled } })).keys).toEqual(['Invoice:1', 'Payment:3']);
    const opted = { ...DELETE_CHOICE, includeReconciled: true };
    const d = start(decide({ request: { checked: reconciled, choice: opted, shownChoice: opted } }));
    expect(d.keys).toEqual(['Invoice:1', 'Invoice:2', 'Payment:3']);
    expect(d.records.find((r) => r.record.id === '2')?.reconciled).toBe(true);
    expect(d.includeReconciled).toBe(true);
  });

  it('a void takes only the records that can be voided', () => {
    const v = { ...DELETE_CHOICE, operation: 'void' as const };
    const withBill = { ...selected, 'Bill:4': item('Bill', '4') };
    const rows = { ...checked, rows: { ...checked.rows, 'Bill:4': row('ready', record('Bill', '4')) } };
    const d = start(decide({ request: { selected: withBill, checked: rows, choice: v, shownChoice: v } }));
    expect(d.operation).toBe('void');
    expect(d.keys).toEqual(['Invoice:1', 'Invoice:2', 'Payment:3']);
  });

  it('an old check is run again first, then starts with the fresh one when no status moved', () => {
    expect(decide({ request: { checked: staleCheck } })).toEqual({ kind: 'recheck', scope: A });
    const fresh = {
      ...checked,
      rows: { ...checked.rows, 'Invoice:1': row('ready', { ...record('Invoice', '1'), syncToken: '5' }) },
    };
    const d = start(decide({ request: { checked: staleCheck, rechecked: fresh } }));
    expect(d.records.find((r) => r.record.id === '1')?.record.syncToken).toBe('5');
  });

  it('room enough', () => {
    expect(decide({ facts: { estimate: { usage: 0, quota: 1e9 } } }).kind).toBe('start');
  });
});

describe('a restore', () => {
  const chunk: RestoreRecord[] = [
    { kind: 'restore', entity: 'Invoice', id: '1', create: { kind: 'send', body: { Line: [] }, dependsOn: [] } },
  ];
  const plan = { chunks: [chunk], size: 1, stamp: 'plan-1', unconfirmed: 0 };
  const restore = (facts: Partial<StartFacts>, request: RestoreRequest) =>
    decideStart(
      {
        shown: { ...A, stamp: 'plan-1' },
        current: A,
        connection: { ...A },
        hasToken: true,
        jobs: [],
        estimate: undefined,
        now: NOW,
        ...facts,
      },
      { kind: 'none' },
      request,
    );

  it.each<[string, Partial<StartFacts>, RestoreRequest, unknown]>([
    ['another company is open now', { current: B }, { kind: 'restore', plan }, { code: 'viewMoved', shown: A, now: B }],
    ['not connected', { hasToken: false }, { kind: 'restore', plan }, { code: 'notConnected' }],
    ['a job runs', { jobs: [job(A, 'paused')] }, { kind: 'restore', plan }, { code: 'jobRunning' }],
    [
      'a cancelled job still confirms its batch',
      { jobs: [job(A, 'cancelled', { openChunk: true })] },
      { kind: 'restore', plan },
      { code: 'runSettling' },
    ],
    [
      'nothing to restore',
      {},
      { kind: 'restore', plan: { ...plan, chunks: [], size: 0 } },
      { code: 'nothingToRestore' },
    ],
    [
      'only records that may be back',
      {},
      { kind: 'restore', plan: { ...plan, chunks: [], size: 0, unconfirmed: 2 } },
      { code: 'onlyUnconfirmed' },
    ],
    [
      'the plan moved since the preview',
      { shown: { ...A, stamp: 'plan-0' } },
      { kind: 'restore', plan },
      { code: 'planChanged' },
    ],
  ])('refused: %s', (_name, facts, request, expected) => {
    expect(refusal(restore(facts, request))).toEqual(expected);
  });

  it('refused: no room', () => {
    expect(refusal(restore({ estimate: { usage: 10, quota: 11 } }, { kind: 'restore', plan }))).toMatchObject({
      code: 'noRoom',
      records: 1,
    });
  });

  it('a finished run does not stop a restore (it is how a run is undone)', () => {
    expect(restore({ jobs: [job(A, 'done')] }, { kind: 'restore', plan }).kind).toBe('startRestore');
  });

  it('asks for the plan only once the gates have passed, then starts with its chunks', () => {
    expect(restore({}, { kind: 'restore' })).toEqual({ kind: 'plan', scope: A });
    expect(refusal(restore({ current: B }, { kind: 'restore' }))).toMatchObject({ code: 'viewMoved' });
    expect(restore({}, { kind: 'restore', plan })).toEqual({ kind: 'startRestore', scope: A, chunks: [chunk] });
  });

  it('a plan that only refuses still starts (its refusals are listed in the result)', () => {
    expect(restore({}, { kind: 'restore', plan: { ...plan, size: 1 } }).kind).toBe('startRestore');
  });
});
