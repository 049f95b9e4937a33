import type { PopupModel } from '../lib/popup/model';

/**
 * One alert region (role="alert"): a tab still showing another company, the background's notice,
 * the last failed action. A refused action usually comes back as both (the reply's error and the
 * stored notice): shown once. Then the polite status region: reconnecting, and what the live region
 * announces (check finished, each batch, the end).
 */
export function StatusRegion({ model }: { model: PopupModel }) {
  const state = model.state.value;
  const notice = state?.notice;
  const stale = state?.pageIssues?.staleTab;
  const error = model.actionError.value;
  return (
    <>
      <div role="alert">
        {stale && (
          <div class="notice notice-error">
            <p>{stale.text}</p>
            <p class="stale-tab">
              Tab: {stale.title ? `${stale.title} — ` : ''}
              <span class="url">{stale.url}</span>
            </p>
          </div>
        )}
        {notice && notice.text !== stale?.text && <p class={`notice notice-${notice.level}`}>{notice.text}</p>}
        {error && error !== notice?.text && error !== stale?.text && <p class="notice notice-error">{error}</p>}
      </div>
      <div role="status">
        {model.reconnecting.value && <p class="hint">Reconnecting… Safe Delete's background is restarting.</p>}
        <p class="sr-only" data-announce>
          {model.announced.value}
        </p>
      </div>
    </>
  );
}
