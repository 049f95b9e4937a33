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
  const showNotice = !!notice && notice.text !== stale?.text;
  return (
    <>
      <div role="alert">
        {stale && (
          <div class="notice notice-error">
            <p>{stale.text}</p>
            {/* The tab by its address: a title ("Invoices") names no client. */}
            <p class="stale-tab">
              Tab: <span class="url">{stale.url}</span>
            </p>
          </div>
        )}
        {showNotice && <p class={`notice notice-${notice.level}`}>{notice.text}</p>}
        {error && error !== notice?.text && error !== stale?.text && <p class="notice notice-error">{error}</p>}
      </div>
      {/* Outside the alert region: its text is announced, the buttons are not part of it. */}
      {(stale || showNotice) && (
        <div class="alert-actions">
          {stale && (
            <button type="button" class="link-button" onClick={() => void model.dismissAlert('staleTab')}>
              Dismiss the alert about this tab
            </button>
          )}
          {showNotice && (
            <button type="button" class="link-button" onClick={() => void model.dismissAlert('notice')}>
              Dismiss this message
            </button>
          )}
        </div>
      )}
      <div role="status">
        {model.reconnecting.value && <p class="hint">Reconnecting… Safe Delete's background is restarting.</p>}
        <p class="sr-only" data-announce>
          {model.announced.value}
        </p>
      </div>
    </>
  );
}
