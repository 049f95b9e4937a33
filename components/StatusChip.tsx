import { formatCount } from '../lib/popup/format';
import { type ShownStatus, shownStatusLabel } from '../lib/popup/plan';

export type Tone = 'ok' | 'decision' | 'protected' | 'none';

/**
 * What the status means for the click, as a colour AND a shape (drawn by CSS, never a glyph in the
 * text): will go (circle), needs a decision (triangle), protected / left alone (square, calm colour),
 * not checked yet (ring). The words always say the same thing, so neither colour nor shape is alone.
 */
export function tone(status: ShownStatus | undefined): Tone {
  switch (status) {
    case undefined:
    case 'unchecked':
    case 'waiting':
      return 'none';
    case 'ready':
      return 'ok';
    case 'linked':
    case 'inventory':
    case 'reconciled':
    case 'changed':
    case 'pageMismatch':
      return 'decision';
    default:
      return 'protected';
  }
}

/** A preflight status as words ("Ready", "Not checked yet", "Cannot be voided"), optionally with a count. */
export function StatusChip({ status, count }: { status: ShownStatus | undefined; count?: number }) {
  const label = shownStatusLabel(status ?? 'unchecked');
  return (
    <span class={`chip chip-${tone(status)}`}>{count === undefined ? label : `${label}: ${formatCount(count)}`}</span>
  );
}
