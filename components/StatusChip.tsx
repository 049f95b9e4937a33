import { statusDeclaration } from '../lib/domain/statuses';
import { formatCount } from '../lib/popup/format';
import { CANNOT_VOID, type ShownStatus, shownStatusLabel, WAITING } from '../lib/popup/plan';

export type Tone = 'ok' | 'decision' | 'protected' | 'none';

/**
 * What the status means for the click, as a colour AND a shape (drawn by CSS, never a glyph in the
 * text): will go (circle), needs a decision (triangle), protected / left alone (square, calm colour),
 * not checked yet (ring). The words always say the same thing, so neither colour nor shape is alone.
 */
export function tone(status: ShownStatus | undefined): Tone {
  if (status === undefined || status === 'unchecked' || status === WAITING) return 'none';
  if (status === CANNOT_VOID) return 'protected';
  if (status === 'ready') return 'ok';
  // Read from the status's declaration, so a new status draws the shape of the group it falls in.
  return statusDeclaration(status).whenKept === 'decision' ? 'decision' : 'protected';
}

/** A preflight status as words ("Ready", "Not checked yet", "Cannot be voided"), optionally with a count. */
export function StatusChip({ status, count }: { status: ShownStatus | undefined; count?: number }) {
  const label = shownStatusLabel(status ?? 'unchecked');
  return (
    <span class={`chip chip-${tone(status)}`}>{count === undefined ? label : `${label}: ${formatCount(count)}`}</span>
  );
}
