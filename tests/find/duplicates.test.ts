/** The duplicate rules (issue 22, item 3): what groups, what is kept, what is proposed, never what. */
import { describe, expect, it } from 'vitest';
import { type DuplicateCandidate, findDuplicateGroups } from '../../lib/find/duplicates';
import type { Protection } from '../../lib/find/duplicates-facts';
import { foundOf } from '../../lib/find/found';
import type { TxnRecord } from '../../lib/qbo/outcomes';
import { record } from './duplicates-records';

const plain = (r: TxnRecord, protections: Protection[] = []): DuplicateCandidate => ({ record: r, protections });
const find = (records: (TxnRecord | DuplicateCandidate)[], windowDays?: number) =>
  findDuplicateGroups(
    records.map((r) => ('record' in r && 'protections' in r ? r : plain(r as TxnRecord))),
    windowDays === undefined ? {} : { windowDays },
  );
/** Each group as its member keys, kept first. */
const keysOf = (records: Parameters<typeof find>[0], windowDays?: number) =>
  find(records, windowDays).groups.map((g) => g.members.map((m) => m.key));

const inv = (id: string, fields: Parameters<typeof record>[2] = {}) =>
  record('Invoice', id, { name: 'Cool Cars', amount: 120, ...fields });

describe('the day window', () => {
  it('groups records exactly 3 days apart by default, not 4', () => {
    expect(keysOf([inv('10', { date: '2025-03-01' }), inv('11', { date: '2025-03-04' })])).toEqual([
      ['Invoice:10', 'Invoice:11'],
    ]);
    expect(keysOf([inv('10', { date: '2025-03-01' }), inv('11', { date: '2025-03-05' })])).toEqual([]);
  });

  it('takes the chosen window: N days in, N + 1 out, 0 is the same day only', () => {
    const pair = (to: string) => [inv('10', { date: '2025-02-27' }), inv('11', { date: to })];
    expect(keysOf(pair('2025-03-06'), 7)).toHaveLength(1); // 7 days across the month's end
    expect(keysOf(pair('2025-03-07'), 7)).toEqual([]);
    expect(keysOf(pair('2025-02-27'), 0)).toHaveLength(1);
    expect(keysOf(pair('2025-02-28'), 0)).toEqual([]);
  });

  it('anchors a group at its earliest record: a, b 3 days apart and c 3 days after b give {a, b}', () => {
    const a = inv('10', { date: '2025-03-01' });
    const b = inv('11', { date: '2025-03-04' });
    const c = inv('12', { date: '2025-03-07' });
    expect(keysOf([c, b, a])).toEqual([['Invoice:10', 'Invoice:11']]);
    // c starts the next span: a record within 3 days after it joins c, not {a, b}.
    const d = inv('13', { date: '2025-03-09' });
    expect(keysOf([a, b, c, d])).toEqual([
      ['Invoice:10', 'Invoice:11'],
      ['Invoice:12', 'Invoice:13'],
    ]);
  });
});

describe('amounts, names and types', () => {
  it('compares amounts to the cent: $10.00 and $10.001 match, $10.00 and $10.01 do not', () => {
    expect(keysOf([inv('10', { amount: 10 }), inv('11', { amount: 10.001 })])).toHaveLength(1);
    expect(keysOf([inv('10', { amount: 10 }), inv('11', { amount: 10.01 })])).toEqual([]);
    expect(keysOf([inv('10', { amount: 0.1 + 0.2 }), inv('11', { amount: 0.3 })])).toHaveLength(1);
    // Rounded, not cut: $9.999 shows as $10.00.
    expect(keysOf([inv('10', { amount: 10 }), inv('11', { amount: 9.999 })])).toHaveLength(1);
  });

  it('compares names without case or spacing, but not other differences', () => {
    expect(keysOf([inv('10', { name: 'Cool  Cars' }), inv('11', { name: ' cool cars ' })])).toHaveLength(1);
    expect(keysOf([inv('10', { name: 'COOL\tCARS' }), inv('11', { name: 'Cool Cars' })])).toHaveLength(1);
    expect(keysOf([inv('10', { name: 'Cool Cars' }), inv('11', { name: 'Cool Cars Inc' })])).toEqual([]);
  });

  it('folds names as the page check does: a curly apostrophe or an invisible mark is the same name', () => {
    expect(keysOf([inv('10', { name: "O'Brien" }), inv('11', { name: 'O’Brien' })])).toHaveLength(1);
    expect(keysOf([inv('10', { name: 'Cool Cars' }), inv('11', { name: 'Cool\u200b Cars' })])).toHaveLength(1);
  });

  it('never groups different types, nor a card credit with an expense', () => {
    const fields = { name: 'Cool Cars', amount: 120 };
    expect(keysOf([record('Invoice', '10', fields), record('SalesReceipt', '11', fields)])).toEqual([]);
    const expense = record('Purchase', '12', fields);
    const credit = record('Purchase', '13', { ...fields, extra: { Credit: true } });
    expect(keysOf([expense, credit])).toEqual([]);
    expect(keysOf([expense, record('Purchase', '14', fields)])).toEqual([['Purchase:12', 'Purchase:14']]);
  });
});

