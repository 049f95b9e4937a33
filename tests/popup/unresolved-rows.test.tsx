// @vitest-environment happy-dom
/**
 * Issue 20: a ticked row with no Id in its markup that several records match is "Can't tell which
 * transaction" with each candidate (number, name, date, amount, when created); the person's pick is
 * sent for that row only; one that matches none is "Not found in QuickBooks". Neither is in the
 * selection or in the click. Ticked bank-feed Pending lines are said for what they are.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { UnresolvedRow } from '../../lib/messaging/views';
import { popupState, renderPopup, row, SHOWN_COMPANY, settle } from './fixtures';

const shown = { type: 'Invoice', number: '1047', date: '11/03/2026', name: 'Cool Cars', amount: '$120.00' };
const twin = (id: string, createdAt: string) => ({
  entity: 'Invoice' as const,
  id,
  number: '1047',
  date: '2026-11-03',
  name: 'Cool Cars',
  amount: 120,
  createdAt,
});
const ambiguous: UnresolvedRow = {
  rowKey: 'row:inv:abc#1',
  shown,
  tickedAt: 1,
  status: 'ambiguous',
  candidates: [twin('179', '2026-11-03T14:02:00Z'), twin('180', '2026-11-04T09:15:00Z')],
};
const missing: UnresolvedRow = { rowKey: 'row:inv:def', shown, tickedAt: 2, status: 'notFound', candidates: [] };

describe('rows not tied to one transaction', () => {
  it("lists both candidates of a row it can't tell apart and sends the person's pick for that row", async () => {
    const p = await renderPopup(popupState({ selection: [row(1, 'ready')], unresolved: [ambiguous, missing] }));
    // The list is its own chunk, loaded the first time there are such rows.
    const region = await screen.findByRole('region', { name: /Rows not tied to one transaction \(2\)/ });
    expect(within(region).getByText("Can't tell which transaction")).toBeTruthy();
    expect(within(region).getByText('Not found in QuickBooks')).toBeTruthy();
    const picks = within(region).getAllByRole('button', {
      name: /^Pick Invoice 1047 · Cool Cars · Nov 3, 2026 · \$120\.00/,
    });
    expect(picks).toHaveLength(2);
    expect(picks[0]?.getAttribute('aria-label')).toMatch(/created .*2026/);
    await settle(() => fireEvent.click(picks[1] as HTMLElement));
    expect(p.bg.sentOfType('selection/pick')).toEqual([
      { type: 'selection/pick', rowKey: 'row:inv:abc#1', entity: 'Invoice', id: '180', scope: SHOWN_COMPANY },
    ]);
  });

  it('candidates that read the same are told apart by their record number', async () => {
    const same = {
      ...ambiguous,
      candidates: [twin('179', '2026-11-03T14:02:00Z'), twin('180', '2026-11-03T14:02:00Z')],
    };
    await renderPopup(popupState({ unresolved: [same] }));
    expect(await screen.findByRole('button', { name: /· record 179$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /· record 180$/ })).toBeTruthy();
  });

  it('a row can be removed; the removal names the row key', async () => {
    const p = await renderPopup(popupState({ unresolved: [missing] }));
    const remove = await screen.findByRole('button', { name: /^Remove the row Invoice no\. 1047/ });
    await settle(() => fireEvent.click(remove));
    expect(p.bg.sentOfType('selection/remove')).toEqual([
      { type: 'selection/remove', key: 'row:inv:def', scope: SHOWN_COMPANY },
    ]);
  });

  it('nothing is listed when every row is one transaction', async () => {
    await renderPopup(popupState({ selection: [row(1, 'ready')] }));
    expect(screen.queryByRole('region', { name: /Rows not tied to one transaction/ })).toBeNull();
  });

  it('says what ticked bank-feed Pending lines are and that none was selected', async () => {
    await renderPopup(
      popupState({ pageIssues: { bankLines: { url: 'https://app.qbo.intuit.com/app/banking', count: 3, at: 1 } } }),
    );
    expect(
      screen.getByText(
        /These are bank lines QuickBooks has not recorded yet\. Exclude them in QuickBooks; Safe Delete deletes recorded transactions\./,
      ),
    ).toBeTruthy();
  });
});
