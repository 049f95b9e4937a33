// @vitest-environment happy-dom
/**
 * "Copy page structure": the skeleton of rows the collector cannot read keeps tags, classes (digits
 * masked), roles and attribute NAMES only. This test feeds it rows full of text, numbers, ids, hrefs,
 * aria-labels and data-* values, and proves none of them survives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pageSkeleton } from '../../lib/collect/page-structure';
import { MAX_SKELETON_CHARS } from '../../lib/messaging/content-limits';
import { startHarness } from './harness';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Every secret placed in the rows below: none may appear in the skeleton. */
const SECRETS = [
  'Acme Widgets',
  'Jane Q. Bookkeeper',
  '1,234.56',
  '1234',
  '4821',
  '2025-03-14',
  'txnId',
  '/app/',
  'https://',
  'row-id-77',
  'Select row 4821',
  'INV-4821',
  'secret-memo',
  'javascript',
  'color:red',
  'Reconciled',
  '9130350000000001',
  'value-text',
  'M0 0L10',
];

const ROWS = `
<div class="feed-list">
  <div class="feed-row feed-row--4821 is-selected" role="row" id="row-id-77" data-txn="INV-4821" data-realm="9130350000000001"
       aria-label="Select row 4821" title="Acme Widgets" style="color:red" tabindex="0">
    <span class="cell cell-1"><input type="checkbox" checked aria-label="Select row 4821" value="value-text" name="txn4821"></span>
    <span class="cell date" data-date="2025-03-14">2025-03-14</span>
    <span class="cell payee"><a href="https://app.qbo.intuit.com/app/bankfeed?txnId=4821&x=/app/" onclick="javascript:void 0">Acme Widgets</a></span>
    <span class="cell amount" data-amount="1,234.56">1,234.56</span>
    <span class="cell memo"><!-- secret-memo --><em>secret-memo</em> by Jane Q. Bookkeeper</span>
    <span class="cell status" role="status Reconciled">Reconciled</span>
    <svg class="icon" viewBox="0 0 10 10"><path d="M0 0L10 10"></path></svg>
    <x-row-1234 data-1234="1234"></x-row-1234>
  </div>
  <div class="feed-row feed-row--4822" role="row"><span class="cell"><input type="checkbox" checked></span><span class="cell">1234</span></div>
</div>`;

describe('pageSkeleton', () => {
  it('keeps tags, classes with digits masked, roles and attribute names; no text and no value survives', () => {
    document.body.innerHTML = ROWS;
    const skeleton = pageSkeleton([...document.querySelectorAll('.feed-row')]);
    for (const secret of SECRETS) expect(skeleton, secret).not.toContain(secret);
    expect(skeleton).not.toMatch(/[0-9]/);
    expect(skeleton).toContain(
      '<div class="feed-row feed-row--#### is-selected" role="row" id data-txn data-realm aria-label title style tabindex>',
    );
    expect(skeleton).toContain('<input type checked aria-label value name></input>');
    expect(skeleton).toContain('<a href onclick></a>');
    expect(skeleton).toContain('<span class="cell status" role="status">'); // only role words
    expect(skeleton).toContain('<x-row-#### data-####></x-row-####>');
    expect(skeleton.split('\n')).toHaveLength(2);
  });

  it('is bounded: at most three rows, depth limited, at most MAX_SKELETON_CHARS', () => {
    const deep = `${'<div class="d">'.repeat(40)}${'</div>'.repeat(40)}`;
    const wide = `<div class="w">${'<span class="c"></span>'.repeat(5000)}</div>`;
    document.body.innerHTML = `${deep}${wide}${wide}${wide}${wide}`;
    const skeleton = pageSkeleton([...document.body.children]);
    expect(skeleton.length).toBeLessThanOrEqual(MAX_SKELETON_CHARS);
    expect(skeleton.split('\n')).toHaveLength(3);
    expect((skeleton.split('\n')[0]?.match(/<div/g) ?? []).length).toBeLessThan(12);
  });
});

describe('pages the collector cannot read', () => {
  it('sends page.unreadable when ticked boxes sit in rows without a transaction it can read', async () => {
    document.body.innerHTML = ROWS;
    const { sent, tick } = startHarness('https://app.qbo.intuit.com/app/banking');
    await tick();
    const page = sent()[0]?.page;
    expect(page?.seenSelected).toBe(0);
    expect(page?.unreadable?.tickedBoxes).toBe(2);
    for (const secret of SECRETS) expect(page?.unreadable?.skeleton, secret).not.toContain(secret);
    expect(page?.unreadable?.skeleton).toContain('role="row"');
  });

  it('says nothing for a ticked select-all header or stray boxes outside rows', async () => {
    document.body.innerHTML = `<aside><label><input type="checkbox" checked> Show memo</label></aside>
      <table><thead><tr><th><input type="checkbox" checked aria-label="Select all"></th></tr></thead>
      <tbody><tr><td><input type="checkbox"></td><td><a href="/app/invoice?txnId=1">1</a></td></tr></tbody></table>`;
    const first = startHarness('https://app.qbo.intuit.com/app/invoices');
    await first.tick();
    expect(first.sent()).toEqual([]);
  });

  it('a ticked row with no link that shows no date or amount counts as unreadable beside a readable one (issue 20 item 6)', async () => {
    document.body.innerHTML = `<table><tbody><tr><td><input type="checkbox" checked></td><td><a href="/app/invoice?txnId=1">1</a></td></tr>
      <tr class="odd"><td><input type="checkbox" checked></td><td>no link</td></tr></tbody></table>`;
    const second = startHarness('https://app.qbo.intuit.com/app/invoices');
    await second.tick();
    expect(second.sent()[0]?.page).toEqual({
      seenSelected: 1,
      unreadable: { tickedBoxes: 1, skeleton: '<tr class="odd"><td><input type checked></input></td><td></td></tr>' },
    });
    expect(second.sent()[0]?.addedRows).toBeUndefined();
  });
});
