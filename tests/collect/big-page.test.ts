// @vitest-environment happy-dom
/**
 * A 10,000-row page must stay responsive: one querySelectorAll pass, no layout reads. The budget is
 * generous (happy-dom on a shared 2-core machine is far slower than a browser); the figures are
 * printed for comparison.
 */
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { collectRows } from '../../lib/collect/rows';
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
  salesHtml = await (await app.request(`/app/sales?rows=${ROWS}&fragment=1`)).text();
  registerHtml = await (await app.request(`/app/register?accountId=35&rows=${ROWS}&fragment=1`)).text();
});

describe('10,000-row pages', () => {
  it('collects every row of /app/sales?rows=10000 in one pass without layout reads', () => {
    document.body.innerHTML = salesHtml;
    const layout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const started = performance.now();
    const { rows, ignored } = collectRows(document, 'https://app.qbo.intuit.com/app/sales?rows=10000');
    const ms = performance.now() - started;
    console.info(`collectRows: ${rows.length} rows in ${ms.toFixed(0)} ms (happy-dom)`);
    expect(rows).toHaveLength(ROWS);
    expect(ignored).toEqual({});
    expect(layout).not.toHaveBeenCalled();
    expect(ms).toBeLessThan(5000);
  });

  it('injects our checkbox into a 10,000-row register quickly', async () => {
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
    expect(collector.lastScan()?.rows).toHaveLength(ROWS);
    expect(document.querySelectorAll('input[aria-label="Select for deletion"]')).toHaveLength(ROWS);
    expect(ms).toBeLessThan(10_000);
    controller.abort();
  });
});
