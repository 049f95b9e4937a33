/**
 * Issue 20, acceptance in Firefox ESR (production Firefox build, real host names): the web app's
 * real markup, where no row carries a transaction Id. A register ticked with the extension's own
 * boxes → six Ready → exactly those deleted; two invoices alike in every shown column → "Can't tell
 * which transaction" with both candidates, left alone by a delete until the person picks one, then
 * exactly the picked one. Judged by the simulator's ground truth (tests/e2e/shown-truth.ts).
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { OWN_CHECKBOX_LABEL } from '../../lib/collect/checkbox';
import { newWindow } from '../../tools/firefox/firefox';
import { pollElement, pollPage } from '../../tools/firefox/poll';
import type { FirefoxPopup } from '../../tools/support/pages/firefox-popup';
import { APP } from '../../tools/support/pages/ledger';
import { createTwinInvoices, invoiceNumbered, recordOn } from '../e2e/shown-truth';
import { expect, test } from './fixtures';
import { categoryOf, connectPopup } from './helpers';

/** Opens a real-markup page and waits until it shows `rowSelector` (there is no link to wait for). */
async function openReal(page: Page, path: string, rowSelector: string): Promise<Page> {
  await page.goto(`${APP}${path}`, { waitUntil: 'load' });
  await page.waitForSelector(rowSelector, { visible: true, timeout: 15_000 });
  return page;
}

/** Ticks a box with a real click (trusted input) and waits for the tick to take. */
async function tick(box: ElementHandle<Element>): Promise<void> {
  await box.click();
  await pollElement(box, (b: Element) => (b as HTMLInputElement).checked, { timeout: 5_000, what: 'the tick' });
}

/** The text of each row's cells matching `selectors`, in page order (rows with a box only). */
function rowCells(page: Page, rowSelector: string, selectors: string[]): Promise<string[][]> {
  return page.$$eval(
    rowSelector,
    (rows, sels) =>
      rows.map((row) =>
        (sels as string[]).map((sel) =>
          [...row.querySelectorAll(sel)]
            .map((c) => (c as HTMLElement).innerText.trim())
            .filter(Boolean)
            .join(''),
        ),
      ),
    selectors,
  );
}

async function deleteAndCount(popup: FirefoxPopup): Promise<number> {
  await popup.clickDelete();
  return (await popup.resultCounts()).Deleted;
}

test.describe('a register in the real markup', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('six rows ticked with the extension’s own boxes → six Ready → exactly those deleted', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const own = `[aria-label="${OWN_CHECKBOX_LABEL}"]`;
    const page = await openReal(await newWindow(firefox.browser), '/app/register?accountId=35&markup=real', own);
    expect(await page.$$('a[href*="txnId="]')).toHaveLength(0);
    const rowSelector = `.dgrid-row:has(${own})`;
    const cells = await rowCells(page, rowSelector, [
      '.dgrid-column-date',
      '.dgrid-column-payment, .dgrid-column-deposit',
    ]);
    const boxes = await page.$$(`${rowSelector} ${own}`);
    expect(boxes).toHaveLength(cells.length);
    const keys: string[] = [];
    for (const [i, [date, money]] of cells.entries()) {
      const key = recordOn(sim, company.realmId, date ?? '', money ?? '');
      if (keys.includes(key) || categoryOf(company, key, sim) !== 'plain') continue;
      await tick(boxes[i] as ElementHandle<Element>);
      keys.push(key);
      if (keys.length === 6) break;
    }
    expect(keys).toHaveLength(6);

    const popup = await connectPopup({ openPopup, company });
    expect(await popup.waitForPreflight(6)).toEqual({ Ready: 6 });
    expect(await popup.selectedCount()).toBe(6);
    expect(await deleteAndCount(popup)).toBe(6);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  });
});

