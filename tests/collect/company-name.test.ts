// @vitest-environment happy-dom
/** The company's name as the page's header shows it: a label for the popup, read from a few candidate places. */
import { afterEach, describe, expect, it } from 'vitest';
import { companyNameOfTitle, MAX_COMPANY_NAME, readCompanyName } from '../../lib/collect/company-name';
import { ContentMessageSchema } from '../../lib/messaging/content-protocol';
import { shell } from '../../tools/simulator/pages/html';
import { rowBoxes, startHarness } from './harness';
import { mountPage } from './load-page';

afterEach(() => {
  document.body.innerHTML = '';
  document.title = '';
});

const read = (html: string, title = '') => {
  document.body.innerHTML = html;
  document.title = title;
  return readCompanyName(document);
};

describe('readCompanyName', () => {
  it('reads the name at the top of the left navigation', () => {
    expect(
      read(
        '<nav aria-label="Main"><div class="company-name" data-testid="company-name">Maple Street Bakery LLC</div><ul><li><a href="/app/sales">Sales</a></li></ul></nav>',
      ),
    ).toBe('Maple Street Bakery LLC');
    expect(
      read('<header><button class="companyName" aria-haspopup="menu">Blue Ridge Plumbing Co.</button></header>'),
    ).toBe('Blue Ridge Plumbing Co.');
  });

  it('reads what the simulator’s look-alike page shows', () => {
    const html = shell({ title: 'Invoices', main: '<p>rows</p>', script: '', companyName: 'Old Mill Hardware' });
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.title).toBe('Invoices');
    expect(readCompanyName(page)).toBe('Old Mill Hardware');
  });

  it('is undefined when the page names no company', () => {
    expect(read('<nav aria-label="Main"><ul><li><a href="/app/sales">Sales</a></li></ul></nav>', 'Invoices')).toBe(
      undefined,
    );
    expect(read('<div class="company-name">   </div>')).toBeUndefined();
  });

  it('collapses the markup’s whitespace', () => {
    expect(read('<div data-testid="company-name">\n   Harbor Point\n\t Dental   Group \n</div>')).toBe(
      'Harbor Point Dental Group',
    );
    expect(read('<div class="company-name"><span>Cedar</span> <span>&amp; Pine</span>\u200e</div>')).toBe(
      'Cedar & Pine',
    );
  });

  it('keeps an ampersand and an apostrophe as they are shown', () => {
    expect(read('<div data-testid="company-name">Craig&#39;s Design &amp; Landscaping</div>')).toBe(
      "Craig's Design & Landscaping",
    );
    expect(read('<div data-testid="company-name">Craig’s Design</div>')).toBe('Craig’s Design');
    expect(read('<div class="companyName">Redwood Roofing &amp; Gutters</div>')).toBe('Redwood Roofing & Gutters');
  });

  it('clips a name over 100 characters', () => {
    const long = `${'Northgate Auto Repair and '.repeat(5)}Sons`;
    const name = read(`<div class="company-name">${long}</div>`);
    expect(long.length).toBeGreaterThan(MAX_COMPANY_NAME);
    expect(name).toBe(long.slice(0, MAX_COMPANY_NAME).trimEnd());
    expect(name?.length).toBeLessThanOrEqual(MAX_COMPANY_NAME);
  });

  it('skips markup that is not a name: a page word, a number, a hidden element, a wrapper of the whole header', () => {
    expect(read('<div class="company-name">Home</div>')).toBeUndefined();
    expect(read('<div class="company-name">QuickBooks</div><div class="companyName">Dashboard</div>')).toBeUndefined();
    expect(read('<div class="company-name">9341453050012345</div>')).toBeUndefined();
    expect(read('<div class="company-name" hidden>Lakeside Yoga Studio</div>')).toBeUndefined();
    expect(read(`<div class="company-name">${'Sales Expenses Reports '.repeat(30)}</div>`)).toBeUndefined();
    // The first candidate that holds a name wins.
    expect(read('<div class="company-name">Home</div><div data-testid="company-name">Old Mill Hardware</div>')).toBe(
      'Old Mill Hardware',
    );
  });

  it('reads the title only when it clearly names the company between the page and QuickBooks', () => {
    expect(read('<p>no header</p>', 'Invoices | Sunrise Family Pharmacy | QuickBooks')).toBe('Sunrise Family Pharmacy');
    expect(companyNameOfTitle('Invoices - Silver Spoon Catering - Intuit QuickBooks')).toBe('Silver Spoon Catering');
    expect(companyNameOfTitle('Invoices')).toBeUndefined();
    expect(companyNameOfTitle('Invoices | QuickBooks')).toBeUndefined();
    expect(companyNameOfTitle('Invoices | Home | QuickBooks')).toBeUndefined();
    expect(companyNameOfTitle('Invoices | Old Mill | Hardware')).toBeUndefined();
  });
});

describe('the name in the page report', () => {
  it('goes with a report of ticked rows as page.companyName, a string the background’s schema takes', async () => {
    mountPage('sim-sales-table.html');
    document
      .querySelector('nav')
      ?.insertAdjacentHTML(
        'afterbegin',
        '<div class="company-name" data-testid="company-name">Redwood Roofing &amp; Gutters</div>',
      );
    const { person, sent, tick } = startHarness('https://app.qbo.intuit.com/app/sales');
    await tick();
    expect(sent()).toEqual([]); // nothing ticked: no report, and no name read for one
    person.click(rowBoxes()[0]);
    await tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.page).toEqual({ seenSelected: 1, companyName: 'Redwood Roofing & Gutters' });
    expect(ContentMessageSchema.safeParse({ type: 'selection/report', data: sent()[0] }).success).toBe(true);
  });

  it('a page that names no company sends no name; the schema refuses a name over 200 characters', async () => {
    mountPage('sim-sales-table.html');
    const { person, sent, tick } = startHarness('https://app.qbo.intuit.com/app/sales');
    person.click(rowBoxes()[0]);
    await tick();
    expect(sent()[0]?.page).toEqual({ seenSelected: 1 });
    const data = { ...sent()[0], page: { seenSelected: 1, companyName: 'x'.repeat(201) } };
    expect(ContentMessageSchema.safeParse({ type: 'selection/report', data }).success).toBe(false);
    const empty = { ...sent()[0], page: { seenSelected: 1, companyName: '' } };
    expect(ContentMessageSchema.safeParse({ type: 'selection/report', data: empty }).success).toBe(false);
  });
});
