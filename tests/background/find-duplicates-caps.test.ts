/**
 * "Find likely duplicates" has the caps of "Find transactions": a range of at most 5 years and at most
 * 50,000 records read. Over either the background answers in words and reads no page: never groups
 * found in part of the range.
 */
import { describe, expect, it } from 'vitest';
import { type FindServices, findHandlers } from '../../lib/background/find-handlers';
import type { Entity } from '../../lib/domain/entities';
import type { CompanyScope } from '../../lib/domain/scope';

const SCOPE: CompanyScope = { realmId: '9130350000000001', environment: 'sandbox' };
const meta = { status: 200 };

/** A connected company whose count(*) says `counts` per type; every other read is recorded. */
function background(counts: Partial<Record<Entity, number>>) {
  const statements: string[] = [];
  const client = {
    async query(entity: Entity, statement: string) {
      statements.push(statement);
      if (!statement.startsWith('select count(*)')) throw new Error(`not a count: ${statement}`);
      return { kind: 'ok' as const, meta, rows: [], totalCount: counts[entity] ?? 0 };
    },
    async readWindow(entity: Entity, from: string, to: string) {
      statements.push(`window ${entity} ${from} ${to}`);
      return { kind: 'ok' as const, meta, records: [], calls: 1 };
    },
    async readReconciled(from: string, to: string) {
      statements.push(`report ${from} ${to}`);
      return { kind: 'ok' as const, meta, rows: [], calls: 1 };
    },
  };
  // Only what the find handlers declare they use: the company in view, its token, its client, the clock.
  const services: FindServices = {
    currentScope: async () => SCOPE,
    companyNames: { get: async () => 'Alpha Co' },
    hasToken: async () => true,
    clientFor: () => client as unknown as ReturnType<FindServices['clientFor']>,
    now: () => Date.UTC(2026, 10, 22),
  };
  const run = (query: { from: string; to: string; types: Entity[] }) =>
    findHandlers['find/duplicates'](
      { type: 'find/duplicates', query: { ...query, windowDays: 3 }, scope: SCOPE },
      services,
    );
  return { run, statements };
}

describe('find/duplicates: the caps of a search', () => {
  it('a range over 5 years: refused in words, nothing read', async () => {
    const bg = background({});
    const reply = await bg.run({ from: '2019-01-01', to: '2024-01-02', types: ['Invoice'] });
    expect(reply).toEqual({ ok: false, error: 'The date range can be at most 5 years.' });
    expect(bg.statements).toEqual([]);
  });

  it('more than 50,000 records: refused in words from the counts, no report and no page read', async () => {
    const bg = background({ Invoice: 45_000, Bill: 5_001 });
    const reply = await bg.run({ from: '2024-01-01', to: '2024-12-31', types: ['Invoice', 'Bill'] });
    expect(reply).toEqual({
      ok: false,
      error:
        'More than 50,000 transactions to look through (50,001). Choose a shorter date range or fewer types. Nothing was proposed.',
    });
    expect(bg.statements).toEqual([
      "select count(*) from Invoice where TxnDate >= '2024-01-01' and TxnDate <= '2024-12-31'",
      "select count(*) from Bill where TxnDate >= '2024-01-01' and TxnDate <= '2024-12-31'",
    ]);
  });

  it('within both caps: counted, then read', async () => {
    const bg = background({ Invoice: 50_000 });
    const reply = await bg.run({ from: '2020-01-01', to: '2025-01-01', types: ['Invoice'] });
    expect(reply).toMatchObject({ ok: true, data: { groups: [], scanned: 0 } });
    expect(bg.statements).toEqual([
      "select count(*) from Invoice where TxnDate >= '2020-01-01' and TxnDate <= '2025-01-01'",
      'report 2020-01-01 2025-01-01',
      'window Invoice 2020-01-01 2025-01-01',
    ]);
  });
});
