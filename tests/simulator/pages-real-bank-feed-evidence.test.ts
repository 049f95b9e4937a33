/**
 * The bank feed's evidence variants (`?feed=evidence|evidence-posted|evidence-amount`), as served:
 * the grid split in a header table and a rows table whose tbody sits inside `#table-body-main`, tabs
 * told by their text with no pressed state, no transaction Id anywhere, month heading rows, pages of
 * 300, nested values, and For review holding the bank's copy of the three newest recorded
 * transactions. The classic page (no `feed`) keeps its pressed tabs and one table.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededCompany, Simulator } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';

let sim: Simulator;
let company: SeededCompany;
const parse = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const page = async (query: string) => parse(await (await fetch(`${sim.url}/app/banking?markup=real&${query}`)).text());
const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();

beforeAll(async () => {
  sim = await startSimulator();
  company = sim.seedCompany({ count: 300, seed: 5 });
  sim.setPageCompany(company.realmId);
});
afterAll(() => sim.close());

describe.each(['evidence', 'evidence-posted', 'evidence-amount'])('?feed=%s', (feed) => {
  it('splits the grid: headers in the first table, rows in the second, inside #table-body-main', async () => {
    const doc = await page(`feed=${feed}&tab=${feed === 'evidence-posted' ? 'posted' : 'categorized'}`);
    const tables = doc.querySelectorAll('table.idsTable__columnGroup');
    expect(tables).toHaveLength(2);
    expect(tables[0]?.querySelectorAll('tr.idsTable__headerRow th').length).toBeGreaterThan(5);
    expect(tables[0]?.querySelector('td')).toBeNull();
    expect(tables[1]?.querySelector('th')).toBeNull();
    expect(
      doc.querySelector('#table-body-main tbody tr.idsTable__row[aria-rowindex="2"][data-index="0"]'),
    ).not.toBeNull();
    expect(doc.querySelector('.ids-table__virtualized-container')?.getAttribute('data-page-size')).toBe('300');
    expect(doc.querySelectorAll('tr.group-header-row').length).toBeGreaterThan(0);
    expect(text(doc.querySelector('tr.group-header-row'))).toMatch(/^[A-Z][a-z]+ \d{4} \(\d+\)$/);
  });

  it('tabs are told by their text only: no aria-pressed or aria-selected; no txnId anywhere', async () => {
    const doc = await page(`feed=${feed}`);
    // The feed's markup and its rows' data (the page's own script is shared with the classic page).
    const feedHtml = doc.querySelector('[data-bank-split]')?.outerHTML ?? '';
    expect(feedHtml).toContain('segmentedBTN');
    expect(feedHtml).not.toMatch(/txnId|aria-pressed|aria-selected/);
    const names = [...doc.querySelectorAll('[data-testid^="segmentedBTN"]')].map(text);
    expect(names).toEqual(
      feed === 'evidence-posted'
        ? [expect.stringMatching(/^Pending \(\d+\)$/), 'Posted', 'Excluded']
        : [expect.stringMatching(/^For review \(\d+\)$/), 'Categorized', 'Excluded'],
    );
  });
});

describe('?feed=evidence values', () => {
  it('nests each value as the evidence shows, the payee’s placeholder when it has none', async () => {
    const doc = await page('feed=evidence&tab=categorized');
    const rows = [...doc.querySelectorAll('#table-body-main tr.idsTable__row')];
    for (const row of rows) {
      expect(row.querySelector('td.description .description-tooltip')).not.toBeNull();
      expect(row.querySelector('td.payee button[aria-label]')).not.toBeNull();
      expect(row.querySelector('td.addedOrMatched button')?.hasAttribute('href')).toBe(false);
      const money = row.querySelector('td.spent .pull-right, td.received .received-amount');
      expect(text(money)).toMatch(/^\$[\d,]+\.\d\d$/);
    }
    const payees = rows.map((row) => row.querySelector('td.payee button')?.getAttribute('aria-label'));
    expect(payees).toContain('Select vendor/customer');
    const props = await page('feed=evidence-posted&tab=posted');
    const json = props.querySelector('td.category .QuickfillsContainer')?.getAttribute('data-props') ?? '';
    expect(JSON.parse(json)).toMatchObject({ value: { name: expect.any(String) } });
    const amount = await page('feed=evidence-amount&tab=categorized');
    expect([...amount.querySelectorAll('thead th')].map(text)).toContain('BANK DETAIL');
    expect(text(amount.querySelector('#table-body-main td.amount'))).toMatch(/^-?\$[\d,]+\.\d\d$/);
  });

  it('For review holds the bank’s copy of the three newest recorded transactions of the account', async () => {
    const data = (doc: Document) =>
      JSON.parse(text(doc.querySelector('.bank-feed__data'))) as { tabs: Record<string, string[]> };
    const cells = (row: string) => {
      const tr = parse(`<table><tbody>${row}</tbody></table>`).querySelector('tr.idsTable__row');
      return `${text(tr?.querySelector('.txnDate'))} ${text(tr?.querySelector('.spent, .received'))}`;
    };
    const feed = data(await page('feed=evidence&tab=review'));
    const review = (feed.tabs.pending ?? []).map(cells);
    const newest = (feed.tabs.posted ?? []).slice(0, 3).map(cells);
    expect(newest).toHaveLength(3);
    for (const line of newest) expect(review).toContain(line);
    const classic = data(await page('tab=pending'));
    expect(classic.tabs.pending).toHaveLength(60);
  });
});
