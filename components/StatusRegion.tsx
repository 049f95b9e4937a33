import type { PopupModel } from '../lib/popup/model';

/**
 * The background's notice and the last failed action (role="alert"), and the reconnect status. A
 * refused action usually comes back as both (the reply's error and the stored notice): shown once.
 */
export function StatusRegion({ model }: { model: PopupModel }) {
  const notice = model.state.value?.notice;
  const error = model.actionError.value;
  return (
    <>
      <div role="alert">
        {notice && <p class={`notice notice-${notice.level}`}>{notice.text}</p>}
        {error && error !== notice?.text && <p class="notice notice-error">{error}</p>}
      </div>
      <div role="status">
        {model.reconnecting.value && <p class="hint">Reconnecting… Safe Delete's background is restarting.</p>}
      </div>
    </>
  );
}
