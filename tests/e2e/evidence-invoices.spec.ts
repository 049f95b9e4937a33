/**
 * The Invoices list as public evidence shows it, in Chromium (production build, real host names):
 * checkbox | an empty cell | date | number | customer | amount | status | a "View/Edit <n> … More
 * actions" button, no link to the invoice, and a paid invoice's status linking its PAYMENT. Rows are
 * ticked with the page's own boxes, the paid one among them: the selection is exactly the invoices
 * ticked (never the payment its status links), and the one click deletes exactly those. Judged by
 * the simulator's ground truth: which invoice a row is comes from its number in the simulator's records.
 */
import type { Locator } from '@playwright/test';
import { Agent, fetch as undiciFetch } from 'undici';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { APP } from '../../tools/support/pages/ledger';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup } from './helpers';
import { invoiceNumbered } from './shown-truth';

/** Creates an invoice and a payment that pays it in full, through the API; returns both keys. */
async function paidInvoice(sim: Simulator, company: SeededCompany): Promise<{ invoice: string; payment: string }> {
  // The simulator's test certificate is self-signed: trusted for this loopback call only.
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  const post = async (entity: string, body: unknown) => {
    const res = await undiciFetch(`${sim.url}/v3/company/${company.realmId}/${entity}`, {
      method: 'POST',
      dispatcher: insecure,
      headers: { Authorization: `Bearer ${company.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return Object.values((await res.json()) as Record<string, { Id: string }>)[0]?.Id ?? '';
  };
  const customer = { value: '3', name: 'Cool Cars' };
  // Dated after every seeded record: the list's first row.
  const invoice = await post('invoice', {
    CustomerRef: customer,
    TotalAmt: 500,
    TxnDate: '2026-12-20',
    DocNumber: '8888',
  });
  const payment = await post('payment', {
    CustomerRef: customer,
    TotalAmt: 500,
    TxnDate: '2026-12-21',
    Line: [{ Amount: 500, LinkedTxn: [{ TxnId: invoice, TxnType: 'Invoice' }] }],
  });
  await insecure.close();
  return { invoice: `Invoice:${invoice}`, payment: `Payment:${payment}` };
}

test.describe('the Invoices list as the evidence shows it', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('five invoices ticked, a paid one among them whose status links its payment → exactly those five deleted', async ({
    context,
    sim,
    company,
    openPopup,
  }) => {
    const paid = await paidInvoice(sim, company);
    const page = await context.newPage();
    await page.goto(`${APP}/app/invoices?markup=real`, { waitUntil: 'load' });
    const rows = page.locator('tbody tr.idsTable__row');
    await expect(rows.first()).toBeVisible();
    // The evidence's row: an empty second cell, the number in the fourth, the action button's name.
    const first = rows.first();
    await expect(first.locator('td').nth(1)).toHaveText('');
    await expect(first.locator('td').nth(3)).toHaveText('8888');
    await expect(first.getByRole('button', { name: /^View\/Edit 8888 Print More actions/ })).toHaveCount(1);
    // The only link on the list is the paid invoice's status, naming its payment.
    await expect(page.locator('table a[href*="txnId="]')).toHaveCount(1);
    await expect(first.locator('td').nth(6).getByRole('link', { name: 'Paid' })).toHaveAttribute(
      'href',
      `/app/recvpayment?txnId=${paid.payment.split(':')[1]}`,
    );

    const numberOf = async (row: Locator) => (await row.locator('td').nth(3).innerText()).trim();
    await first.getByRole('checkbox', { name: 'Select row' }).check();
    const keys = [paid.invoice];
    for (const row of await rows.all()) {
      if (keys.length === 5) break;
      const [key, ...more] = invoiceNumbered(sim, company.realmId, await numberOf(row));
      expect(more).toEqual([]);
      if (!key || keys.includes(key) || categoryOf(company, key, sim) !== 'plain') continue;
      await row.getByRole('checkbox', { name: 'Select row' }).check();
      keys.push(key);
    }
    expect(keys).toHaveLength(5);

    const popup = await connectPopup(openPopup, company);
    // Rows known by what they show enter as "Not checked yet" before the check's statuses land.
    await expect(popup.statusCount('Linked')).toHaveText('Linked: 1', { timeout: 30_000 });
    await expect(popup.statusCount('Ready')).toHaveText('Ready: 4', { timeout: 30_000 });
    expect(await popup.waitForPreflight(5)).toEqual({ Ready: 4, Linked: 1 });
    expect(await popup.selectedCount()).toBe(5);
    await expect(popup.page.getByRole('region', { name: /Rows not tied to one transaction/ })).toHaveCount(0);
    // The paid invoice is linked to its payment: deleting it is the person's decision.
    await popup.page.getByLabel('Include linked transactions').check();
    await popup.deleteButton().click();
    expect((await popup.resultCounts()).Deleted).toBe(5);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
    expect(sim.truth(company.realmId).exists(paid.payment)).toBe(true);
  });
});
