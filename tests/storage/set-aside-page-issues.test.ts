/**
 * Page issues read a stored value they cannot read as "no issue"; before the next report replaces
 * it, the value is kept under sd:unreadable:<key> in storage.session (where the issues live: nothing
 * of a page's report goes to disk), and a later read through the item's declaration reports it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { staleTabIssueText } from '../../lib/popup/words/page-issues';
import { createPageIssues, PAGE_ISSUES_ITEM } from '../../lib/selection/page-issues';
import { readItem } from '../../lib/storage/item';
import { storageKey } from '../../lib/storage/keys';

const session = () => fakeBrowser.storage.session;
const KEY = PAGE_ISSUES_ITEM.key();
const ASIDE = storageKey.unreadable(KEY);
const stale = { tabId: 4, url: 'https://qbo.example/app/invoices', why: 'companyChanged', at: 1 } as const;

beforeEach(() => fakeBrowser.reset());

describe('page issues set an unreadable value aside before writing over it', () => {
  it('a stale-tab report keeps the unreadable issues aside, in storage.session, read back as unreadable', async () => {
    const malformed = { counter: { url: 'https://qbo.example/app/sales', claimed: 'many' } };
    await session().set({ [KEY]: malformed });
    expect(await createPageIssues(session()).staleTab(stale)).toBe(true);
    expect((await session().get(ASIDE))[ASIDE]).toEqual(malformed);
    expect(await readItem(PAGE_ISSUES_ITEM, session(), ASIDE)).toMatchObject({ kind: 'unreadable', raw: malformed });
    expect((await fakeBrowser.storage.local.get(ASIDE))[ASIDE]).toBeUndefined();
    // The issues go on from empty, and the new report reads back.
    expect((await createPageIssues(session()).view({ word: staleTabIssueText }))?.staleTab?.url).toBe(stale.url);
  });
});
