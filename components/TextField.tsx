import type { Signal } from '@preact/signals';
import { useId } from 'preact/hooks';

interface Props {
  label: string;
  value: Signal<string>;
  error?: string;
  hint?: string;
  type?: 'text' | 'password';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  readOnly?: boolean;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({
  label,
  value,
  error,
  hint,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  readOnly,
}: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    inputMode,
    autoComplete,
    spellcheck: false,
    readOnly,
    value: value.value,
    onInput: (e: Event) => {
      value.value = (e.currentTarget as HTMLInputElement).value;
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {type === 'password' ? <input type="password" {...common} /> : <input type="text" {...common} />}
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
