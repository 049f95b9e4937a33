/** Printing a chaos run: the ingredients that fired, the outcomes, the must-be-0 figures, the time. */
import type { ChaosResult } from './chaos';
import type { Judgement } from './checks';

const pct = (n: number, of: number) => (of === 0 ? '0%' : `${((100 * n) / of).toFixed(1)}%`);
const list = (o: Record<string, number | undefined>) =>
  Object.entries(o)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

export function formatReport(r: ChaosResult): string[] {
  const { options: o, tally: t, log, verdict: v, changes: c } = r;
  const stepKills = Object.values(t.stepKills).reduce((s, n) => s + (n ?? 0), 0);
  const out = [
    `chaos: ${o.records} records, seed ${o.seed}, ${o.mode} mode, stale-token deletes ${o.staleSyncToken ?? 'accept'}, requestid ${o.requestid ?? 'honoured'}, manual clock (real service durations, no sleeping)`,
    `  selection ${r.selection}; preflight: ${list({ ready: r.preflight.ready, changed: r.preflight.changed, reconciled: r.preflight.reconciled, closedPeriod: r.preflight.closedPeriod })}`,
    `  job: ${r.jobTotal} reviewed records (reconciled ones flagged, skipped by default), ${r.chunks} chunks`,
    '  chaos that fired:',
    `    worker kills            ${stepKills + t.alarmKills} (${stepKills} at step boundaries: ${list(t.stepKills)}; ${t.alarmKills} between an alarm being set and it firing)`,
    `    batch calls (runner)    ${log.runnerBatchCalls}; faults injected: ${list(log.faults)}`,
    `    5xx share               ${pct((log.faults['error500-before'] ?? 0) + log.fiveXxAfterApply, log.runnerBatchCalls)} of runner batch calls (${log.fiveXxAfterApply} after applying)`,
    `    429s met                ${log.runner429s} (neighbour flooding the batch quota: ${log.neighbourCalls} calls)`,
    `    token expired           at chunk ${t.tokenExpiredAtChunk ?? '-'}: ${log.runner401s} calls answered 401, ${t.tokenPauses} pause(s) as tokenNeeded, resumed with a new token`,
    `    edited                  ${c.editedBeforePreflight + c.editedBeforeStart + c.editedDuringJob} (${c.editedBeforePreflight} before the preflight, ${c.editedBeforeStart} before the start, ${c.editedDuringJob} during the job: ${v.timing.edit.beforeReRead} before their re-read, ${v.timing.edit.after} after their chunk, ${v.timing.edit.raced} in the gap)`,
    `    reconciled              ${c.reconciledAtSeed + c.reconciledDuringJob} (${c.reconciledAtSeed} before the preflight, ${c.reconciledDuringJob} during the job: ${v.timing.reconcile.beforeReRead} before their re-read, ${v.timing.reconcile.after} after their chunk, ${v.timing.reconcile.raced} in the gap)`,
    `    closed period           ${c.closed} (books re-closed at the job's first step)`,
    `    alarms delivered        ${t.alarms}; reads ${log.reads}; single deletes ${log.singleDeletes}`,
    `  outcomes: ${list(r.counts)}`,
    '  must be 0:',
    ...v.mustBeZero.filter((j) => j.phase === undefined).map(figure),
    '  counted apart (a race R1 allows: no server-side check):',
    `    raced edits (unavoidable, edited within the re-read→delete gap)    ${v.racedEdits.length}${v.racedEdits.length ? `  ${v.racedEdits.slice(0, 5).join(', ')}` : ''}`,
    `    raced reconciles (reconciled within the re-read→delete gap)        ${v.racedReconciles.length}${v.racedReconciles.length ? `  ${v.racedReconciles.slice(0, 5).join(', ')}` : ''}`,
    ...formatRestore(r),
    `  time to finish: ${r.wallMs} ms wall (both phases); ${(r.simulatedMs / 1000).toFixed(1)} s of service time for the delete job, ${(r.restore.simulatedMs / 1000).toFixed(1)} s for the restore job (unscaled equivalent)`,
  ];
  return out;
}

const figure = (j: Judgement) =>
  `    ${j.label.replace(/^restore: /, '').padEnd(58)} ${j.value}${j.value > 0 ? `  e.g. ${j.examples.join(', ')}` : ''}`;

