import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { JobRecordView } from '../lib/messaging/views';
import type { Environment } from '../lib/qbo/entities';
import { OutcomeRecord } from './OutcomeRecord';

const PAGE = 100;

interface Props {
  label: string;
  count: number;
  records: JobRecordView[];
  environment: Environment;
}

/** One outcome group as a disclosure: the count, then (when opened) its records, a page at a time. */
export function OutcomeGroup({ label, count, records, environment }: Props) {
  const open = useSignal(false);
  const shown = useSignal(PAGE);
  const id = useId();
  return (
    <li class="group">
      <button
        type="button"
        class="disclosure"
        aria-expanded={open.value}
        aria-controls={id}
        onClick={() => (open.value = !open.value)}
      >
        {label} <span class="count">{count}</span>
      </button>
      {open.value && (
        <div id={id}>
          {records.length === 0 ? (
            <p class="hint">None.</p>
          ) : (
            <ul class="records">
              {records.slice(0, shown.value).map((r) => (
                <OutcomeRecord key={r.key} record={r} environment={environment} />
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
