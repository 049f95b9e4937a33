import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { JobView } from '../lib/messaging/views';
import { type OperationWords, operationWords } from '../lib/popup/operation-words';

interface Props {
  state: JobView['state'];
  remaining: number;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  /** The job's words (the confirmation's button); a delete job's when absent. */
  words?: Pick<OperationWords, 'stop' | 'undone'>;
}

/** Pause / Resume / Cancel; Cancel asks first, inline, and says what stopping means. */
export function JobControls({ state, remaining, onPause, onResume, onCancel, words = operationWords({}) }: Props) {
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
          <p>
            Stop now? The {remaining} not yet processed stay untouched; {words.undone}.
          </p>
          <div class="actions">
            <button type="button" class="danger" onClick={onCancel}>
              {words.stop}
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
