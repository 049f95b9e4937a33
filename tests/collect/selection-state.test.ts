// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { scanRows } from '../../lib/collect/rows';

const URL_SALES = 'https://app.qbo.intuit.com/app/sales';
const selected = () =>
  scanRows(document, URL_SALES)
    .rows.filter((r) => r.selected)
    .map((r) => r.key);

describe('selection state', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <table><tbody>
        <tr><td><input type="checkbox" id="a"></td><td><a href="/app/invoice?txnId=1">1</a></td></tr>
        <tr><td><input type="checkbox" id="b" checked></td><td><a href="/app/invoice?txnId=2">2</a></td></tr>
        <tr><td><input type="radio" checked></td><td><a href="/app/invoice?txnId=3">3</a></td></tr>
      </tbody></table>
      <div role="row"><span role="checkbox" id="c" aria-checked="false"></span><a href="/app/bill?txnId=4">4</a></div>
      <div role="row"><span role="checkbox" aria-checked="true"></span><a href="/app/bill?txnId=5">5</a></div>
      <div role="row"><span role="checkbox" aria-checked="TRUE"></span><a href="/app/bill?txnId=6">6</a></div>
      <div role="row"><input type="checkbox" checked><a href="/app/deposit?txnId=7">7</a></div>`;
  });

  it('reads native checked state and aria-checked="true" exactly', () => {
    expect(selected()).toEqual(['Invoice:2', 'Bill:5', 'Deposit:7']);
  });

  it('follows the live property, not the attribute', () => {
    (document.getElementById('a') as HTMLInputElement).checked = true;
    (document.getElementById('b') as HTMLInputElement).checked = false;
    document.getElementById('c')?.setAttribute('aria-checked', 'true');
    expect(selected()).toEqual(['Invoice:1', 'Bill:4', 'Bill:5', 'Deposit:7']);
  });

  it('a duplicated row is selected when any of its rows is ticked', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="row"><span role="checkbox" aria-checked="true"></span><a href="/app/invoice?txnId=1">again</a></div>',
    );
    expect(selected()).toContain('Invoice:1');
  });
});
