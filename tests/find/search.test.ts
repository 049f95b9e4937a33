/** Find transactions: the statements sent, R4's counted paging, the limit, and the filters applied after the read. */
import { describe, expect, it } from 'vitest';
import { searchTransactions } from '../../lib/find/search';
import { MAX_SEARCH_RESULTS, parseSearchQuery } from '../../lib/find/search-query';
import type { QueryRows } from '../../lib/qbo/query-answer';
import { books, invoices } from './search-books';

const at = (iso: string) => Date.parse(iso);

describe('the statements a search sends', () => {
  it('puts the date range, the created window (whole seconds, widened) and a plain number in count(*) and every page', async () => {
    const b = books([{ id: 1, date: '2024-11-03', number: '1042', created: '2024-11-03T14:02:00+00:00' }]);
    const outcome = await searchTransactions(
      {
        types: ['Invoice'],
        txnDateFrom: '2024-01-01',
        txnDateTo: '2024-12-31',
        createdFrom: at('2024-11-03T14:00:00.400Z'),
        createdTo: at('2024-11-03T14:05:00.200Z'),
        number: ' 1042 ',
      },
      b.read,
    );
    const where =
      "where TxnDate >= '2024-01-01' and TxnDate <= '2024-12-31'" +
      " and MetaData.CreateTime >= '2024-11-03T14:00:00+00:00' and MetaData.CreateTime <= '2024-11-03T14:05:01+00:00'" +
      " and DocNumber IN ('1042', '#1042')";
    expect(b.statements).toEqual([
      `select count(*) from Invoice ${where}`,
      `select * from Invoice ${where} startposition 1 maxresults 1000`,
    ]);
    expect(outcome).toMatchObject({ kind: 'ok', total: 1, rows: [{ entity: 'Invoice', id: '1', number: '1042' }] });
  });

  it('reads each type apart, with no WHERE when nothing narrows it', async () => {
    const b = books([
      { id: 1, date: '2024-01-01' },
      { id: 2, entity: 'Bill', date: '2024-01-02' },
    ]);
    const outcome = await searchTransactions({ types: ['Invoice', 'Bill'] }, b.read);
    expect(b.statements).toEqual([
      'select count(*) from Invoice',
      'select count(*) from Bill',
      'select * from Invoice startposition 1 maxresults 1000',
      'select * from Bill startposition 1 maxresults 1000',
    ]);
    expect(outcome).toMatchObject({ kind: 'ok', total: 2 });
  });

  it("never puts a name's characters in a statement: quotes stay out, the name is matched after the read", async () => {
    const name = "O'Brien' and Id > '0";
    const b = books([
      { id: 1, date: '2024-01-01', name: "  o'brien'   AND id > '0 " },
      { id: 2, date: '2024-01-01', name: 'OBrien' },
    ]);
    const outcome = await searchTransactions({ types: ['Invoice'], name }, b.read);
    for (const s of b.statements) {
      expect(s).not.toMatch(/brien/i);
      expect(s).not.toContain("'0");
    }
    expect(outcome).toMatchObject({ kind: 'ok', total: 1, rows: [{ id: '1' }] });
  });

  it('keeps a number with letters or a quote out of the statement and matches it without case after the read', async () => {
    const b = books([
      { id: 1, date: '2024-01-01', number: "inv-7'" },
      { id: 2, date: '2024-01-01', number: 'INV-8' },
    ]);
    const outcome = await searchTransactions({ types: ['Invoice'], number: "INV-7'" }, b.read);
    expect(b.statements.join('\n')).not.toMatch(/DocNumber|inv-/i);
    expect(outcome).toMatchObject({ kind: 'ok', rows: [{ id: '1' }] });
  });
});

