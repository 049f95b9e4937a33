/**
 * Links as the real service writes them, read through the real client over HTTP (issue 23 §8 risks):
 * a Bill's payment link typed `BillPaymentCheck` is its BillPayment, so the linked-details read finds
 * the check and the popup says what deleting the bill does to it; a Payment naming its Deposit at the
 * top level and what it pays on its lines is both deposited and linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReason } from '../../lib/audit/words';
import { linkedText } from '../../lib/popup/words';
import { toPreflightRow } from '../../lib/preflight/preflight-store';
import { runPreflight } from '../../lib/preflight/run-preflight';
import type { QboClient } from '../../lib/qbo/client-api';
import { preferencesOpen } from '../fixtures/payloads/preferences';
import { billPaidByCheck, billPaymentCheck, paymentWithTopLevelDeposit } from '../fixtures/payloads/real-deviations';
import { reportEmpty } from '../fixtures/payloads/reports';
import { clientFor, NOW } from '../qbo/helpers/client';
import { type FixtureServer, startFixtureServer } from '../qbo/helpers/fixture-server';
import { answerQuery, statementOf } from '../qbo/helpers/query-engine';

const stamp = { MetaData: { LastUpdatedTime: '2024-04-28T10:00:00-07:00' } };
const BY_ENTITY: Record<string, Record<string, unknown>[]> = {
  Bill: [{ ...billPaidByCheck, ...stamp }],
  BillPayment: [{ ...billPaymentCheck, ...stamp }],
  Payment: [{ ...paymentWithTopLevelDeposit, ...stamp }],
};

let server: FixtureServer;
let client: QboClient;
beforeAll(async () => {
  server = await startFixtureServer((request) => {
    if (request.path.endsWith('/preferences')) return { body: preferencesOpen };
    if (request.path.endsWith('/reports/TransactionList')) return { body: reportEmpty };
    const entity = /from (\w+)/i.exec(statementOf(request))?.[1] ?? '';
    return { body: answerQuery(BY_ENTITY[entity] ?? [], request, { key: entity }) };
  });
  client = clientFor(server.url);
});
afterAll(() => server.close());

describe('links under real spellings, read end to end', () => {
  it('a Bill paid by a BillPaymentCheck: linked, the check read, and the words name what deleting it does', async () => {
    const result = await runPreflight({ client, items: [{ entity: 'Bill', id: '830', shownAt: NOW }], now: () => NOW });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [bill] = result.records;
    expect(bill).toMatchObject({
      status: 'ready',
      warnings: [{ status: 'linked', links: [{ txnId: '831', txnType: 'BillPayment' }] }],
    });
    expect(bill?.linked).toEqual([
      { entity: 'BillPayment', id: '831', docNumber: '7023', amount: 410, lineAmount: 410, currency: 'USD' },
    ]);
    const row = toPreflightRow(bill!);
    expect(row.status).toBe('linked');
    expect(linkedText({ ...row, entity: 'Bill' }, { locale: 'en-US' })).toBe(
      'Bill payment No. 7023 becomes an unapplied credit of $410.00.',
    );
    // The counterpart was read as a BillPayment: the service's spelling never reaches a query.
    expect(server.requests.some((r) => /from BillPayment\b/i.test(statementOf(r)))).toBe(true);
    expect(server.requests.some((r) => /BillPaymentCheck/.test(statementOf(r)))).toBe(false);
  });

  it('a Payment with its Deposit at the top level and its links on its lines: deposited, and linked to what it pays', async () => {
    const result = await runPreflight({
      client,
      items: [{ entity: 'Payment', id: '940', shownAt: NOW }],
      now: () => NOW,
    });
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const [payment] = result.records;
    expect(payment?.status).toBe('deposited');
    expect(payment?.blockers[0]).toEqual({ check: 'deposited', status: 'deposited', depositId: '955' });
    expect(payment && recordReason(payment, payment.blockers, payment.warnings)).toMatch(/^on Deposit 955: /);
    expect(payment?.warnings[0]).toMatchObject({
      links: [
        { txnId: '33', txnType: 'Invoice' },
        { txnId: '412', txnType: 'CreditMemo' },
      ],
    });
  });
});
