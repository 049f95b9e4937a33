import type { Environment } from '../lib/domain/ids';
import type { SelectionRow } from '../lib/messaging/views';
import { rowIdentity, txnUrl } from '../lib/popup/format';
import { shownStatus } from '../lib/popup/plan';
import { plainReason } from '../lib/popup/words';
import { StatusChip } from './StatusChip';

interface Props {
  row: SelectionRow;
  index: number;
  setSize: number;
  /** CSS offset, e.g. "520px". */
  top: string;
  environment: Environment;
  onRemove: (key: string) => void;
  voidInstead?: boolean;
}

/**
 * One selected transaction on one line: number, name, date and amount (what the page showed until
 * the check returns), its status, "Open in QuickBooks" and Remove. Why it has its status is its
 * tooltip and, for screen readers, part of the row; the full view shows it as a column.
 */
export function SelectionRowItem({ row, index, setSize, top, environment, onRemove, voidInstead }: Props) {
  const id = rowIdentity(row);
  const reason = plainReason(row);
  const main = [id.party, id.date, id.amount].filter(Boolean);
  const nameId = `row-${row.key.replace(/\W/g, '-')}`;
  return (
    <li class="row" style={{ top }} aria-posinset={index + 1} aria-setsize={setSize} data-key={row.key} title={reason}>
      <span class="row-main">
        <span class="row-name" id={nameId}>
          {id.name}
        </span>
        {main.map((part, i) => (
          <span key={i} class="row-part">
            {' · '}
            {part}
          </span>
        ))}
      </span>
      <StatusChip status={shownStatus(row, voidInstead)} />
      <span class="row-reason">{reason ?? ''}</span>
      <a
        class="row-open"
        href={txnUrl(environment, row.entity, row.id)}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={nameId}
      >
        Open<span class="sr-only"> in QuickBooks</span>
      </a>
      <button type="button" class="link-button" onClick={() => onRemove(row.key)}>
        Remove<span class="sr-only"> {id.name} from selection</span>
      </button>
    </li>
  );
}
