import type { PreflightStatus } from '../lib/messaging/views';
import { STATUS_LABEL } from '../lib/messaging/views';
import { formatCount } from '../lib/popup/format';

/** Colour family per status; the words always say the same thing, so colour is never alone. */
function tone(status: PreflightStatus | undefined): 'ok' | 'caution' | 'stop' | 'none' {
  if (status === undefined) return 'none';
  return status === 'ready' ? 'ok' : status === 'reconciled' || status === 'linked' ? 'caution' : 'stop';
}

/** A preflight status as words ("Ready", "Not checked yet"), optionally with a count. */
export function StatusChip({ status, count }: { status: PreflightStatus | undefined; count?: number }) {
  const label = status ? STATUS_LABEL[status] : 'Not checked yet';
  return (
    <span class={`chip chip-${tone(status)}`}>{count === undefined ? label : `${label}: ${formatCount(count)}`}</span>
  );
}
