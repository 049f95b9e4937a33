/**
 * A stale tab's alert is stored as a code with its fields (why, the two companies' Ids), never as a
 * sentence; the popup's view words it from lib/popup/words/page-issues.ts, naming both companies.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ADDRESS_DISAGREES_TEXT, STALE_TAB_TEXT, staleTabIssueText as word } from '../../lib/popup/words/page-issues';
import { createPageIssues, PAGE_ISSUES_ITEM } from '../../lib/selection/page-issues';

const session = () => fakeBrowser.storage.session;
const KEY = PAGE_ISSUES_ITEM.key();
const url = 'https://qbo.example/app/invoices';
const names: Record<string, string> = { '111': 'Acme Ltd', '222': 'Bravo Inc' };
const name = async (realmId: string) => names[realmId];

beforeEach(() => fakeBrowser.reset());

describe('a stale tab, stored as a code', () => {
  it('stores why and the companies, no words; the view names both companies', async () => {
    const issues = createPageIssues(session());
    await issues.staleTab({ tabId: 4, url, why: 'companyChanged', at: 1, loadedUnder: '111', nowOpen: '222' });
    const stored = (await session().get(KEY))[KEY] as { staleTab: Record<string, unknown> };
    expect(stored.staleTab).toEqual({
      tabId: 4,
      url,
      why: 'companyChanged',
      at: 1,
      loadedUnder: '111',
      nowOpen: '222',
    });
    expect((await issues.view({ name, word }))?.staleTab?.text).toBe(
      'This tab still shows Acme Ltd, but QuickBooks now has Bravo Inc open. Reload it.',
    );
    expect((await issues.view({ word }))?.staleTab?.text).toBe(
      'This tab still shows company 111, but QuickBooks now has company 222 open. Reload it.',
    );
  });

  it('an address naming another company is worded as such, with no company to name', async () => {
    const issues = createPageIssues(session());
    await issues.staleTab({ url, why: 'addressDisagrees', at: 1 });
    expect((await issues.view({ name, word }))?.staleTab?.text).toBe(ADDRESS_DISAGREES_TEXT);
  });

  it('a value written with a sentence (before the code) still reads, as a company that changed', async () => {
    await session().set({ [KEY]: { staleTab: { url, text: 'This tab still shows another company.', at: 1 } } });
    expect((await createPageIssues(session()).view({ name, word }))?.staleTab).toEqual({
      url,
      at: 1,
      text: STALE_TAB_TEXT,
    });
  });
});