describe('the same number', () => {
  it('groups the same type and DocNumber whatever the dates and amounts', () => {
    const found = find([
      inv('10', { number: '1001', date: '2025-01-02', amount: 5 }),
      inv('11', { number: ' 1001 ', date: '2025-09-30', amount: 900, name: 'Other' }),
    ]);
    expect(found.groups.map((g) => [g.sameNumber, g.sameAmount, g.proposed])).toEqual([[true, false, ['Invoice:11']]]);
  });

  it('compares numbers as every number compares: "#1001" and "No. 1001" are 1001', () => {
    const far = { date: '2025-09-30', amount: 900 };
    expect(keysOf([inv('10', { number: '1001' }), inv('11', { number: '#1001', ...far })])).toHaveLength(1);
    expect(keysOf([inv('10', { number: 'No. 1001' }), inv('11', { number: '1001', ...far })])).toHaveLength(1);
    expect(keysOf([inv('10', { number: '#' }), inv('11', { number: '#', ...far })])).toEqual([]);
  });

  it('ignores empty numbers and other types', () => {
    const far = { date: '2025-09-30', amount: 900 };
    expect(keysOf([inv('10', { number: '' }), inv('11', { number: '  ', ...far })])).toEqual([]);
    expect(keysOf([inv('10', { number: '77' }), record('Bill', '11', { number: '77', ...far })])).toEqual([]);
  });

  it('merges a same-number pair with a same-amount pair sharing a record', () => {
    const a = inv('10', { date: '2025-03-01' });
    const b = inv('11', { date: '2025-03-02', number: 'A-7' });
    const c = inv('12', { date: '2025-08-01', number: 'a-7', amount: 55 });
    const [group] = find([a, b, c]).groups;
    expect(group?.members.map((m) => m.key)).toEqual(['Invoice:10', 'Invoice:11', 'Invoice:12']);
    expect([group?.sameAmount, group?.sameNumber]).toEqual([true, true]);
  });
});

