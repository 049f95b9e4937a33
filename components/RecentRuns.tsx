import { formatDateTime } from '../lib/popup/format';
import type { PopupModel } from '../lib/popup/model';
import { tieOut } from '../lib/popup/report';

/**
 * The company's last runs, kept after "Done": when each finished, its tie-out, and its CSV.
 * Collapsed by default (a details element): it is a look back, not the task at hand.
 */
export function RecentRuns({ model }: { model: PopupModel }) {
  const runs = model.recentRuns.value;
  if (runs.length === 0) return null;
  return (
    <section aria-labelledby="recent-runs-heading" class="recent-runs">
      <details>
        <summary>
          <h2 id="recent-runs-heading">Recent runs</h2>
        </summary>
        <ul>
          {runs.map((run) => {
            const when = formatDateTime(run.finishedAt ?? run.startedAt);
            return (
              <li key={run.id}>
                <p>
                  <strong>{run.state === 'cancelled' ? `Cancelled ${when}` : `Finished ${when}`}</strong>: {tieOut(run)}
                </p>
                <button
                  type="button"
                  aria-label={`Download the run of ${when} (CSV)`}
                  onClick={() => model.downloadRun(run)}
                >
                  Download (CSV)
                </button>
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
