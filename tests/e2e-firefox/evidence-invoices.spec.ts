/**
 * The Invoices list as public evidence shows it, in Firefox ESR (production Firefox build, real host
 * names), as tests/e2e/evidence-invoices.spec.ts in Chromium: checkbox | an empty cell | date |
 * number | customer | amount | status | a "View/Edit <n> … More actions" button, no link to the
 * invoice, and a paid invoice's status linking its PAYMENT. Five rows ticked with the page's own
 * boxes by real clicks, the paid one among them: exactly those five invoices are selected (never the
 * payment its status links) and deleted. Judged by the simulator's ground truth (which invoice a row
 * is comes from its number in the simulator's records).
 */
import type { ElementHandle } from 'puppeteer-core';
import { Agent, fetch as undiciFetch } from 'undici';
import { newWindow } from '../../tools/firefox/firefox';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { APP } from '../../tools/support/pages/ledger';
import { invoiceNumbered } from '../e2e/shown-truth';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup } from './helpers';

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

const ROWS = 'tbody tr.idsTable__row';

const cellText = (row: ElementHandle<Element>, index: number) =>
  row.$eval(`td:nth-child(${index + 1})`, (td) => td.textContent?.trim() ?? '');

test.describe('the Invoices list as the evidence shows it', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('five invoices ticked, a paid one among them whose status links its payment → exactly those five deleted', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const paid = await paidInvoice(sim, company);
    const page = await newWindow(firefox.browser);
    await page.goto(`${APP}/app/invoices?markup=real`, { waitUntil: 'load' });
    await page.waitForSelector(ROWS, { visible: true, timeout: 15_000 });
    const rows = await page.$$(ROWS);
    const first = rows[0] as ElementHandle<Element>;
    // The evidence's row: an empty second cell, the number in the fourth, one View/Edit button.
    expect(await cellText(first, 1)).toBe('');
    expect(await cellText(first, 3)).toBe('8888');
    expect(await first.$eval('td:last-child button', (b) => b.textContent?.replace(/\s+/g, ' ').trim())).toMatch(
      /^View\/Edit 8888 Print More actions/,
    );
    // The only link on the list is the paid invoice's status, naming its payment.
    expect(await page.$$eval('table a[href*="txnId="]', (links) => links.map((a) => a.getAttribute('href')))).toEqual([
      `/app/recvpayment?txnId=${paid.payment.split(':')[1]}`,
    ]);

    const tick = async (row: ElementHandle<Element>) => {
      const box = await row.$('input[type="checkbox"]');
      if (box === null) throw new Error('a row without its box');
      await box.click();
      // The tick lands with the click's events: wait for it (the test's timeout bounds the wait).
      await box.evaluate(
        (b) =>
          new Promise<void>((done) => {
            const look = () => ((b as HTMLInputElement).checked ? done() : requestAnimationFrame(look));
            look();
          }),
      );
    };
    await tick(first);
    const keys = [paid.invoice];
    for (const row of rows) {
      if (keys.length === 5) break;
      const [key, ...more] = invoiceNumbered(sim, company.realmId, await cellText(row, 3));
      expect(more).toEqual([]);
      if (!key || keys.includes(key) || categoryOf(company, key, sim) !== 'plain') continue;
      await tick(row);
      keys.push(key);
    }
    expect(keys).toHaveLength(5);

    const popup = await connectPopup({ openPopup, company });
    expect(await popup.waitForPreflight(5)).toEqual({ Ready: 4, Linked: 1 });
    expect(await popup.selectedCount()).toBe(5);
    // The paid invoice is linked to its payment: deleting it is the person's decision.
    await (await popup.field('Include linked transactions')).click();
    await popup.clickDelete();
    expect((await popup.resultCounts()).Deleted).toBe(5);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
    expect(sim.truth(company.realmId).exists(paid.payment)).toBe(true);
  });
});
