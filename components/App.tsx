import { useEffect, useRef, useState } from 'preact/hooks';
import { keepFocusInView } from '../lib/popup/focus-in-view';
import type { PopupModel } from '../lib/popup/model';
import { AuditExport, saveCheckOf } from './AuditExport';
import { CheckFailed } from './CheckFailed';
import { ConnectionPanel } from './ConnectionPanel';
import { DeleteOptions } from './DeleteOptions';
import { DeletePanel } from './DeletePanel';
import { ElsewhereNotice } from './ElsewhereNotice';
import { FindLink } from './FindLink';
import { FindMount } from './find/FindMount';
import { HostAccess } from './HostAccess';
import { JobProgress } from './JobProgress';
import { lazyWhen } from './LazyWhen';
import { PageIssues } from './PageIssues';
import { PageTickedHint } from './PageTickedHint';
import { RecentRuns } from './RecentRuns';
import { RestoreFromLog } from './RestorePanel';
import { SelectionPanel } from './SelectionPanel';
import { StatusRegion } from './StatusRegion';
import { TopBar } from './TopBar';
import { UnreadableJobs } from './UnreadableJobs';

const UnresolvedMount = lazyWhen(
  () => import('./UnresolvedRows').then((m) => m.UnresolvedRows),
  (model) => (model.state.value?.unresolved.length ?? 0) > 0,
  'The rows not tied to one transaction',
);
const PageTickedMount = lazyWhen(
  () => import('./PageTickedPanel').then((m) => m.PageTickedPanel),
  (model) => (model.state.value?.pageTicked?.length ?? 0) > 0,
  'The rows ticked by the page',
);

type Phase = 'loading' | 'select' | 'running' | 'result';

/** The heading that gets focus when its section replaces another (ids are stable). */
const PHASE_HEADING: Record<Phase, string | undefined> = {
  loading: undefined,
  select: 'selection-heading',
  running: 'job-heading',
  result: 'result-heading',
};

/**
 * The whole popup: a one-line header (company, environment), what the pages reported, the
 * connection, then either the selection and the one click (in a footer that stays in view), or the
 * job. `full`: opened in a tab ("Open full view"), with a searchable, sortable list.
 */
export function App({ model, full = false }: { model: PopupModel; full?: boolean }) {
  const loaded = !!model.state.value;
  const job = model.job.value;
  const active = model.jobActive.value;
  const c = model.connection.value;
  // Where the connection panel sits: decided by the company alone, so a token refresh or a job
  // starting never moves it (a move would also drop what it shows, e.g. "Yes, disconnect").
  const connected = !!c?.realmId && !c.needsReconnect;
  const phase: Phase = !loaded ? 'loading' : job ? (active ? 'running' : 'result') : 'select';
  const Result = useResultView(model, !!job);
  usePhaseFocus(phase);
  useEffect(() => keepFocusInView(document), []);
  return (
    <main class={full ? 'popup full' : 'popup'}>
      <TopBar model={model} full={full} />
      <StatusRegion model={model} />
      {model.hostAccess.value === 'missing' && <HostAccess onGrant={() => void model.grantHostAccess()} />}
      {!loaded ? (
        <p class="hint">Loading…</p>
      ) : (
        <>
          <ElsewhereNotice model={model} />
          <UnreadableJobs model={model} />
          {!job && <PageTickedHint model={model} />}
          {!job && <CheckFailed model={model} />}
          <PageIssues model={model} />
          {/* Not connected: the connection comes first, above the rows that wait for it (Connect in
              view at 460 × 600 however many wait). Connected: the records do. */}
          {!connected && <ConnectionPanel key="connection" model={model} />}
          {!job && <UnresolvedMount model={model} />}
          {job && active && <JobProgress model={model} />}
          {job && !active && (Result ? <Result model={model} /> : <p class="hint">Loading the result…</p>)}
          {!job && <SelectionPanel model={model} full={full} />}
          {!job && <DeleteOptions model={model} />}
          {/* The find tools, in the full view only (loaded on demand, not in the popup's bundle). */}
          {full && !job && <FindMount model={model} />}
          {!full && !job && <FindLink model={model} />}
          {connected && <ConnectionPanel key="connection" model={model} />}
          {!job && <PageTickedMount model={model} />}
          {!job && <RecentRuns model={model} />}
          {!job && (
            <footer>
              <AuditExport
                onExport={(f) => void model.exportAudit(f)}
                saveCheck={saveCheckOf(model)}
                onClear={() => void model.clearAudit()}
                onRetention={(days) => void model.setAuditRetention(days)}
                audit={model.state.value?.audit}
                busy={model.pending.value === 'audit/export'}
              />
              <RestoreFromLog model={model} />
            </footer>
          )}
          {!job && <DeletePanel model={model} />}
        </>
      )}
    </main>
  );
}

type ResultView = typeof import('./JobResult')['JobResult'];

/**
 * The job's result view, fetched once a job exists (while it runs): out of the popup's first bundle
 * (bench "bundle sizes"), yet in place when the job ends, so the phase's focus finds its heading.
 */
function useResultView(model: PopupModel, jobExists: boolean): ResultView | undefined {
  const [view, setView] = useState<{ View: ResultView } | undefined>(undefined);
  useEffect(() => {
    if (!jobExists || view) return;
    let live = true;
    import('./JobResult').then(
      (m) => live && setView({ View: m.JobResult }),
      () => {
        if (live) model.actionError.value = 'The result could not be shown. Reload Safe Delete.';
      },
    );
    return () => {
      live = false;
    };
  }, [jobExists, view, model]);
  return view?.View;
}

/** When a section replaces another (check → deleting → result → selection), focus its heading. */
function usePhaseFocus(phase: Phase): void {
  const last = useRef<Phase>(phase);
  useEffect(() => {
    const before = last.current;
    last.current = phase;
    if (before === phase || before === 'loading') return;
    const id = PHASE_HEADING[phase];
    const heading = id ? document.getElementById(id) : null;
    heading?.focus();
  }, [phase]);
}