/** The restore phase: what was planned and refused, the chaos it met, its outcomes, its must-be-0 figures. */
function formatRestore(r: ChaosResult): string[] {
  const { restore: p, verdict: v } = r;
  const t = p.tally;
  const stepKills = Object.values(t.stepKills).reduce((s, n) => s + (n ?? 0), 0);
  return [
    `restore phase (requestid ${r.options.requestid ?? 'honoured'}): ${p.deleted} deleted records in the audit log; books closed through ${p.closeDates.atPlan ?? '-'} when planned, through ${p.closeDates.duringJob ?? '-'} at the job's first step`,
    `  plan: ${p.planned} to re-create; refused before any call: ${list(p.refusedByReason)}`,
    `  job: ${p.jobTotal} records, ${p.chunks} chunks`,
    '  chaos that fired:',
    `    worker kills            ${stepKills + t.alarmKills} (${stepKills} at step boundaries: ${list(t.stepKills)}; ${t.alarmKills} between an alarm being set and it firing)`,
    `    batch calls (runner)    ${p.log.runnerBatchCalls}; faults injected: ${list(p.log.faults)}`,
    `    5xx share               ${pct((p.log.faults['error500-before'] ?? 0) + p.log.fiveXxAfterApply, p.log.runnerBatchCalls)} of runner batch calls (${p.log.fiveXxAfterApply} after applying)`,
    `    429s met                ${p.log.runner429s} (neighbour flooding the batch quota: ${p.log.neighbourCalls} calls)`,
    `    token expired           at chunk ${t.tokenExpiredAtChunk ?? '-'}: ${p.log.runner401s} calls answered 401, ${t.tokenPauses} pause(s) as tokenNeeded, resumed with a new token`,
    `    alarms delivered        ${t.alarms}; reads ${p.log.reads}`,
    `    lost create answers     looked for first: ${p.lostAnswers.looks} reads (records created since the job started, by their mark); create batches re-sent under their requestid: ${p.lostAnswers.resent} (replayed from the kept answer ${p.lostAnswers.replayed}, applied again ${p.lostAnswers.appliedAgain}, answered 6000 ${p.lostAnswers.answered6000})`,
    `  outcomes: ${list(p.counts)}; records created by the service: ${p.created}; links to restored records checked: ${p.linksToRestored}`,
    '  must be 0:',
    ...v.mustBeZero.filter((j) => j.phase === 'restore').map(figure),
  ];
}

/** The chaos ingredients the brief requires; a run whose chaos did not fire proves nothing. */
export function missingIngredients(r: ChaosResult): string[] {
  const stepKills = Object.values(r.tally.stepKills).reduce((s, n) => s + (n ?? 0), 0);
  const missing: string[] = [];
  if (stepKills < r.options.kills) missing.push(`step kills ${stepKills} < ${r.options.kills}`);
  if (r.tally.alarmKills < 1) missing.push('no kill between an alarm and its firing');
  if (r.log.fiveXxShare < 0.05) missing.push(`5xx on ${(100 * r.log.fiveXxShare).toFixed(1)}% < 5% of batch calls`);
  if (r.log.fiveXxAfterApply < 1) missing.push('no 5xx after applying');
  if (r.log.runner429s < 1) missing.push('no 429');
  if (r.tally.tokenPauses < 1) missing.push('no tokenNeeded pause');
  if (r.changes.editedDuringJob < 1) missing.push('no concurrent edit');
  if (r.changes.reconciledDuringJob < 1) missing.push('no concurrent reconcile');
  return [...missing, ...missingInRestore(r)];
}

/** The restore phase's chaos must have fired too: a restore that met no fault proves nothing. */
function missingInRestore(r: ChaosResult): string[] {
  const { tally: t, log } = r.restore;
  const stepKills = Object.values(t.stepKills).reduce((s, n) => s + (n ?? 0), 0);
  const missing: string[] = [];
  if (stepKills < 1) missing.push('restore: no worker kill at a step boundary');
  if ((t.stepKills['after-send-before-response'] ?? 0) < 1)
    missing.push('restore: no kill after a send, before its answer');
  if (log.fiveXxAfterApply + (log.faults['drop-after'] ?? 0) + (log.faults['drop-before'] ?? 0) < 1)
    missing.push('restore: no 5xx after applying and no dropped connection');
  if (log.runner429s < 1) missing.push('restore: no 429');
  if (t.tokenPauses < 1) missing.push('restore: no tokenNeeded pause');
  if ((r.restore.refusedByReason.closedPeriod ?? 0) < 1)
    missing.push('restore: no record refused for the closed period');
  // A lost create answer must have been looked for (issue 23 §1: requestid alone is not trusted).
  if (r.restore.lostAnswers.looks < 1) missing.push('restore: no lost create answer looked for');
  return missing;
}
