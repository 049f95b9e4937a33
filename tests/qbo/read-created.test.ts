/**
 * readCreated (lib/qbo/read-created.ts) builds its WHERE clause only from checked parts: an
 * allow-listed entity, a finite instant and a YYYY-MM-DD date. Anything else is a rejected promise
 * that names it, before any call reaches the service; a date given narrows the read to that TxnDate.
 */
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../lib/domain/entities';
import type { CallContext } from '../../lib/qbo/exchange';
import type { HttpAnswer, HttpRequest } from '../../lib/qbo/http';
import { readCreated } from '../../lib/qbo/read-created';

const SINCE = Date.UTC(2026, 10, 26, 22, 38, 37);
const empty: HttpAnswer = {
  kind: 'answer',
  status: 200,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: JSON.stringify({ QueryResponse: { totalCount: 0 } }),
};

/** A service with no records, and the statements it was sent. */
function service() {
  const statements: string[] = [];
  const ctx: CallContext = {
    now: () => 0,
    send: async (request: HttpRequest) => {
      statements.push(request.params?.find(([name]) => name === 'query')?.[1] ?? '');
      return empty;
    },
  };
  return { ctx, statements };
}

describe('readCreated: what reaches the statement', () => {
  it('a date narrows the read to that TxnDate; without one, only the creation time is asked', async () => {
    const dated = service();
    expect((await readCreated(dated.ctx, 'Invoice', { createdSince: SINCE, txnDate: '2026-11-02' }, 10)).kind).toBe(
      'ok',
    );
    expect(dated.statements).toEqual([
      "select count(*) from Invoice where TxnDate = '2026-11-02' and MetaData.CreateTime >= '2026-11-26T22:38:37+00:00'",
    ]);
    const undated = service();
    await readCreated(undated.ctx, 'Invoice', { createdSince: SINCE }, 10);
    expect(undated.statements).toEqual([
      "select count(*) from Invoice where MetaData.CreateTime >= '2026-11-26T22:38:37+00:00'",
    ]);
  });

  it.each([
    [
      'an entity not on the allow-list',
      'Invoice; drop' as Entity,
      { createdSince: SINCE },
      /not an allow-listed entity/,
    ],
    ['an instant that is not finite', 'Invoice' as Entity, { createdSince: Number.NaN }, /bad time NaN/],
    ['an infinite instant', 'Invoice' as Entity, { createdSince: Number.POSITIVE_INFINITY }, /bad time Infinity/],
    [
      'a date with text around it',
      'Invoice' as Entity,
      { createdSince: SINCE, txnDate: "2026-11-02' or 1=1 or TxnDate = '2026-11-02" },
      /bad date/,
    ],
    ['a date with a prefix', 'Invoice' as Entity, { createdSince: SINCE, txnDate: 'x2026-11-02' }, /bad date/],
    ['a date with a suffix', 'Invoice' as Entity, { createdSince: SINCE, txnDate: '2026-11-02x' }, /bad date/],
    ['a short year', 'Invoice' as Entity, { createdSince: SINCE, txnDate: '26-11-02' }, /bad date/],
    ['a one-digit month', 'Invoice' as Entity, { createdSince: SINCE, txnDate: '2026-1-02' }, /bad date/],
    ['a one-digit day', 'Invoice' as Entity, { createdSince: SINCE, txnDate: '2026-11-2' }, /bad date/],
    ['letters for digits', 'Invoice' as Entity, { createdSince: SINCE, txnDate: 'abcd-ef-gh' }, /bad date/],
  ])('%s is refused as a TypeError before any call', async (_name, entity, query, message) => {
    const { ctx, statements } = service();
    const read = readCreated(ctx, entity, query, 10);
    await expect(read).rejects.toThrow(TypeError);
    await expect(read).rejects.toThrow(message);
    expect(statements).toEqual([]);
  });
});
