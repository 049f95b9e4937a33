// @vitest-environment happy-dom
/**
 * A 10,000-row page: every row read in one querySelectorAll pass with no layout reads (a list whose
 * rows link their records, built from the saved page sim-sales-table.html: the simulator serves no
 * such page, as no public source shows one), and our box injected into every row of the simulator's
 * evidence-shaped register. How fast is the bench's business ("collect 10,000-row page", in
 * real Chromium): tests never assert wall-clock times. The happy-dom figures are printed only.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { scanRows } from '../../lib/collect/rows';
import type { Entity } from '../../lib/domain/entities';
import { mountPages } from '../../tools/simulator/pages/index';

const ROWS = 10_000;
let salesHtml = '';
let registerHtml = '';

beforeAll(async () => {
  const records = Array.from({ length: ROWS }, (_, i) => ({
    entity: (i % 2 ? 'Invoice' : 'SalesReceipt') as Entity,
    json: { Id: String(i + 1), TxnDate: '2025-01-01', TotalAmt: i, DepositToAccountRef: { value: '35' } },
  }));
  const app = new Hono();
  mountPages(app, { pageRealmId: () => '1', records: () => records });
  const saved = readFileSync('tests/fixtures/pages/sim-sales-table.html', 'utf8');
  const head = /<table class="txn-table"[\s\S]*?<tbody>/.exec(saved)?.[0] ?? '';
  const row = /<tr class="txn-row"[\s\S]*?<\/tr>/.exec(saved)?.[0] ?? '';
  const rowOf = (i: number) => row.replace(/txnId=\d+/, `txnId=${i + 1}`).replaceAll(/\b1025\b/g, String(10_000 + i));
  salesHtml = `${head}${Array.from({ length: ROWS }, (_, i) => rowOf(i)).join('')}</tbody></table>`;
  registerHtml = await (await app.request(`/app/register?accountId=35&rows=${ROWS}&fragment=1`)).text();
});

describe('10,000-row pages', () => {
  it('collects every row of /app/sales?rows=10000 in one pass without layout reads', { timeout: 120_000 }, () => {
    document.body.innerHTML = salesHtml;
    const layout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const started = performance.now();
    const { rows, ignored } = scanRows(document, 'https://app.qbo.intuit.com/app/sales?rows=10000');
    const ms = performance.now() - started;
    console.info(`scanRows: ${rows.length} rows in ${ms.toFixed(0)} ms (happy-dom)`);
    expect(rows).toHaveLength(ROWS);
    expect(ignored).toEqual({});
    expect(layout).not.toHaveBeenCalled();
  });

  it('injects our checkbox into every row of a 10,000-row register', { timeout: 120_000 }, async () => {
    const { startCollector } = await import('../../lib/collect/collector');
    document.body.innerHTML = registerHtml;
    const controller = new AbortController();
    const started = performance.now();
    const collector = startCollector({
      document,
      location: () => 'https://app.qbo.intuit.com/app/register?accountId=35',
      now: () => 0,
      send: async () => undefined,
      signal: controller.signal,
      onLocationChange: () => {},
    });
    const ms = performance.now() - started;
    console.info(`first scan with injection: ${ROWS} rows in ${ms.toFixed(0)} ms (happy-dom)`);
    // Every transaction row gets our box; the inline "Add" row shows no transaction and gets none.
    expect(document.querySelectorAll('input[aria-label="Select for deletion"]')).toHaveLength(ROWS);
    expect(document.querySelectorAll('.dgrid-row')).toHaveLength(ROWS + 1);
    expect(document.querySelector('.register-add-row input[aria-label="Select for deletion"]')).toBeNull();
    expect(collector.lastScan()).toBeDefined();
    controller.abort();
  });
});
