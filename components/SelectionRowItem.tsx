import type { SelectionRow } from '../lib/messaging/views';
import { describeTxn, formatDate, formatMoney } from '../lib/popup/format';
import { StatusChip } from './StatusChip';

interface Props {
  row: SelectionRow;
  index: number;
  setSize: number;
  /** CSS offset, e.g. "520px". */
  top: string;
  onRemove: (key: string) => void;
}

/** One selected transaction: number and party, date and amount, its status, and a remove button. */
export function SelectionRowItem({ row, index, setSize, top, onRemove }: Props) {
  const name = describeTxn(row.entity, row.docNumber, row.id);
  const details = [
    row.txnDate && formatDate(row.txnDate),
    row.amount !== undefined && formatMoney(row.amount, row.currency),
    row.reason ?? row.warnings[0],
  ].filter(Boolean);
  return (
    <li class="row" style={{ top }} aria-posinset={index + 1} aria-setsize={setSize} data-key={row.key}>
      <span class="row-main">
        <span class="row-name">{name}</span>
        {row.party && <span class="row-party"> · {row.party}</span>}
      </span>
      <StatusChip status={row.status} />
      <span class="row-details" title={details.join(' · ')}>
        {details.join(' · ')}
      </span>
      <button type="button" class="link-button" onClick={() => onRemove(row.key)}>
        Remove<span class="sr-only"> {name} from selection</span>
      </button>
    </li>
  );
}
