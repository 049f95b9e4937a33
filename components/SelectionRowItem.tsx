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
 * One selected transaction (issue 21 §1). In the popup: its number on the first line and the name,
 * date and why it is held back on the second, the amount in a column of its own so it is never cut,
 * its status, "Open in QuickBooks" and Remove. In the full view every part is a column under the
 * table's headers (style.css: `.row-main` and `.row-sub` become `display: contents`).
 */
export function SelectionRowItem({ row, index, setSize, top, environment, onRemove, voidInstead }: Props) {
  const id = rowIdentity(row);
  const reason = plainReason(row);
  const nameId = `row-${row.key.replace(/\W/g, '-')}`;
  return (
    <li class="row" style={{ top }} aria-posinset={index + 1} aria-setsize={setSize} data-key={row.key} title={reason}>
      <span class="row-main">
        <span class="row-name" id={nameId}>
          {id.name}
        </span>
        <span class="row-sub">
          <span class="row-party">{id.party ?? ''}</span>
          {id.party && id.date && <span class="sep"> · </span>}
          <span class="row-date">{id.date ?? ''}</span>
          {reason && (id.party || id.date) && <span class="sep"> · </span>}
          {reason && <span class="row-why">{reason}</span>}
        </span>
      </span>
      <span class="row-amount">{id.amount ?? ''}</span>
      <StatusChip status={shownStatus(row, voidInstead)} />
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
