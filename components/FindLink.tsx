import type { PopupModel } from '../lib/popup/model';

/**
 * The popup's way to the find tools, which live in the full view: a person who has never seen them
 * learns here that transactions can be found by date created, from a report's list, or as likely
 * duplicates, without ticking them page by page. Shown once a company is connected (the tools read
 * its books).
 */
export function FindLink({ model }: { model: PopupModel }) {
  const c = model.connection.value;
  const open = model.openFullView;
  if (!open || !c?.realmId || !c.hasToken || c.needsReconnect) return null;
  return (
    <div class="find-link">
      <p class="hint">
        Or find what to delete without ticking: by date created, from a report's list, or likely duplicates.
      </p>
      <button type="button" class="link-button" onClick={() => open('find')}>
        {`Find in ${c.companyName ?? `company ${c.realmId}`}`}
      </button>
    </div>
  );
}
