import { WRITE_LANDS_WITHIN_MS } from '../../lib/domain/limits';
import { extensionWorker } from '../../tools/chromium/chromium';
import type { RequestIdMode, SeededCompany, Simulator } from '../../tools/simulator/api';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { landNow, storedJobs, untilFiled } from './extension-state';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup, stopWorker } from './helpers';

/** The page's transactions as keys `${Entity}:${Id}`, in page order: rows known by what they show. */
async function pageKeys(ledger: LedgerPage): Promise<string[]> {
  return (await ledger.keys()).filter(Boolean);
}

/** A payment whose line pays an invoice on the same page, both plain or linked (deletable). */
function paidPair(sim: Simulator, company: SeededCompany, onPage: readonly string[]) {
  const deletable = (k: string) => ['plain', 'linked'].includes(categoryOf(company, k, sim));
  for (const key of onPage) {
    if (!key.startsWith('Payment:') || !deletable(key)) continue;
    const lines = (sim.record(company.realmId, key)?.Line ?? []) as {
      LinkedTxn?: { TxnId: string; TxnType: string }[];
    }[];
    const invoices = lines.flatMap((l) => l.LinkedTxn ?? []).filter((l) => l.TxnType === 'Invoice');
    const [only] = invoices;
    if (invoices.length === 1 && only && onPage.includes(`Invoice:${only.TxnId}`) && deletable(`Invoice:${only.TxnId}`))
      return { payment: key, invoice: `Invoice:${only.TxnId}` };
  }
  throw new Error('no paid invoice on the page');
}

const createBatches = (sim: Simulator, realmId: string) =>
  sim.requestLog(realmId).filter((e) => e.endpoint === 'batch' && /"operation"\s*:\s*"create"/.test(e.body ?? ''));

for (const requestid of ['honoured', 'ignored'] as const satisfies readonly RequestIdMode[]) {
  test.describe(`requestid ${requestid}`, () => {
    test.use({ seed: { count: 160, seed: 31, linkedShare: 0.5 }, simulatorOptions: { requestid } });

    test(`a create in flight when the worker dies lands after the new worker looked: 12 restored, each created once (requestid ${requestid})`, async ({
      context,
      sim,
      company,
      openPopup,
    }) => {
      const { realmId } = company;
      const sales = await new LedgerPage(await context.newPage()).open('/app/sales?rows=160');
      const onPage = await pageKeys(sales);
      const pair = paidPair(sim, company, onPage);
      // The pair and 10 more documents that pay nothing: two restore batches, the payment's last.
      const plain = onPage.filter(
        (k) => !k.startsWith('Payment:') && k !== pair.invoice && categoryOf(company, k, sim) === 'plain',
      );
      const keys = [pair.invoice, pair.payment, ...plain.slice(0, 10)];
      expect(keys).toHaveLength(12);
      for (const key of keys) await sales.tick(key.split(':')[1] ?? '');
      await untilFiled(context, realmId, keys.length);

      const popup = await connectPopup(openPopup, company);
      await popup.waitForPreflight(12);
      await popup.page.getByLabel('Include linked transactions').check();
      await popup.deleteButton().click();
      expect((await popup.resultCounts()).Deleted).toBe(12);
      await popup.page.getByRole('button', { name: 'Restore deleted records' }).click();
      const confirm = popup.page.getByRole('button', { name: 'Restore 12 records' });
      await expect(confirm).toBeVisible();

      const cdp = await context.newCDPSession(popup.page);
      await cdp.send('ServiceWorker.enable');
      // Every batch call is kept by the service until the test lets it go.
      sim.injectFault({ endpoint: 'batch', kind: 'hold-before', probability: 1, realmId });
      await confirm.click();
      await expect.poll(() => sim.heldCount(), { intervals: [20], timeout: 30_000 }).toBe(1);
      sim.releaseHeld(); // the documents' batch
      await expect.poll(() => createBatches(sim, realmId).length, { intervals: [20], timeout: 30_000 }).toBe(1);
      await expect.poll(() => sim.heldCount(), { intervals: [20], timeout: 30_000 }).toBe(1); // the payment's

      await stopWorker(cdp); // with the payment's create in flight
      const stoppedAt = Date.now();
      // The new worker looks for the payment among the records created since the job started: not there yet.
      const looked = () =>
        sim
          .requestLog(realmId)
          .some((e) => e.endpoint === 'query' && e.at > stoppedAt && /CreateTime/.test(decodeURIComponent(e.path)));
      await expect.poll(looked, { intervals: [20], timeout: 30_000 }).toBe(true);
      // It waits for the write's deadline, in words, and sends nothing meanwhile.
      const worker = await extensionWorker(context);
      await expect
        .poll(async () => (await storedJobs(worker)).find((j) => j.wait?.kind === 'landing')?.wait?.kind, {
          timeout: 30_000,
        })
        .toBe('landing');
      await expect(
        popup.page.getByText(/^Confirming 1 record QuickBooks may still be saving — up to \d minutes?\./),
      ).toBeVisible();
      expect(sim.heldCount()).toBe(1); // no second send of the payment is waiting beside the first

      sim.clearFaults(); // the kept payment create lands now, after the new worker looked
      await expect.poll(() => createBatches(sim, realmId).length, { intervals: [20], timeout: 30_000 }).toBe(2);
      expect(await landNow(worker, WRITE_LANDS_WITHIN_MS)).toBe(1);

      await expect(popup.page.getByRole('heading', { name: /Finished/ })).toBeVisible({ timeout: 60_000 });
      const truth = sim.truth(realmId);
      const created = truth.createdKeys();
      expect(created).toHaveLength(12);
      for (const key of created) expect(truth.appliedCreates(key)).toBe(1);
      expect(createBatches(sim, realmId)).toHaveLength(2); // never sent again
      const restored = popup.page.getByRole('button', { name: /^Restored \d+$/ });
      await expect(restored).toHaveText(/^Restored 12$/);
      // The payment, created once, pays the new invoice.
      const newPayment = created.find((k) => k.startsWith('Payment:')) ?? '';
      const newInvoiceIds = created.filter((k) => k.startsWith('Invoice:')).map((k) => k.split(':')[1]);
      const links = ((sim.record(realmId, newPayment)?.Line ?? []) as { LinkedTxn?: { TxnId: string }[] }[]).flatMap(
        (l) => l.LinkedTxn ?? [],
      );
      expect(links.some((l) => newInvoiceIds.includes(l.TxnId))).toBe(true);
    });
  });
}
