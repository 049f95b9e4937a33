import type { PopupModel } from '../lib/popup/model';
import { AuditExport } from './AuditExport';
import { ConnectionPanel } from './ConnectionPanel';
import { DeletePanel } from './DeletePanel';
import { HostAccess } from './HostAccess';
import { JobProgress } from './JobProgress';
import { JobResult } from './JobResult';
import { SelectionPanel } from './SelectionPanel';
import { StatusRegion } from './StatusRegion';

/** The whole popup: connection, then either the selection and the one click, or the job. */
export function App({ model }: { model: PopupModel }) {
  const loaded = !!model.state.value;
  const job = model.job.value;
  return (
    <main class="popup">
      <h1>Safe Delete</h1>
      <StatusRegion model={model} />
      {model.hostAccess.value === 'missing' && <HostAccess onGrant={() => void model.grantHostAccess()} />}
      {!loaded ? (
        <p class="hint">Loading…</p>
      ) : (
        <>
          <ConnectionPanel model={model} />
          {job && model.jobActive.value && <JobProgress model={model} />}
          {job && !model.jobActive.value && <JobResult model={model} />}
          {!job && <SelectionPanel model={model} />}
          {!job && <DeletePanel model={model} />}
          {!job && (
            <footer>
              <AuditExport
                onExport={(f) => void model.exportAudit(f)}
                onClear={() => void model.clearAudit()}
                busy={model.pending.value === 'audit/export'}
              />
            </footer>
          )}
        </>
      )}
    </main>
  );
}
