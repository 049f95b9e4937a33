import { useSignal } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import { MAX_PREPARER_NAME } from '../lib/domain/limits';

interface AskProps {
  /** The name kept so far ("" when the person gave none; undefined when never asked). */
  current: string | undefined;
  /** Keeps the answer ("" for none), then goes on with what the person clicked. */
  onSave: (name: string) => void;
  /** Closes the question without changing the name kept (after "Change name" only). */
  onCancel?: () => void;
}

/**
 * "Your name on the report": asked once, the first time the person makes a report (the click waits
 * for the answer), and again only when the person asks to change it. Kept on this device only.
 */
export function AskPreparer({ current, onSave, onCancel }: AskProps) {
  const id = useId();
  const name = useSignal(current ?? '');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      class="report-preparer"
      aria-labelledby={`${id}-label`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name.value.trim());
      }}
    >
      <div class="field">
        <label id={`${id}-label`} for={`${id}-name`}>
          Your name on the report
        </label>
        <input
          ref={field}
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          maxLength={MAX_PREPARER_NAME}
          aria-describedby={`${id}-hint`}
          value={name.value}
          onInput={(e) => (name.value = e.currentTarget.value)}
        />
        <p class="hint" id={`${id}-hint`}>
          Printed as "Ran by" on the reports you hand a client. Kept on this device only; you can change it later.
        </p>
      </div>
      <div class="actions">
        <button type="submit" class="primary">
          {current === undefined ? 'Save and continue' : 'Save name'}
        </button>
        {current === undefined ? (
          <button type="button" onClick={() => onSave('')}>
            Continue without a name
          </button>
        ) : (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** "Reports name you as Jane Doe" with "Change name", once the person has answered. */
export function PreparerLine({ name, onChange }: { name: string; onChange: () => void }) {
  return (
    <p class="hint report-ran-by">
      {name ? `Reports name you as ${name}.` : 'Reports name no person ("Safe Delete on this browser").'}{' '}
      <button type="button" class="link-button" onClick={onChange}>
        {name ? 'Change name' : 'Add your name'}
      </button>
    </p>
  );
}
