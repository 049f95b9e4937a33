import { companyText, sandboxNote } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/**
 * One line: the product, which client's books, and the full view. The client goes by its name, on
 * two lines if it must, never cut; its Id shows in the full view only (or while the name is not
 * known). A sandbox company says so; the real books go without saying.
 */
export function TopBar({ model, full }: { model: PopupModel; full: boolean }) {
  const c = model.connection.value;
  const company = c ? companyText(c) : undefined;
  return (
    <header class="topbar">
      <h1>Safe Delete</h1>
      {c && (
        <p class="topbar-company" title={company}>
          {c.companyName ? (
            <>
              <span class="topbar-name">{c.companyName}</span>
              <span class="topbar-id"> (Id {c.realmId})</span>
            </>
          ) : (
            (company ?? 'No company connected')
          )}
          {sandboxNote(c.environment)}
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
