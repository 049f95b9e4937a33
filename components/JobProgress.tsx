import { useSignal } from '@preact/signals';
import { OUTCOME_GROUPS } from '../lib/messaging/views';
import { formatDuration, isOutage, pausedText, TOKEN_NEEDED_TEXT, waitText } from '../lib/popup/format';
import { OUTCOME_GROUP_LABEL } from '../lib/popup/labels';
import type { PopupModel } from '../lib/popup/model';
import { operationWords } from '../lib/popup/operation-words';
import { groupsFor } from '../lib/popup/report';
import { jobStopText } from '../lib/popup/words';
import { ConnectionForm } from './ConnectionForm';
import { ConnectQuickBooks } from './ConnectQuickBooks';
import { JobControls } from './JobControls';
import { ProgressBar } from './ProgressBar';

/**
 * A running job: progress, time left, what it waits for (calmly: waits are normal), running
 * counts, and its controls. When the token expired, the token field sits right under the warning,
 * the company locked.
 */
export function JobProgress({ model }: { model: PopupModel }) {
  const useToken = useSignal(false);
  const job = model.job.value;
  if (!job) return null;
  const tokenNeeded = job.state === 'tokenNeeded';
  const signedIn = tokenNeeded && model.connection.value?.method === 'oauth';
  const words = operationWords(job);
  const activity =
    job.state === 'paused'
      ? (pausedText(job.paused, words.done) ??
        (job.stop ? jobStopText(job.stop) : `Paused. Nothing more is ${words.done} until you resume.`))
      : tokenNeeded
        ? TOKEN_NEEDED_TEXT
        : (waitText(job.wait, model.now.value) ?? words.activity);
  return (
    <section aria-labelledby="job-heading">
      <h2 id="job-heading" tabIndex={-1}>
        {words.heading}
      </h2>
      <ProgressBar label={words.progress} done={job.done} total={job.total} />
      <p>
        {job.done} of {job.total} processed
        {job.etaMs !== undefined &&
          job.state !== 'paused' &&
          !isOutage(job.wait) &&
          ` · ${capitalize(formatDuration(job.etaMs))} left`}
      </p>
      {/* A sign-in refreshes itself; it needs the person only when it was revoked or ran out: "Reconnect". */}
      {signedIn ? (
        <ConnectQuickBooks model={model} reconnect onUseToken={() => (useToken.value = true)} />
      ) : (
        <p class={tokenNeeded || isOutage(job.wait) ? 'warning' : 'activity'}>{activity}</p>
      )}
      {tokenNeeded && (!signedIn || useToken.value) && (
        <ConnectionForm model={model} onSaved={() => {}} companyLocked />
      )}
      <p class="hint">
        {groupsFor(job, OUTCOME_GROUPS)
          .map((g) => `${OUTCOME_GROUP_LABEL[g]}: ${job.counts[g] ?? 0}`)
          .join(' · ')}
      </p>
      <JobControls
        state={job.state}
        remaining={job.total - job.done}
        words={words}
        onPause={() => void model.pauseJob()}
        onResume={() => void model.resumeJob()}
        onCancel={() => void model.cancelJob()}
      />
      <p class="hint">You can close this window: the {words.continues} continues, and reopening shows it here.</p>
    </section>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