describe('R4: counted and paged', () => {
  it('reads 2,345 records in pages of 1000 from STARTPOSITION 1, 1001, 2001, sorted by date then number', async () => {
    const b = books(invoices(2345));
    const outcome = await searchTransactions({ types: ['Invoice'] }, b.read);
    expect(b.statements.map((s) => s.match(/startposition (\d+)/)?.[1] ?? 'count')).toEqual([
      'count',
      '1',
      '1001',
      '2001',
    ]);
    if (outcome.kind !== 'ok') throw new Error(outcome.kind);
    expect(outcome.total).toBe(2345);
    expect(new Set(outcome.rows.map((r) => r.id)).size).toBe(2345);
    const order = outcome.rows.map((r) => `${r.date} ${r.number?.padStart(6, '0')}`);
    expect(order).toEqual([...order].sort());
    expect(outcome.calls).toBe(4);
  });

  it('sorts numbers as numbers within a day ("2" before "10")', async () => {
    const b = books([
      { id: 1, date: '2024-01-02', number: '10' },
      { id: 2, date: '2024-01-02', number: '2' },
      { id: 3, date: '2024-01-01', number: '99' },
      { id: 4, date: '2024-01-02', number: '007' },
      { id: 5, date: '2024-01-02', number: 'A-3' },
    ]);
    const outcome = await searchTransactions({ types: ['Invoice'] }, b.read);
    expect(outcome.kind === 'ok' && outcome.rows.map((r) => r.number)).toEqual(['99', '2', '007', '10', 'A-3']);
  });

  const dropOne = (statement: string, answer: QueryRows): QueryRows =>
    statement.includes('startposition 1001') ? { ...answer, rows: answer.rows.slice(1) } : answer;

  it('fails, showing nothing, when a page comes back short of what count(*) said', async () => {
    const outcome = await searchTransactions({ types: ['Invoice'] }, books(invoices(1500), dropOne).read);
    expect(outcome).toMatchObject({ kind: 'failed', entity: 'Invoice', failure: { kind: 'incomplete' } });
    expect(outcome).not.toHaveProperty('rows');
  });

  it('fails when a row comes twice while paging', async () => {
    const repeat = (s: string, a: QueryRows): QueryRows =>
      s.includes('startposition 1001') ? { ...a, rows: [...a.rows.slice(0, -1), a.rows[0]] } : a;
    const outcome = await searchTransactions({ types: ['Invoice'] }, books(invoices(1500), repeat).read);
    expect(outcome).toMatchObject({
      kind: 'failed',
      failure: { kind: 'incomplete', reason: expect.stringMatching(/twice/) },
    });
  });

  it('fails when count(*) gives no total but a page has rows; an empty `{}` proves an empty set', async () => {
    const noTotal = (s: string, a: QueryRows): QueryRows =>
      s.startsWith('select count') ? { ...a, totalCount: undefined } : a;
    const some = await searchTransactions({ types: ['Invoice'] }, books(invoices(3), noTotal).read);
    expect(some).toMatchObject({ kind: 'failed', failure: { kind: 'incomplete' } });
    const none = books([], noTotal);
    expect(await searchTransactions({ types: ['Invoice'] }, none.read)).toMatchObject({
      kind: 'ok',
      total: 0,
      rows: [],
    });
    expect(none.statements).toHaveLength(2);
  });

  it('fails on a failed call or a reader that throws, for the type it was reading', async () => {
    const b = books(invoices(3));
    const refused = await searchTransactions({ types: ['Invoice', 'Bill'] }, async (entity, s) =>
      entity === 'Bill' ? { kind: 'unauthorized', meta: { status: 401 } } : b.read(entity, s),
    );
    expect(refused).toMatchObject({ kind: 'failed', entity: 'Bill', failure: { kind: 'unauthorized' } });
    const threw = await searchTransactions({ types: ['Invoice'] }, async () => {
      throw new Error('socket hang up');
    });
    expect(threw).toMatchObject({ kind: 'failed', failure: { kind: 'ambiguous' } });
  });
});

describe('too many results', () => {
  it(`refuses past ${MAX_SEARCH_RESULTS.toLocaleString('en-US')} counted, before reading a page`, async () => {
    const statements: string[] = [];
    const outcome = await searchTransactions({ types: ['Invoice', 'Bill'] }, async (entity, s) => {
      statements.push(s);
      return { kind: 'ok', meta: { status: 200 }, rows: [], totalCount: entity === 'Invoice' ? 30_000 : 20_001 };
    });
    expect(outcome).toEqual({ kind: 'tooMany', counted: 50_001, limit: MAX_SEARCH_RESULTS, calls: 2 });
    expect(statements.every((s) => s.startsWith('select count(*)'))).toBe(true);
  });

  it('reads exactly the limit', async () => {
    const outcome = await searchTransactions({ types: ['Invoice'] }, books(invoices(120)).read, { limit: 120 });
    expect(outcome).toMatchObject({ kind: 'ok', total: 120 });
    const over = await searchTransactions({ types: ['Invoice'] }, books(invoices(121)).read, { limit: 120 });
    expect(over).toMatchObject({ kind: 'tooMany', counted: 121 });
  });
});

