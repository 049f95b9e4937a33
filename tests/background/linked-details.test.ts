/**
 * Linked details through the background: the preflight's counterparts (number, amount, amount
 * applied) survive the preflight store and reach the popup's selection rows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../../lib/messaging/views';
import {
  createSecurityHarness,
  SENDERS,
  type SecurityHarness,
  saveConnection,
  selectionReport,
} from '../security/harness';

type Line = { Amount?: number; LinkedTxn?: { TxnId: string; TxnType: string }[] };

describe('linked details in the popup state', () => {
  let h: SecurityHarness;
  afterEach(async () => h.close());

  it('a selected payment row carries the invoice it pays: number, total, amount applied', async () => {
    h = await createSecurityHarness();
    const company = h.sim.seedCompany({ count: 30, seed: 8, entities: { Invoice: 1, Payment: 1 }, linkedShare: 0.5 });
    const payments = company.keys.linked.filter((k) => k.startsWith('Payment:'));
    expect(payments.length).toBeGreaterThan(0);
    h.setPageCompany(company.realmId);
    expect((await h.send(selectionReport(payments, h.clock.now(), company.realmId), SENDERS.contentScript)).ok).toBe(
      true,
    );
    expect((await h.send(saveConnection(company.realmId, company.token), SENDERS.popup)).ok).toBe(true);
    await h.background.core.preflight.start({ realmId: company.realmId, environment: 'production' });

    const reply = await h.send({ type: 'state/get' }, SENDERS.popup);
    const rows = reply.ok ? (reply.data as PopupState).selection : [];
    expect(rows.map((r) => r.key).sort()).toEqual([...payments].sort());
    for (const row of rows) {
      expect(row.status).toBe('linked');
      const lines = (h.sim.record(company.realmId, row.key)!.Line as Line[]).filter((l) =>
        l.LinkedTxn?.some((t) => t.TxnType === 'Invoice'),
      );
      const expected = lines.map((l) => {
        const id = l.LinkedTxn![0]!.TxnId;
        const invoice = h.sim.record(company.realmId, `Invoice:${id}`)!;
        return { entity: 'Invoice', id, docNumber: invoice.DocNumber, amount: invoice.TotalAmt, lineAmount: l.Amount };
      });
      expect(row.linked).toEqual(expected);
    }
  });
});
