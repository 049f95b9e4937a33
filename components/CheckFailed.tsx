import { useEffect } from 'preact/hooks';
import { CHECK_RETRY_MS } from '../lib/domain/limits';
import { formatTime } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/**
 * The check failed (QuickBooks down, no network, an answer not proven complete): one banner at the
 * top, in words, with when it is tried again and "Try now". The delete button stays unavailable
 * until a fresh check succeeds (lib/popup/derive.ts); the rows below are from the last good check.
 * The banner sits at the top of the page: when it appears the page scrolls back up to it, since the
 * press that started the check ("Check again", below the list) may have left the page scrolled down.
 */
export function CheckFailed({ model }: { model: PopupModel }) {
  const preflight = model.state.value?.preflight;
  const unresolved = model.state.value?.unresolved.length ?? 0;
  const shown = !!preflight?.error && (model.selection.value.length > 0 || unresolved > 0);
  useEffect(() => {
    if (shown) scrollTo({ top: 0 });
  }, [shown]);
  if (!shown || !preflight?.error) return null;
  const running = preflight.running;
  return (
    <section class="notice notice-error check-failed" aria-label="The check failed">
      <p>
        {preflight.error} Nothing was deleted.{' '}
        {running ? 'Checking again…' : `Trying again at ${formatTime(preflight.at + CHECK_RETRY_MS)}.`}
      </p>
      <button type="button" disabled={running} onClick={() => void model.checkAgain()}>
        Try now
      </button>
    </section>
  );
}
