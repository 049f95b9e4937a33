/**
 * Shared steps of the issue-21 specs (screens, client in view, outage): tick rows with the person's
 * own clicks and wait on the popup instead of a clock, open the popup behind a QuickBooks tab (the
 * way the toolbar popup sees its active tab), measure what a person sees at 460 × 600 and 1280 × 800,
 * and save each screen under the test's output folder.
 */
import { type BrowserContext, expect, type Page, request, type TestInfo } from '@playwright/test';
import { measureRows } from '../../tools/screens/measure';
import type { Endpoint, SeededCompany, Simulator } from '../../tools/simulator/api';
import { LedgerPage } from '../../tools/support/pages/ledger';
import { PopupPage } from '../../tools/support/pages/popup';
import type { Category } from './helpers';
import { categoryOf } from './helpers';

export const POPUP_SIZE = { width: 460, height: 600 };
export const FULL_SIZE = { width: 1280, height: 800 };

/** Every endpoint the check and the job read or write through: "QuickBooks is down". */
export const EVERY_ENDPOINT: readonly Endpoint[] = [
  'query',
  'report',
  'preferences',
  'read',
  'companyinfo',
  'batch',
  'delete',
  'void',
  'create',
];

/** The simulator stops answering: every API call's connection is dropped, nothing applied. */
export function takeDown(sim: Simulator, realmId?: string): void {
  for (const endpoint of EVERY_ENDPOINT) sim.injectFault({ endpoint, kind: 'drop-before', probability: 1, realmId });
}

/** Calls that asked the simulator to delete, void or create anything (whether or not it applied them). */
export function writeCalls(sim: Simulator, realmId: string) {
  return sim
    .requestLog(realmId)
    .filter(
      (e) =>
        e.endpoint === 'delete' ||
        e.endpoint === 'void' ||
        e.endpoint === 'create' ||
        (e.endpoint === 'batch' && /"operation"\s*:\s*"(delete|update|create)"/.test(e.body ?? '')),
    );
}

/** Opens a list page (100 rows: one page holds every pick) and waits for its rows. */
export async function openList(context: BrowserContext, path = '/app/invoices?rows=100'): Promise<Page> {
  const page = await context.newPage();
  return (await new LedgerPage(page).open(path)).page;
}

/** Invoice Ids on the page of the wanted categories, in page order (`want` per category). */
export async function pickInvoices(
  page: Page,
  company: SeededCompany,
  want: Partial<Record<Category, number>>,
  sim?: Simulator,
): Promise<string[]> {
  // No row links its invoice: each is known by what it shows (the simulator's records say which).
  const ids = await new LedgerPage(page).ids();
  const left = { ...want };
  const out: string[] = [];
  for (const id of new Set(ids)) {
    const cat = categoryOf(company, `Invoice:${id}`, sim);
    if ((left[cat] ?? 0) > 0) {
      out.push(id);
      left[cat] = (left[cat] ?? 0) - 1;
    }
  }
  return out;
}

/** Ticks each row's own checkbox with a real click (the person's gesture). */
export async function tickInvoices(page: Page, ids: readonly string[]): Promise<void> {
  const ledger = new LedgerPage(page);
  for (const id of ids) await ledger.tick(id);
}

/**
 * The popup in a tab that is NOT the active one: `front` stays the active tab of the window, as
 * when the person clicks the toolbar button over a QuickBooks page (the popup asks for the active
 * tab when it opens).
 */
export async function openPopupBehind(context: BrowserContext, extensionId: string, front: Page): Promise<PopupPage> {
  const page = await context.newPage();
  await page.setViewportSize(POPUP_SIZE);
  await front.bringToFront();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  return new PopupPage(page);
}

export async function openFullView(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(FULL_SIZE);
  await page.goto(`chrome-extension://${extensionId}/popup.html?view=full`);
  return page;
}

/** Saves what the viewport shows (not the scrolled page) under the test's output folder, attached to the report. */
export async function shoot(testInfo: TestInfo, page: Page, name: string): Promise<string> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return path;
}

export interface PopupFigures {
  /** Selection rows wholly in view above the deck, their amount drawn whole. */
  rowsVisible: number;
  /** The list's height in view, between the top of the page and the deck (px). */
  listInView: number;
  buttonTop?: number;
  buttonBottom?: number;
  scrollWidth: number;
  clientWidth: number;
}

