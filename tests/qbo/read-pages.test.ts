/**
 * The one paging loop of the reads by WHERE clause (lib/qbo/read-pages.ts: readWindow and
 * readCreated page through it), driven by a scripted service: count(*) then STARTPOSITION and
 * MAXRESULTS pages until the count is reached (R4); every way a set can come back short or wrong is
 * a failure that names it, never a smaller set.
 */
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import { readAllPages } from '../../lib/qbo/read-pages';

const WHERE = "where TxnDate = '2026-11-02'";
const invoice = (id: string) => ({ Id: id, SyncToken: '0', DocNumber: `D${id}` });
const answer = (QueryResponse: Record<string, unknown>, status = 200): HttpAnswer => ({
  kind: 'answer',
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: JSON.stringify({ QueryResponse }),
});

/** A service that answers each statement from `reply`, and the statements it was sent. */
function scripted(reply: (statement: string) => HttpAnswer) {
  const statements: string[] = [];
  const ctx: CallContext = {
    now: () => 0,
    send: async (request: HttpRequest) => {
      const statement = request.params?.find(([name]) => name === 'query')?.[1] ?? '';
      statements.push(statement);
      return reply(statement);
    },
  };
  return { ctx, statements };
}

/** `ids` as the service pages them, with `totalCount` on count(*) ('none': the real service's `{}`). */
function pagedService(ids: string[], totalCount: number | 'none' = ids.length) {
  return scripted((statement) => {
    if (statement.startsWith('select count(*)')) return answer(totalCount === 'none' ? {} : { totalCount });
    const [, start = '1', size = '1'] = /startposition (\d+) maxresults (\d+)/.exec(statement) ?? [];
    const rows = ids.slice(Number(start) - 1, Number(start) - 1 + Number(size)).map(invoice);
    return answer(rows.length > 0 ? { Invoice: rows } : {});
  });
}

describe('readAllPages', () => {
  it('counts, then pages with STARTPOSITION and MAXRESULTS until the count is reached, keeping what `keep` makes', async () => {
    const { ctx, statements } = pagedService(['1', '2', '3', '4', '5']);
    const read = await readAllPages(
      ctx,
      'Invoice',
      WHERE,
      2,
      (record, row) => `${record.docNumber}:${(row as { Id: string }).Id}`,
    );
    expect(read).toMatchObject({ kind: 'ok', records: ['D1:1', 'D2:2', 'D3:3', 'D4:4', 'D5:5'], calls: 4 });
    expect(statements).toEqual([
      `select count(*) from Invoice ${WHERE}`,
      `select * from Invoice ${WHERE} startposition 1 maxresults 2`,
      `select * from Invoice ${WHERE} startposition 3 maxresults 2`,
      `select * from Invoice ${WHERE} startposition 5 maxresults 2`,
    ]);
  });

  it('keeps the page size within 1 and the service’s 1000', async () => {
    for (const [asked, sent] of [
      [0, 1],
      [2.7, 2],
      [5000, 1000],
    ] as const) {
      const { ctx, statements } = pagedService(['1']);
      expect((await readAllPages(ctx, 'Invoice', WHERE, asked, (r) => r.id)).kind).toBe('ok');
      expect(statements[1]).toMatch(new RegExp(`maxresults ${sent}$`));
    }
  });

  it('a count of zero is proven by the count alone; a count with no totalCount, by one empty page', async () => {
    const zero = pagedService([]);
    expect(await readAllPages(zero.ctx, 'Invoice', WHERE, 10, (r) => r.id)).toMatchObject({
      kind: 'ok',
      records: [],
      calls: 1,
    });
    const none = pagedService([], 'none');
    expect(await readAllPages(none.ctx, 'Invoice', WHERE, 10, (r) => r.id)).toMatchObject({
      kind: 'ok',
      records: [],
      calls: 2,
    });
  });

  it.each([
    ['rows under a count with no totalCount', pagedService(['1'], 'none'), /count\(\*\) gave no totalCount/],
    ['a negative count', pagedService([], -1), /count\(\*\) says -1/],
    ['a count that is no whole number', pagedService(['1', '2'], 1.5), /count\(\*\) says 1.5/],
    ['a page cut short', pagedService(['1', '2', '3'], 4), /page at 3 returned 1 rows of 4/],
    ['a row seen twice', pagedService(['1', '2', '2', '3']), /Invoice 2 came twice while paging/],
    [
      'a row that is no record',
      scripted((s) => answer(s.startsWith('select count') ? { totalCount: 1 } : { Invoice: [{ Id: 7 }] })),
      /unreadable Invoice row/,
    ],
  ])('%s is a failure, never a smaller set', async (_name, service, reason) => {
    const read = await readAllPages(service.ctx, 'Invoice', WHERE, 2, (r) => r.id);
    expect(read.kind).toBe('incomplete');
    expect(read.kind === 'incomplete' && read.reason).toMatch(reason);
  });

  it('a negative or fractional count is refused before any page is asked for', async () => {
    for (const count of [-1, 1.5]) {
      const service = pagedService(['1', '2'], count);
      expect(await readAllPages(service.ctx, 'Invoice', WHERE, 2, (r) => r.id)).toMatchObject({
        kind: 'incomplete',
        reason: `count(*) says ${count}`,
      });
      expect(service.statements).toHaveLength(1);
    }
  });

  it('more rows than count(*) said is a failure, not a bigger set', async () => {
    const service = scripted((s) =>
      answer(s.startsWith('select count') ? { totalCount: 1 } : { Invoice: [invoice('1'), invoice('2')] }),
    );
    expect(await readAllPages(service.ctx, 'Invoice', WHERE, 2, (r) => r.id)).toMatchObject({
      kind: 'incomplete',
      reason: 'R4: received 2 rows, count(*) says 1',
    });
  });

  it('an unreadable row is quoted in the reason, so the failure shows what came', async () => {
    const service = scripted((s) =>
      answer(s.startsWith('select count') ? { totalCount: 1 } : { Invoice: [{ Id: 7 }] }),
    );
    const read = await readAllPages(service.ctx, 'Invoice', WHERE, 2, (r) => r.id);
    expect(read.kind === 'incomplete' && read.reason).toContain('unreadable Invoice row: {"Id":7}');
  });

  it('a refused count or page is passed on as it came', async () => {
    const refusedCount = scripted(() => answer({}, 401));
    expect((await readAllPages(refusedCount.ctx, 'Invoice', WHERE, 2, (r) => r.id)).kind).toBe('unauthorized');
    expect(refusedCount.statements).toHaveLength(1);
    const refusedPage = scripted((s) => (s.startsWith('select count') ? answer({ totalCount: 3 }) : answer({}, 401)));
    expect((await readAllPages(refusedPage.ctx, 'Invoice', WHERE, 2, (r) => r.id)).kind).toBe('unauthorized');
    expect(refusedPage.statements).toHaveLength(2);
  });
});
