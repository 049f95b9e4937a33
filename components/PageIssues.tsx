import { useSignal } from '@preact/signals';
import type { PopupState } from '../lib/messaging/views';
import { formatCount } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

type Unreadable = NonNullable<NonNullable<PopupState['pageIssues']>['unreadable']>;

const rows = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "Read 12 of 14 ticked rows on this page: 2 show no amount." — how many were read, and why the rest were not. */
export function readSummary(u: Unreadable): string {
  const read = u.read ?? 0;
  const why: string[] = [];
  if (u.bankTabUnknown) why.push('the bank feed’s tab cannot be told');
  if (u.noDate) why.push(rows(u.noDate, 'shows no date', 'show no date'));
  if (u.noAmount) why.push(rows(u.noAmount, 'shows no amount', 'show no amount'));
  const other = u.bankTabUnknown ? 0 : u.tickedBoxes - (u.noDate ?? 0) - (u.noAmount ?? 0);
  if (other > 0)
    why.push(rows(other, 'is in a row Safe Delete cannot read yet', 'are in rows Safe Delete cannot read yet'));
  return `Read ${formatCount(read)} of ${formatCount(read + u.tickedBoxes)} ticked rows on this page: ${why.join(', ')}.`;
}

/**
 * What a QuickBooks page showed that Safe Delete could not fully take: the page's own counter
 * claims more selected rows than it saw (virtualized lists), or ticked rows it cannot read yet (how
 * many of the page's ticked rows it read, and why not the others), or bank lines.
 * (A tab still showing another company is an alert: see StatusRegion.)
 */
export function PageIssues({ model }: { model: PopupModel }) {
  const issues = model.state.value?.pageIssues;
  const copied = useSignal(false);
  if (!issues?.counter && !issues?.unreadable && !issues?.bankLines) return null;
  const { counter, unreadable, bankLines } = issues;
  return (
    <div class="page-issues">
      {bankLines && (
        <div class="warning">
          <p>
            {formatCount(bankLines.count)} ticked on the bank feed's Pending (For review) tab: not selected. These are
            bank lines QuickBooks has not recorded yet. Exclude them in QuickBooks; Safe Delete deletes recorded
            transactions.
          </p>
          <button type="button" class="link-button" onClick={() => void model.dismissAlert('bankLines')}>
            Dismiss the bank-lines note
          </button>
        </div>
      )}
      {counter && (
        <div class="warning">
          <p>
            QuickBooks shows {formatCount(counter.claimed)} selected; Safe Delete saw {formatCount(counter.seen)}.
            Scroll through the list or tick page by page.
          </p>
          <button type="button" class="link-button" onClick={() => void model.dismissAlert('counter')}>
            Dismiss the count warning
          </button>
        </div>
      )}
      {unreadable && (
        <div class="warning">
          <p>{readSummary(unreadable)}</p>
          <p>
            {unreadable.bankTabUnknown
              ? "Safe Delete cannot tell which tab of the bank feed is shown, and rows on For review (Pending) are bank lines, not transactions, so none of them is selected. Tick recorded transactions in the account's register instead."
              : `Safe Delete cannot read the rows ticked on this page yet (${formatCount(unreadable.tickedBoxes)} ticked), so none of them is selected.`}{' '}
            Copy the page's structure — only its layout: no names, numbers or amounts — and send it to us so this page
            can be supported.
          </p>
          <div class="actions">
            <button
              type="button"
              onClick={async () => {
                copied.value = await model.copyText(unreadable.skeleton);
              }}
            >
              Copy page structure
            </button>
            <span role="status">{copied.value ? 'Copied' : ''}</span>
            <button type="button" class="link-button" onClick={() => void model.dismissAlert('unreadable')}>
              Dismiss the unreadable-rows warning
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
