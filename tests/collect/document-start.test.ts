// @vitest-environment happy-dom
/**
 * The content script runs at document_start: the collector starts before the body exists, listens
 * for gestures at once, asks `page/hello` at once, and scans only when the DOM is ready.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

/** The parser is still running: `readyState` is 'loading' until `domReady()`. */
const parsing = () => Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
const domReady = () => {
  Reflect.deleteProperty(document, 'readyState'); // back to happy-dom's own getter
  document.dispatchEvent(new Event('DOMContentLoaded'));
};

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
  document.body.innerHTML = '';
});

describe('started at document_start', () => {
  it('sends the hello at once, waits for DOMContentLoaded to scan, and keeps gestures made meanwhile', async () => {
    parsing();
    document.body.innerHTML = '';
    const { hellos, sent, tick, person } = startHarness('https://app.qbo.intuit.com/app/sales');
    await tick();
    expect(hellos()).toHaveLength(1);
    expect(sent()).toEqual([]);
    // The parser delivers the rows; the person ticks one before DOMContentLoaded.
    mountPage('sim-sales-table.html');
    await tick();
    person.click(document.querySelector('tr.txn-row input[type=checkbox]'));
    domReady();
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.snapshot).toBe(true);
    expect(sent()[0]?.added).toHaveLength(1);
  });

  it('gives a register its boxes once the DOM is ready', async () => {
    parsing();
    mountPage('sim-register-dgrid.html');
    const { tick } = startHarness('https://app.qbo.intuit.com/app/register?accountId=35');
    await tick();
    expect(ownBoxes()).toHaveLength(0);
    domReady();
    expect(ownBoxes()).toHaveLength(40);
  });
});