describe('filters applied after the read', () => {
  const txns = [
    { id: 1, date: '2024-03-01', name: 'Cool Cars', amount: 12.5, created: '2024-11-03T14:00:00.000Z' },
    { id: 2, date: '2024-03-01', name: 'cool  cars', amount: 12.51, created: '2024-11-03T14:05:00.000Z' },
    { id: 3, date: '2024-03-02', name: 'Amy', amount: 99.99, created: '2024-11-03T14:05:00.500Z' },
    { id: 4, entity: 'Transfer' as const, date: '2024-03-02', amount: 12.5, created: '2024-11-03T13:59:59.999Z' },
  ];
  const ids = async (query: Record<string, unknown>) => {
    const outcome = await searchTransactions({ types: ['Invoice', 'Transfer'], ...query }, books(txns).read);
    if (outcome.kind !== 'ok') throw new Error(outcome.kind);
    return outcome.rows.map((r) => r.id);
  };

  it('an exact amount in cents, on TotalAmt or on a Transfer’s Amount', async () => {
    expect(await ids({ amount: { exact: 1250 } })).toEqual(['1', '4']);
  });
  it('an amount range, both ends included', async () => {
    expect(await ids({ amount: { min: 1251, max: 9999 } })).toEqual(['2', '3']);
  });
  it('a name without case or spacing', async () => {
    expect(await ids({ name: ' COOL cars ' })).toEqual(['1', '2']);
  });
  it('a name as the page check folds it: a curly apostrophe or a zero-width space pasted with it', async () => {
    const named = books([
      { id: 1, date: '2024-01-01', name: "O'Brien Plumbing" },
      { id: 2, date: '2024-01-01', name: 'OBrien Plumbing' },
    ]);
    for (const name of ['O’Brien Plumbing', "O'Brien\u200b Plumbing"]) {
      const outcome = await searchTransactions({ types: ['Invoice'], name }, named.read);
      expect(outcome, name).toMatchObject({ kind: 'ok', total: 1, rows: [{ id: '1' }] });
    }
  });
  it('a number with its "#" or without finds the record written either way', async () => {
    const numbered = books([
      { id: 1, date: '2024-01-01', number: '1001' },
      { id: 2, date: '2024-01-01', number: '#1001' },
      { id: 3, date: '2024-01-01', number: '10011' },
    ]);
    for (const number of ['1001', '#1001', 'No. 1001']) {
      const outcome = await searchTransactions({ types: ['Invoice'], number }, numbered.read);
      expect(outcome.kind === 'ok' && outcome.rows.map((r) => r.id).sort(), number).toEqual(['1', '2']);
    }
  });
  it('the created window to the millisecond, though the service is asked in whole seconds', async () => {
    const window = { createdFrom: at('2024-11-03T14:00:00Z'), createdTo: at('2024-11-03T14:05:00Z') };
    expect(await ids(window)).toEqual(['1', '2']);
  });
  it('a row the service sent outside the asked dates is not shown', async () => {
    const loose = books(txns);
    const outcome = await searchTransactions(
      { types: ['Invoice'], txnDateFrom: '2024-03-02', txnDateTo: '2024-03-02' },
      async (e, s) => loose.read(e, s.replace(/ where .*?(?= startposition|$)/, '')),
    );
    expect(outcome).toMatchObject({ kind: 'ok', total: 1, rows: [{ id: '3' }] });
  });
  it('rows carry what the table shows', async () => {
    const outcome = await searchTransactions(
      { types: ['Invoice'], name: 'amy' },
      books([{ ...txns[2]!, number: '7', memo: 'dup' }]).read,
    );
    expect(outcome).toMatchObject({
      kind: 'ok',
      rows: [
        {
          entity: 'Invoice',
          id: '3',
          date: '2024-03-02',
          number: '7',
          name: 'Amy',
          amount: 99.99,
          currency: 'USD',
          memo: 'dup',
          createdAt: '2024-11-03T14:05:00.500Z',
          updatedAt: '2024-11-03T10:00:00-07:00',
        },
      ],
    });
  });
});

describe('the query, checked on arrival', () => {
  const rule = (value: unknown) => {
    const parsed = parseSearchQuery(value);
    return parsed.kind === 'ok' ? 'ok' : parsed.issues.map((i) => ('params' in i ? i.params?.rule : i.code) ?? i.code);
  };
  it('a date range of at most five calendar years', () => {
    expect(rule({ types: ['Invoice'], txnDateFrom: '2020-02-29', txnDateTo: '2025-02-28' })).toBe('ok');
    expect(rule({ types: ['Invoice'], txnDateFrom: '2020-03-01', txnDateTo: '2025-03-01' })).toBe('ok');
    expect(rule({ types: ['Invoice'], txnDateFrom: '2020-03-01', txnDateTo: '2025-03-02' })).toEqual([
      'dateRangeTooLong',
    ]);
    expect(rule({ types: ['Invoice'], txnDateFrom: '2024-03-02', txnDateTo: '2024-03-01' })).toEqual([
      'dateRangeReversed',
    ]);
    expect(rule({ types: ['Invoice'], txnDateFrom: '2024-03-02' })).toEqual(['dateRangeHalf']);
    expect(rule({ types: ['Invoice'], txnDateFrom: '2024-02-30', txnDateTo: '2024-03-01' })).toEqual(['notADate']);
  });
  it('types from the allow-list, one or more, none twice; nothing unknown', () => {
    expect(rule({ types: [] })).not.toBe('ok');
    expect(rule({ types: ['Invoice', 'Invoice'] })).toEqual(['typeTwice']);
    expect(rule({ types: ['Invoice from Bill'] })).not.toBe('ok');
    expect(rule({ types: ['Invoice'], where: '1=1' })).not.toBe('ok');
    expect(rule({ types: ['Invoice'], amount: { min: 5, max: 4 } })).not.toBe('ok');
    expect(rule({ types: ['Invoice'], amount: { exact: 1.5 } })).not.toBe('ok');
    expect(rule({ types: ['Invoice'], createdFrom: 2, createdTo: 1 })).not.toBe('ok');
  });
  it('an invalid query reads nothing', async () => {
    const b = books(invoices(2));
    const outcome = await searchTransactions({ types: ['Transaction'] } as never, b.read);
    expect(outcome).toMatchObject({ kind: 'invalid', calls: 0 });
    expect(b.statements).toEqual([]);
  });
});
