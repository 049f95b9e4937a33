/**
 * Ground truth for the tests of rows known by what they show (issue 20, Chromium and Firefox): which
 * record a ticked row is, read from the simulator's own records by what the row shows (its date and
 * amount, or an invoice's number), never from the extension; and two invoices alike in every column.
 */
import { expect } from '@playwright/test';
import { Agent, fetch as undiciFetch } from 'undici';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';

/** `MM/DD/YYYY` → `YYYY-MM-DD`. */
const isoOf = (shown: string) => `${shown.slice(6, 10)}-${shown.slice(0, 2)}-${shown.slice(3, 5)}`;
const moneyOf = (shown: string) => Number(shown.replace(/[$,\s-]/g, ''));

/** The one live record with this date and amount (the simulator's ground truth), as `Entity:Id`. */
export function recordOn(sim: Simulator, realmId: string, date: string, money: string): string {
  const hits = sim.records(realmId).filter(({ json }) => {
    const amount = Number(json.TotalAmt ?? json.Amount);
    return json.TxnDate === isoOf(date) && Math.abs(amount) === moneyOf(money);
  });
  expect(hits, `one record on ${date} for ${money}`).toHaveLength(1);
  return `${hits[0]?.entity}:${String(hits[0]?.json.Id)}`;
}

/** The invoice with this number (numbers are unique in a seeded company, twins aside). */
export function invoiceNumbered(sim: Simulator, realmId: string, number: string): string[] {
  return sim
    .records(realmId)
    .filter(({ entity, json }) => entity === 'Invoice' && json.DocNumber === number)
    .map(({ json }) => `Invoice:${String(json.Id)}`);
}

/** Two invoices alike in every column the list shows, made through the API as a person would. */
export async function createTwinInvoices(sim: Simulator, company: SeededCompany): Promise<string[]> {
  // The simulator's test certificate is self-signed: trusted for this loopback call only.
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  const keys: string[] = [];
  for (const _ of [1, 2]) {
    const res = await undiciFetch(`${sim.url}/v3/company/${company.realmId}/invoice?include=allowduplicatedocnum`, {
      method: 'POST',
      dispatcher: insecure,
      headers: { Authorization: `Bearer ${company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        CustomerRef: { value: '3', name: 'Cool Cars' },
        TotalAmt: 362.07,
        TxnDate: '2025-12-21',
        DocNumber: '9999',
      }),
    });
    expect(res.status).toBe(200);
    keys.push(`Invoice:${((await res.json()) as { Invoice: { Id: string } }).Invoice.Id}`);
  }
  await insecure.close();
  return keys;
}
