import type { PopupModel } from '../lib/popup/model';

/** The background's notice and the last failed action (role="alert"), and the reconnect status. */
export function StatusRegion({ model }: { model: PopupModel }) {
  const notice = model.state.value?.notice;
  const error = model.actionError.value;
  return (
    <>
      <div role="alert" class={notice || error ? 'alert' : 'alert-empty'}>
        {notice && <p class={`notice notice-${notice.level}`}>{notice.text}</p>}
        {error && <p class="notice notice-error">{error}</p>}
      </div>
      <div role="status" class="reconnecting">
        {model.reconnecting.value && <p>Reconnecting… Safe Delete's background is restarting.</p>}
      </div>
    </>
  );
}
