// @vitest-environment happy-dom
/**
 * A person can tell when a page is not read: the popup says, for the page in view, how many ticked
 * rows were read and why the others were not, and on a bank feed whose tab cannot be told, that
 * nothing there is selected and why. From the collector's page report through the background's page
 * issues to the words, with the "Copy page structure" and dismiss buttons' names unchanged.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageInfo } from '../../lib/messaging/content-protocol';
import { staleTabIssueText } from '../../lib/popup/words/page-issues';
import { createPageIssues } from '../../lib/selection/page-issues';
import { NOW, popupState, renderPopup, settle } from './fixtures';

const BANKING = 'https://app.qbo.intuit.com/app/banking';

/** The popup's page issues as the background keeps them after this page report. */
async function issuesAfter(page: PageInfo) {
  const issues = createPageIssues(fakeBrowser.storage.session);
  await issues.pageInfo(BANKING, page, NOW);
  return issues.view({ word: staleTabIssueText });
}

beforeEach(() => fakeBrowser.reset());

describe('how many ticked rows the page read', () => {
  it('"Read 12 of 14 ticked rows on this page: 2 show no amount."', async () => {
    const pageIssues = await issuesAfter({
      seenSelected: 12,
      unreadable: { tickedBoxes: 2, skeleton: '<tr></tr>', noAmount: 2 },
    });
    await renderPopup(popupState({ pageIssues }));
    expect(screen.getByText('Read 12 of 14 ticked rows on this page: 2 show no amount.')).toBeTruthy();
    expect(screen.getByText(/cannot read the rows ticked on this page yet \(2 ticked\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy page structure' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss the unreadable-rows warning' })).toBeTruthy();
  });

  it('names each reason: no date, no amount, rows it cannot read', async () => {
    const pageIssues = await issuesAfter({
      seenSelected: 0,
      unreadable: { tickedBoxes: 6, skeleton: '<tr></tr>', noDate: 1, noAmount: 2 },
    });
    await renderPopup(popupState({ pageIssues }));
    expect(
      screen.getByText(
        'Read 0 of 6 ticked rows on this page: 1 shows no date, 2 show no amount, 3 are in rows Safe Delete cannot read yet.',
      ),
    ).toBeTruthy();
  });

  it('a bank feed whose tab cannot be told: nothing selected, and why; its structure can be copied', async () => {
    const writeText = vi.fn(async () => {});
    const skeleton = 'tabs: <div class="idsSegmented">…';
    const pageIssues = await issuesAfter({
      seenSelected: 0,
      unreadable: { tickedBoxes: 5, skeleton, bankTabUnknown: true },
    });
    await renderPopup(popupState({ pageIssues }), { writeText });
    expect(screen.getByText('Read 0 of 5 ticked rows on this page: the bank feed’s tab cannot be told.')).toBeTruthy();
    expect(screen.getByText(/cannot tell which tab of the bank feed is shown/)).toBeTruthy();
    expect(screen.getByText(/bank lines, not transactions, so none of them is selected/)).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Copy page structure' })));
    expect(writeText).toHaveBeenCalledWith(skeleton);
  });
});
