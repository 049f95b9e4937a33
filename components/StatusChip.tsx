import type { PreflightStatus } from '../lib/messaging/views';
import { STATUS_LABEL } from '../lib/messaging/views';

/** A preflight status as words; the colour only repeats what the text says. */
export function StatusChip({ status }: { status: PreflightStatus | undefined }) {
  return <span class={`chip chip-${status ?? 'unchecked'}`}>{status ? STATUS_LABEL[status] : 'Not checked yet'}</span>;
}
