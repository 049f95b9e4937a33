import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { PopupModel } from '../lib/popup/model';
import { connectStepText } from '../lib/popup/words/connect';

/**
 * "Connect to QuickBooks": sign in with Intuit in a window the background opens (this popup may
 * close meanwhile; the connection is there when it opens again). "Reconnect" when a sign-in ended.
 * The paste-a-token path stays, for developers and sandbox tests, behind "Advanced" (a disclosure, closed
 * by default) and then "Use an access token instead": a bookkeeper signs in and is never pointed at it.
 *
 * The button follows Intuit's "Connect to QuickBooks" guidelines as far as we can without Intuit's
 * artwork (which we do not ship): its wording exactly, Intuit's green with white text, a hover state,
 * shown only where a company is not connected, with Disconnect in its place once it is (class c2qb
 * in entrypoints/popup/style.css; docs/INTUIT-ASSESSMENT.md).
 */
export function ConnectQuickBooks({
  model,
  reconnect = false,
  onUseToken,
}: {
  model: PopupModel;
  reconnect?: boolean;
  onUseToken: () => void;
}) {
  const stay = useSignal(false);
  const advanced = useSignal(false);
  const id = useId();
  const busy = model.pending.value === 'connection/connect';
  const c = model.connection.value;
  // The ticked rows known by what they show wait for the connection too: they count as selected here.
  const waiting = (model.state.value?.unresolved ?? []).filter((row) => row.status === 'identifying').length;
  const selected = model.selection.value.length + waiting;
  // One step: the company open in the active QuickBooks tab, by the name its page showed, and what waits for it.
  const inView = !reconnect && !c?.realmId && !!c?.pageRealmId;
  return (
    <div class="connect">
      {inView && (
        <p id={`${id}-why`} class="connect-step">
          {connectStepText(c?.pageCompanyName, selected)}
        </p>
      )}
      {reconnect ? (
        <p class="warning">The sign-in for this company has ended (it was revoked or expired). Reconnect to go on.</p>
      ) : (
        <p class="hint">Sign in with your Intuit account and pick the company. Safe Delete never sees your password.</p>
      )}
      <div class="actions">
        {/* Its name stays Intuit's wording; the line above, naming the company, describes it. */}
        <button
          type="button"
          class="primary c2qb"
          disabled={busy}
          aria-describedby={inView ? `${id}-why` : undefined}
          onClick={() => void model.connect(stay.value)}
        >
          {reconnect ? 'Reconnect' : 'Connect to QuickBooks'}
        </button>
      </div>
      <div class="check">
        <input
          id={`${id}-stay`}
          type="checkbox"
          checked={stay.value}
          onChange={(e) => (stay.value = e.currentTarget.checked)}
          aria-describedby={`${id}-stay-hint`}
        />
        <label for={`${id}-stay`}>Stay connected on this device</label>
        <p id={`${id}-stay-hint`} class="hint">
          Keeps the sign-in on this computer's disk so it survives a browser restart. Off: you sign in again after the
          browser closes.
        </p>
      </div>
      <button
        type="button"
        class="disclosure advanced"
        aria-expanded={advanced.value}
        aria-controls={`${id}-advanced`}
        onClick={() => (advanced.value = !advanced.value)}
      >
        Advanced
      </button>
      {advanced.value && (
        <div id={`${id}-advanced`} class="advanced-body">
          <p class="hint">For developers and sandbox tests: a token from Intuit's OAuth 2.0 Playground.</p>
          <button type="button" onClick={onUseToken}>
            Use an access token instead
          </button>
        </div>
      )}
    </div>
  );
}