test.describe('two invoices alike in every shown column', () => {
  // The twins are the newest invoices, so the list's first page shows them.
  test.use({ seed: { count: 24, seed: 7, entities: { Invoice: 1 }, endDate: '2025-06-30' } });

  test('"Can\'t tell which transaction" with both candidates; nothing deleted for it until the pick, then exactly the picked one', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const twins = await createTwinInvoices(sim, company);
    const rowSelector = 'tbody tr.idsTable__row';
    const page = await openReal(await newWindow(firefox.browser), '/app/invoices?markup=real', rowSelector);
    const numbers = (await rowCells(page, rowSelector, ['td:nth-child(4)'])).map(([n]) => n ?? '');
    const boxes = await page.$$(`${rowSelector} input[type="checkbox"]`);
    const twinAt = numbers.indexOf('9999');
    const plainAt = numbers.findIndex((n) => n !== '9999');
    expect(numbers.filter((n) => n === '9999')).toHaveLength(2);
    await tick(boxes[twinAt] as ElementHandle<Element>);
    // One ordinary invoice beside it: the one click deletes it and leaves the twins alone.
    const [plain] = invoiceNumbered(sim, company.realmId, numbers[plainAt] ?? '');
    await tick(boxes[plainAt] as ElementHandle<Element>);

    const popup = await connectPopup({ openPopup, company });
    await popup.waitForText('section[aria-labelledby="unresolved-heading"]', /Can't tell which transaction/);
    const heading = await popup.waitForText('#unresolved-heading', /\(\d+\)/);
    expect(heading).toBe('Rows not tied to one transaction (1)');
    const picks = await popup.page.$$eval('ul[aria-label="The transactions that match"] button', (buttons) =>
      buttons.map((b) => b.getAttribute('aria-label') ?? ''),
    );
    expect(picks).toHaveLength(2);
    for (const key of twins) {
      expect(picks.some((name) => new RegExp(`^Pick Invoice 9999 .* record ${key.split(':')[1]}$`).test(name))).toBe(
        true,
      );
    }
    expect(await popup.waitForPreflight(1)).toEqual({ Ready: 1 });
    expect(await deleteAndCount(popup)).toBe(1);
    expect(sim.truth(company.realmId).deletedKeys()).toEqual([plain]);
    for (const key of twins) expect(sim.truth(company.realmId).exists(key)).toBe(true);
    await (await popup.button('Done')).click();

    const picked = twins[1] ?? '';
    const pickButton = await pollPage(
      popup.page,
      (id: string) =>
        [...document.querySelectorAll('ul[aria-label="The transactions that match"] button')].some((b) =>
          (b.getAttribute('aria-label') ?? '').endsWith(`record ${id}`),
        ),
      [picked.split(':')[1] ?? ''],
      { what: 'the pick button of the second twin' },
    ).then(() =>
      popup.page.$(`ul[aria-label="The transactions that match"] button[aria-label$="record ${picked.split(':')[1]}"]`),
    );
    await (pickButton as ElementHandle<Element>).click();
    await pollPage(popup.page, () => !document.getElementById('unresolved-heading'), [], {
      what: 'the row to leave "Rows not tied to one transaction"',
    });
    expect(await popup.waitForPreflight(1)).toEqual({ Ready: 1 });
    expect(await deleteAndCount(popup)).toBe(1);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([plain, picked].sort());
  });
});

test.describe('the Invoices list in the real markup', () => {
  test.use({ seed: { count: 60, seed: 7, entities: { Invoice: 1 } } });

  test('six rows ticked with the page’s own boxes → six Ready → exactly those deleted', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const rowSelector = 'tbody tr.idsTable__row';
    const page = await openReal(await newWindow(firefox.browser), '/app/invoices?markup=real', rowSelector);
    expect(await page.$$('a[href*="txnId="]')).toHaveLength(0);
    const numbers = (await rowCells(page, rowSelector, ['td:nth-child(4)'])).map(([n]) => n ?? '');
    const boxes = await page.$$(`${rowSelector} input[type="checkbox"]`);
    expect(boxes).toHaveLength(numbers.length);
    const keys: string[] = [];
    for (const [i, number] of numbers.entries()) {
      const [key, ...more] = invoiceNumbered(sim, company.realmId, number);
      if (!key || more.length > 0 || categoryOf(company, key, sim) !== 'plain') continue;
      await tick(boxes[i] as ElementHandle<Element>);
      keys.push(key);
      if (keys.length === 6) break;
    }
    expect(keys).toHaveLength(6);

    const popup = await connectPopup({ openPopup, company });
    expect(await popup.waitForPreflight(6)).toEqual({ Ready: 6 });
    expect(await deleteAndCount(popup)).toBe(6);
    expect(sim.truth(company.realmId).deletedKeys().sort()).toEqual([...keys].sort());
  });
});

test.describe('the bank feed in the real markup', () => {
  test.use({ seed: { count: 90, seed: 7 } });

  test('Pending: a ticked bank line → the plain note, nothing selected; Posted: a ticked row → Ready → deleted', async ({
    sim,
    company,
    firefox,
    openPopup,
  }) => {
    const rowSelector = 'tbody tr.idsTable__row';
    const pending = await openReal(
      await newWindow(firefox.browser),
      '/app/banking?markup=real&tab=pending',
      rowSelector,
    );
    const [line] = await pending.$$(`${rowSelector} input[type="checkbox"]`);
    await tick(line as ElementHandle<Element>);
    const popup = await connectPopup({ openPopup, company });
    await popup.waitForText('.page-issues', /These are bank lines QuickBooks has not recorded yet\./);
    await popup.waitForText('main', /Nothing selected yet/);
    expect(await popup.page.$('#unresolved-heading')).toBeNull();

    const posted = await openReal(await newWindow(firefox.browser), '/app/banking?markup=real&tab=posted', rowSelector);
    const cells = await rowCells(posted, rowSelector, ['.txnDate', '.spent, .received']);
    const boxes = await posted.$$(`${rowSelector} input[type="checkbox"]`);
    let key: string | undefined;
    for (const [i, [date, money]] of cells.entries()) {
      const candidate = recordOn(sim, company.realmId, date ?? '', money ?? '');
      if (categoryOf(company, candidate, sim) !== 'plain') continue;
      await tick(boxes[i] as ElementHandle<Element>);
      key = candidate;
      break;
    }
    expect(key).toBeDefined();
    expect(await popup.waitForPreflight(1)).toEqual({ Ready: 1 });
    expect(await deleteAndCount(popup)).toBe(1);
    expect(sim.truth(company.realmId).deletedKeys()).toEqual([key]);
  });
});
