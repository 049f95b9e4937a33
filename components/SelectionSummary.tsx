import type { StatusKey } from '../lib/popup/derive';
import { ENTITY_LABEL, formatCount } from '../lib/popup/format';
import type { Entity } from '../lib/qbo/entities';
import { StatusChip } from './StatusChip';

interface Props {
  entityCounts: { entity: Entity; count: number }[];
  statusCounts: Partial<Record<StatusKey, number>>;
}

/** How many of each type were ticked, and how many of each status the check found. */
export function SelectionSummary({ entityCounts, statusCounts }: Props) {
  const statuses = Object.entries(statusCounts) as [StatusKey, number][];
  return (
    <div class="selection-summary">
      <ul class="counts" aria-label="Selected by type">
        {entityCounts.map(({ entity, count }) => (
          <li key={entity}>
            {ENTITY_LABEL[entity]}: <strong>{formatCount(count)}</strong>
          </li>
        ))}
      </ul>
      <ul class="counts" aria-label="Selected by status">
        {statuses.map(([status, count]) => (
          <li key={status}>
            <StatusChip status={status === 'unchecked' ? undefined : status} count={count} />
          </li>
        ))}
      </ul>
    </div>
  );
}
