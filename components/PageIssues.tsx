import { useSignal } from '@preact/signals';
import { formatCount } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/**
 * What a QuickBooks page showed that Safe Delete could not fully take: the page's own counter
 * claims more selected rows than it saw (virtualized lists), or ticked rows it cannot read yet.
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
            {formatCount(bankLines.count)} ticked on the bank feed's Pending tab: not selected. These are bank lines
            QuickBooks has not recorded yet. Exclude them in QuickBooks; Safe Delete deletes recorded transactions.
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
          <p>
            Safe Delete cannot read the rows ticked on this page yet ({formatCount(unreadable.tickedBoxes)} ticked), so
            none of them is selected. Copy the page's structure — only its layout: no names, numbers or amounts — and
            send it to us so this page can be supported.
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
