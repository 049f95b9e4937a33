import { formatCount } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';

/**
 * Stored jobs whose entry this device can no longer read (damaged storage): never run, never shown
 * as a result, so said here rather than silently missing. What they had done is in the audit log,
 * written before each outcome was stored.
 */
export function UnreadableJobs({ model }: { model: PopupModel }) {
  const n = model.state.value?.unreadableJobs ?? 0;
  if (n === 0) return null;
  return (
    <div class="warning unreadable-jobs">
      <p>
        {n === 1 ? 'One saved job' : `${formatCount(n)} saved jobs`} on this device cannot be read (the saved data is
        damaged). {n === 1 ? 'It is' : 'They are'} kept unchanged and will not run. Every record{' '}
        {n === 1 ? 'it' : 'they'} already deleted, voided or restored is in the audit log: export it to check.
      </p>
    </div>
  );
}
