import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { Environment } from '../lib/domain/ids';
import type { JobOperationKind } from '../lib/domain/jobs';
import type { JobRecordView } from '../lib/messaging/views';
import { formatDate, formatMoney } from '../lib/popup/format';
import { recordName } from '../lib/popup/report';
import { OutcomeRecord } from './OutcomeRecord';

const PAGE = 100;

interface Props {
  label: string;
  count: number;
  records: JobRecordView[];
  environment: Environment;
  /** Problem groups start open. */
  defaultOpen?: boolean;
  /** The deleted records: a compact table (number, name, date, amount). */
  table?: boolean;
  /** The job's operation: what a record's links and reasons mean. */
  operation?: JobOperationKind;
}

/**
 * One outcome group as a disclosure: its name and count (the button's accessible name, no glyph:
 * the chevron is drawn by CSS), then its records, a page at a time. An empty group cannot open.
 */
export function OutcomeGroup({
  label,
  count,
  records,
  environment,
  defaultOpen = false,
  table = false,
  operation,
}: Props) {
  const open = useSignal(defaultOpen && count > 0);
  const shown = useSignal(PAGE);
  const id = useId();
  const page = records.slice(0, shown.value);
  return (
    <li class="group">
      {count === 0 ? (
        <button type="button" class="disclosure" disabled>
          {label} <span class="count">{count}</span>
        </button>
      ) : (
        <button
          type="button"
          class="disclosure"
          aria-expanded={open.value}
          aria-controls={id}
          onClick={() => (open.value = !open.value)}
        >
          {label} <span class="count">{count}</span>
        </button>
      )}
      {open.value && count > 0 && (
        <div id={id}>
          {table ? (
            <table class="deleted-table">
              <caption class="sr-only">{label}</caption>
              <thead>
                <tr>
                  <th scope="col">Transaction</th>
                  <th scope="col">Name</th>
                  <th scope="col">Date</th>
                  <th scope="col" class="num">
                    Amount
                  </th>
                  <th scope="col">
                    <span class="sr-only">History</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.map((r) => (
                  <tr key={r.key}>
                    <th scope="row">{recordName(r)}</th>
                    <td>{r.party ?? ''}</td>
                    <td>{r.txnDate ? formatDate(r.txnDate) : ''}</td>
                    <td class="num">{r.amount !== undefined ? formatMoney(r.amount, r.currency) : ''}</td>
                    <td>
                      <OutcomeRecord.History record={r} environment={environment} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ul class="records">
              {page.map((r) => (
                <OutcomeRecord key={r.key} record={r} environment={environment} operation={operation} />
              ))}
            </ul>
          )}
          {records.length > shown.value && (
            <button type="button" onClick={() => (shown.value += PAGE)}>
              Show {Math.min(PAGE, records.length - shown.value)} more
            </button>
          )}
        </div>
      )}
    </li>
  );
}
