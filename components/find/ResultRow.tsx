import { ENTITY_LABEL } from '../../lib/domain/entities';
import type { FoundRecord } from '../../lib/domain/find';
import { createdMs } from '../../lib/find/found';
import { formatDate, formatDateTime, formatMoney } from '../../lib/popup/format';

interface Props {
  row: FoundRecord;
  /** Position among all results, from 0. */
  index: number;
  ticked: boolean;
  onToggle: (index: number) => void;
  onKey: (index: number, event: KeyboardEvent) => void;
}

/** What a screen reader says for a row's box: two duplicates differ at least by their Id. */
export function rowLabel(row: FoundRecord): string {
  const parts = [
    `Select ${ENTITY_LABEL[row.entity]} ${row.number ? row.number : 'without number'}`,
    row.date ? formatDate(row.date) : undefined,
    row.amount !== undefined ? formatMoney(row.amount, row.currency) : undefined,
  ].filter(Boolean);
  return `${parts.join(', ')} (Id ${row.id})`;
}

/** One found transaction: a row of the results table (./ResultsTable.tsx places it). */
export function ResultRow({ row, index, ticked, onToggle, onKey }: Props) {
  const name = row.name ?? '';
  const created = createdMs(row);
  return (
    <tr class={ticked ? 'ticked' : undefined} aria-rowindex={index + 2} data-index={index}>
      <td class="find-check">
        <input
          type="checkbox"
          checked={ticked}
          aria-label={rowLabel(row)}
          data-index={index}
          onChange={() => onToggle(index)}
          onKeyDown={(e) => onKey(index, e)}
          onKeyUp={(e) => e.key === ' ' && e.preventDefault()}
        />
      </td>
      <td>{row.date ? formatDate(row.date) : ''}</td>
      <td>{ENTITY_LABEL[row.entity]}</td>
      <td>{row.number ?? ''}</td>
      <td title={row.memo ? `${name} · ${row.memo}` : name}>{name}</td>
      <td class="find-amount">{row.amount !== undefined ? formatMoney(row.amount, row.currency) : ''}</td>
      <td>{created === undefined ? '' : formatDateTime(created)}</td>
    </tr>
  );
}
