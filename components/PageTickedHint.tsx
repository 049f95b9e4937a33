import type { PopupModel } from '../lib/popup/model';

/** One line at the top of the view: the page ticked rows the person has not looked at yet. */
export function PageTickedHint({ model }: { model: PopupModel }) {
  const n = model.state.value?.pageTicked?.length ?? 0;
  if (n === 0) return null;
  return (
    <p class="page-ticked-hint">
      {n.toLocaleString()} {n === 1 ? 'row was' : 'rows were'} ticked by the page, not by you: not selected.{' '}
      <button
        type="button"
        class="link-button"
        onClick={() => {
          const heading = document.getElementById('page-ticked-heading');
          heading?.scrollIntoView({ block: 'start' });
          heading?.focus();
        }}
      >
        Review them
      </button>
    </p>
  );
}