describe('what is kept', () => {
  const early = inv('10', { created: '2025-03-01T09:00:00Z' });
  const late = inv('11', { created: '2025-03-02T09:00:00Z' });
  const later = inv('12', { created: '2025-03-03T09:00:00Z' });

  it('keeps the earliest created when nothing else tells, and proposes the rest', () => {
    const [group] = find([later, late, early]).groups;
    expect([group?.kept, group?.keptBecause, group?.proposed]).toEqual([
      'Invoice:10',
      'earliestCreated',
      ['Invoice:11', 'Invoice:12'],
    ]);
  });

  it('keeps the lower Id when both were created at the same second (Ids compared as numbers)', () => {
    const at = '2025-03-01T09:00:00Z';
    const [group] = find([inv('100', { created: at }), inv('99', { created: at })]).groups;
    expect([group?.kept, group?.proposed]).toEqual(['Invoice:99', ['Invoice:100']]);
  });

  it.each([
    ['reconciled', ['reconciled']],
    ['linked', ['linked']],
    ['deposited', ['deposited']],
  ] as const)('keeps the %s one over the earliest created', (reason, protections) => {
    const [group] = find([early, plain(late, [...protections])]).groups;
    expect([group?.kept, group?.keptBecause, group?.proposed]).toEqual(['Invoice:11', reason, ['Invoice:10']]);
  });

  it('ranks reconciled over linked over deposited', () => {
    const three = (a: Protection, b: Protection) => find([early, plain(late, [a]), plain(later, [b])]).groups[0];
    expect(three('linked', 'reconciled')?.kept).toBe('Invoice:12');
    expect(three('deposited', 'linked')?.kept).toBe('Invoice:12');
    expect(three('linked', 'deposited')?.kept).toBe('Invoice:11');
  });

  it('keeps both of two reconciled records and proposes the rest', () => {
    const [group] = find([early, plain(late, ['reconciled']), plain(later, ['reconciled'])]).groups;
    expect(group?.members.map((m) => [m.key, m.role])).toEqual([
      ['Invoice:11', 'kept'],
      ['Invoice:10', 'proposed'],
      ['Invoice:12', 'protected'],
    ]);
    expect(group?.proposed).toEqual(['Invoice:10']);
  });

  it('never proposes a reconciled, linked, deposited or unverifiable record: such a group is only counted', () => {
    const found = find([
      plain(early, ['linked']),
      plain(late, ['deposited']),
      plain(later, ['unverifiable']),
      plain(inv('20', { date: '2025-06-01' }), ['deposited']),
      plain(inv('21', { date: '2025-06-01' }), ['reconciled', 'linked']),
    ]);
    expect(found.withoutProposal).toBe(2);
    expect(found.groups).toEqual([]);
  });
});

describe('the side-by-side view', () => {
  it('carries date, number, name, amount, memo, created and the source the record states', () => {
    const a = inv('10', { number: '1001', memo: 'Imported from CSV, batch 3', created: '2025-03-01T09:00:00Z' });
    const b = inv('11', { memo: 'Net 30', extra: { CurrencyRef: { value: 'USD' } } });
    const c = inv('12', { extra: { TxnSource: 'BankFeed' } });
    const [group] = find([a, b, c]).groups;
    const [first, second, third] = group?.members ?? [];
    expect(first).toMatchObject({
      key: 'Invoice:10',
      entity: 'Invoice',
      id: '10',
      date: '2025-03-10',
      number: '1001',
      name: 'Cool Cars',
      amount: 120,
      memo: 'Imported from CSV, batch 3',
      createdAt: '2025-03-01T09:00:00Z',
      source: { kind: 'import', evidence: 'Imported from CSV, batch 3' },
    });
    expect(second).toMatchObject({ key: 'Invoice:11', currency: 'USD', memo: 'Net 30', source: { kind: 'unknown' } });
    expect(third?.source).toEqual({ kind: 'bankFeed', evidence: 'TxnSource: BankFeed' });
  });

  it('a member is the found record a search shows for it, with its key, source, protections and role', () => {
    const a = inv('10', { number: ' 1001 ', memo: '  Net 30 ', extra: { CustomerMemo: { value: 'Thanks' } } });
    const [group] = find([a, inv('11')]).groups;
    const { key, source, protections, role, ...found } = group?.members[0] ?? ({} as never);
    expect(found).toEqual(foundOf(a));
    expect(found).toMatchObject({ number: '1001', memo: 'Net 30' });
    expect([key, source, protections, role]).toEqual(['Invoice:10', { kind: 'unknown' }, [], 'kept']);
  });

  it('names a sync app the memo mentions, and reads a malformed field as absent', () => {
    const a = inv('10', { memo: 'Synder: Stripe payout 4411' });
    const b = inv('11', { extra: { PrivateNote: 42, TxnSource: ['feed'], CustomerMemo: 'Imported' } });
    const [group] = find([a, b]).groups;
    expect(group?.members[0]?.source).toEqual({ kind: 'app', evidence: 'Synder: Stripe payout 4411' });
    expect(group?.members[1]).toMatchObject({ key: 'Invoice:11', source: { kind: 'unknown' } });
    expect(group?.members[1]?.memo).toBeUndefined();
  });
});
