import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { JobView } from '../lib/messaging/views';

interface Props {
  state: JobView['state'];
  remaining: number;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** Pause / Resume / Cancel; Cancel asks first, inline, and says what stopping means. */
export function JobControls({ state, remaining, onPause, onResume, onCancel }: Props) {
  const confirming = useSignal(false);
  const id = useId();
  const running = state === 'running' || state === 'waiting';
  return (
    <div>
      <div class="actions">
        <button type="button" disabled={!running} onClick={onPause}>
          Pause
        </button>
        {/* A job waiting for a token resumes by itself when one is saved: Resume would only 401 again. */}
        <button type="button" disabled={state !== 'paused'} onClick={onResume}>
          Resume
        </button>
        <button
          type="button"
          aria-expanded={confirming.value}
          aria-controls={id}
          onClick={() => (confirming.value = !confirming.value)}
        >
          Cancel
        </button>
      </div>
      {confirming.value && (
        <fieldset id={id} class="confirm">
          <legend class="sr-only">Confirm cancelling</legend>
          <p>Stop now? The {remaining} not yet processed stay untouched; deletions already done are not undone.</p>
          <div class="actions">
            <button type="button" class="danger" onClick={onCancel}>
              Yes, stop deleting
            </button>
            <button type="button" onClick={() => (confirming.value = false)}>
              Keep going
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