/** What the popup shows without scrolling (its 460 × 600 viewport). */
export function popupFigures(page: Page): Promise<PopupFigures> {
  return page.evaluate(() => {
    const deckTop = document.querySelector('.deck')?.getBoundingClientRect().top ?? innerHeight;
    // A row counts only inside its scroller's box: windowing draws a few rows past the edge.
    const scroller = document.querySelector('.scroller')?.getBoundingClientRect();
    const top = Math.max(0, scroller?.top ?? 0);
    const bottom = Math.min(innerHeight, deckTop, scroller?.bottom ?? innerHeight);
    const rowsVisible = [...document.querySelectorAll<HTMLElement>('li.row')].filter((row) => {
      const box = row.getBoundingClientRect();
      const amount = row.querySelector<HTMLElement>('.row-amount');
      if (!amount || !/\d/.test(amount.innerText)) return false;
      const a = amount.getBoundingClientRect();
      return (
        box.top >= top - 0.5 &&
        box.bottom <= bottom + 0.5 &&
        a.width > 0 &&
        a.left >= 0 &&
        a.right <= innerWidth &&
        amount.scrollWidth <= amount.clientWidth
      );
    }).length;
    const button = document.querySelector('button.danger')?.getBoundingClientRect();
    const root = document.scrollingElement ?? document.documentElement;
    return {
      rowsVisible,
      listInView: Math.round(Math.max(0, bottom - top)),
      buttonTop: button ? Math.round(button.top) : undefined,
      buttonBottom: button ? Math.round(button.bottom) : undefined,
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
    };
  });
}

export interface FullFigures {
  headers: string[];
  rowsChecked: number;
  cellsChecked: number;
  /** Each header or row cell (the why included) whose text does not fit its box: "Invoice:12 .row-why: "Part of …"". */
  cut: string[];
  /** Two cells of one row drawn over each other: "Invoice:12 .chip over .row-why". */
  overlaps: string[];
  /** The height of each row with no why-text (px). */
  plainRowHeights: number[];
  scrollWidth: number;
  clientWidth: number;
}

/**
 * The selection's rows in either view (tools/screens/measure.ts): the windowed list scrolled
 * through, every cell uncut (type, number, date, amount, name, status and why; an ellipsis drawn
 * counts as cut), no two cells of a row over each other, every header of the full view's table whole.
 */
export async function fullFigures(page: Page): Promise<FullFigures> {
  const rows = await page.evaluate(measureRows);
  const rest = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      headers: [...document.querySelectorAll<HTMLElement>('.row-head > *')].map((h) => h.innerText.trim()),
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
    };
  });
  return {
    ...rest,
    rowsChecked: rows.rowsChecked,
    cellsChecked: rows.cellsChecked,
    cut: [...rows.cutHeaders.map((h) => `header ${h}`), ...rows.cut],
    overlaps: rows.overlaps,
    plainRowHeights: rows.plainRowHeights,
  };
}

/** No page slides sideways: the document is no wider than its viewport. */
export function expectNoSideways(figures: { scrollWidth: number; clientWidth: number }, state: string): void {
  // Soft: the remaining states are still shot and measured; the test fails at its end.
  expect.soft(figures.scrollWidth, `${state}: horizontal scroll`).toBeLessThanOrEqual(figures.clientWidth);
}

/** The raw text of an exception, anywhere in a page a person sees. */
export const RAW_ERROR =
  /TypeError|Failed to fetch|NetworkError|SyntaxError|ReferenceError|Uncaught|\bat \S+ \(|HTTPError/;

/**
 * Two invoices alike in every column the real-markup Invoices list shows (date, number, customer,
 * due date, amount), made through the simulator's own API as another QuickBooks user would.
 */
export async function createTwinInvoices(sim: Simulator, company: SeededCompany, docNumber: string): Promise<string[]> {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const keys: string[] = [];
  try {
    for (const _ of [1, 2]) {
      const res = await api.post(
        `${sim.url}/v3/company/${company.realmId}/invoice?include=allowduplicatedocnum&minorversion=75`,
        {
          headers: { Authorization: `Bearer ${company.token}` },
          data: { CustomerRef: { value: '3' }, TotalAmt: 1362.07, TxnDate: '2025-12-31', DocNumber: docNumber },
        },
      );
      expect(res.status(), await res.text()).toBe(200);
      keys.push(`Invoice:${((await res.json()) as { Invoice: { Id: string } }).Invoice.Id}`);
    }
  } finally {
    await api.dispose();
  }
  return keys;
}
