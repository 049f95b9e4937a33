/**
 * The select-first re-read (issue 23 §4: reads are metered). One select with a page that holds every
 * Id asked; when every Id comes back the set is complete without count(*). When one is missing,
 * count(*) must agree with the rows received, or the read is incomplete (R4): never acted on. A
 * network-free CallContext answers the statements.
 */
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import { readByIds } from '../../lib/qbo/read-by-ids';

const row = (id: string) => ({ Id: id, SyncToken: '0' });
const statementOf = (r: HttpRequest) => r.text ?? r.params?.find(([k]) => k === 'query')?.[1] ?? '';

/** `select` answers the select, `count` the count(*); the statements asked are kept. */
function service(
  select: (asked: string[]) => unknown,
  count: (asked: string[]) => unknown = () => ({ QueryResponse: {} }),
) {
  const statements: string[] = [];
  const ctx: CallContext = {
    send: async (request): Promise<HttpAnswer> => {
      const statement = statementOf(request);
      statements.push(statement);
      const asked = [...statement.matchAll(/'(\d+)'/g)].map((m) => m[1] ?? '');
      const body = statement.startsWith('select count(*)') ? count(asked) : select(asked);
      return { kind: 'answer', status: 200, headers: new Headers(), body: JSON.stringify(body) };
    },
    now: () => 0,
  };
  return { ctx, statements };
}

const read = (ctx: CallContext, ids: string[], pageSize = 1000) =>
  readByIds(ctx, 'Invoice', ids, pageSize, { selectFirst: true });

describe('select first', () => {
  it('every Id back: one select with MAXRESULTS, no count(*)', async () => {
    const s = service((asked) => ({ QueryResponse: { Invoice: asked.map(row) } }));
    const res = await read(s.ctx, ['1', '2', '3']);
    expect(res.kind === 'ok' && res.records.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(res.kind === 'ok' && res.calls).toBe(1);
    expect(s.statements).toEqual(["select * from Invoice where Id in ('1','2','3') startposition 1 maxresults 1000"]);
  });

  it('one missing: count(*) agreeing with the rows proves it gone (2 calls)', async () => {
    const s = service(
      () => ({ QueryResponse: { Invoice: [row('1'), row('3')] } }),
      () => ({ QueryResponse: { totalCount: 2 } }),
    );
    const res = await read(s.ctx, ['1', '2', '3']);
    expect(res.kind === 'ok' && res.records.map((r) => r.id)).toEqual(['1', '3']);
    expect(res.kind === 'ok' && res.calls).toBe(2);
    expect(s.statements[1]).toBe("select count(*) from Invoice where Id in ('1','2','3')");
  });

  it('one missing but count(*) says more: a cut answer, incomplete', async () => {
    const s = service(
      () => ({ QueryResponse: { Invoice: [row('1')] } }),
      () => ({ QueryResponse: { totalCount: 2 } }),
    );
    expect((await read(s.ctx, ['1', '2'])).kind).toBe('incomplete');
  });

  it('none back and a count(*) of `{}` (real service): an empty set; rows with a silent count: incomplete', async () => {
    expect((await read(service(() => ({ QueryResponse: {} })).ctx, ['1'])).kind).toBe('ok');
    const partial = service(() => ({ QueryResponse: { Invoice: [row('1')] } }));
    expect((await read(partial.ctx, ['1', '2'])).kind).toBe('incomplete');
  });

  it('a row not asked for, a row twice, a page totalCount that disagrees: incomplete', async () => {
    const cases = [
      () => ({ QueryResponse: { Invoice: [row('1'), row('9')] } }),
      () => ({ QueryResponse: { Invoice: [row('1'), row('1')] } }),
      () => ({ QueryResponse: { Invoice: [row('1'), row('2')], totalCount: 3 } }),
    ];
    for (const select of cases) expect((await read(service(select).ctx, ['1', '2'])).kind).toBe('incomplete');
  });

  it('more Ids than a page: the count-first reader, as before', async () => {
    const s = service(
      (asked) => ({ QueryResponse: { Invoice: asked.slice(0, 2).map(row) } }),
      (asked) => ({ QueryResponse: { totalCount: asked.length } }),
    );
    await read(s.ctx, ['1', '2', '3'], 2);
    expect(s.statements[0]).toMatch(/^select count\(\*\)/);
  });
});
