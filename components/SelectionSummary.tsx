import type { StatusKey } from '../lib/popup/derive';
import { STATUS_DISPLAY_ORDER } from '../lib/popup/plan';
import { StatusChip } from './StatusChip';

interface Props {
  statusCounts: Partial<Record<StatusKey, number>>;
}

/** How many of each status the check found, always in the same order. */
export function SelectionSummary({ statusCounts }: Props) {
  const statuses = STATUS_DISPLAY_ORDER.filter((s) => statusCounts[s]);
  return (
    <ul class="counts" aria-label="Selected by status">
      {statuses.map((status) => (
        <li key={status}>
          <StatusChip status={status} count={statusCounts[status] ?? 0} />
        </li>
      ))}
    </ul>
  );
}
