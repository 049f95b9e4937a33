import { companyText, ENVIRONMENT_LABEL } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/** One line: the product, which client's books (name and Id) in which environment, and the full view. */
export function TopBar({ model, full }: { model: PopupModel; full: boolean }) {
  const c = model.connection.value;
  const company = c ? companyText(c) : undefined;
  return (
    <header class="topbar">
      <h1>Safe Delete</h1>
      {c && (
        <p class="topbar-company" title={company}>
          {company ?? 'No company connected'} · {ENVIRONMENT_LABEL[c.environment]}
        </p>
      )}
      {!full && model.openFullView && (
        <button type="button" class="link-button" onClick={() => model.openFullView?.()}>
          Open full view
        </button>
      )}
    </header>
  );
}
