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
  /** False: no connection can check the row now (a row not checked yet waits for one). */
  connected?: boolean;
}

/**
 * One selected transaction. In the popup: type, number and amount on the first line; the date, the
 * name and the status on the second; why it is held back below, on as many lines as it takes
 * (nothing is cut: a long name wraps beside the date), with "Open in QuickBooks" above Remove
 * beside them. In the full view every part is a column under the table's headers, type and number
 * apart as QuickBooks lists them (style.css: `.row-main`, `.row-name` and `.row-sub` become
 * `display: contents`). The list measures each row drawn: a row is as tall as its text.
 */
export function SelectionRowItem({ row, index, setSize, top, environment, onRemove, voidInstead, connected }: Props) {
  const id = rowIdentity(row);
  const reason = plainReason(row);
  const nameId = `row-${row.key.replace(/\W/g, '-')}`;
  return (
    <li
      class="row"
      style={{ top }}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-key={row.key}
      title={[id.party, reason].filter(Boolean).join(' · ') || undefined}
    >
      <span class="row-main">
        <span class="row-name" id={nameId}>
          <span class="row-type">{id.type}</span> <span class="row-number">{id.number}</span>
        </span>{' '}
        <span class="row-amount">{id.amount ?? ''}</span>
      </span>{' '}
      <span class="row-sub">
        {/* The dot between the date and the name is drawn by CSS. */}
        <span class="row-date">{id.date ?? ''}</span> <span class="row-party">{id.party ?? ''}</span>{' '}
        <StatusChip status={shownStatus(row, voidInstead, connected)} />
      </span>{' '}
      {reason && <span class="row-why">{reason}</span>}
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
