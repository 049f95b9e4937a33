/**
 * Acceptance run: `npm run job:1000` (`npx tsx tools/engine/run-1000.ts`)
 *
 * A 1,000-record job against the simulator over loopback HTTP, with the real client and the real
 * runner on fakeBrowser storage. Time-scaled ×60 in real time: the simulator's window and
 * Retry-After are divided by 60, and so are the runner's throttle window (60 s → 1 s, still 40 batch
 * calls per window), its alarm minimum (30 s → 0.5 s) and its retry delay. Alarms are a setTimeout
 * shim (fakeBrowser's never fire). The reviewed versions are read through the client (as the
 * preflight hands them over), reconciled records flagged; then 10% are edited after the review,
 * 5% are dated in a closed period, and 5% of batch calls fail with a 5xx (half after applying).
 * Exit code 0 only when nothing was wrongly deleted, applied twice or left unverified, and no 429.
 */
// The audit log lives in IndexedDB; in Node it is fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { createAuditLog } from '../../lib/audit/log';
import { systemClock } from '../../lib/clock';
import { createJobRunner } from '../../lib/jobs/runner';
import type { JobRunner } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import { startSimulator } from '../../tools/simulator/index';
import { readReviewed, timerAlarms } from './engine-helpers';

const SCALE = 60;
const COUNT = 1000;

async function main() {
  const sim = await startSimulator({ timeScale: SCALE });
  const company = sim.seedCompany({ count: COUNT, seed: 42, reconciledShare: 0.1, closedShare: 0.05 });
  const { realmId, token } = company;
  const clientFor = (realm: string, environment: 'production' | 'sandbox') =>
    createQboClient({ realmId: realm, environment, baseUrl: sim.url, getToken: () => token });

  // The reviewed versions, read now (what the preflight hands over), reconciled ones flagged.
  const reconciled = new Set(company.keys.reconciled);
  const reviewed = await readReviewed(clientFor(realmId, 'sandbox'), company.keys.all, reconciled);

  // 10% edited after the preview (every 10th record).
  const edited = company.keys.all.filter((_, i) => i % 10 === 5);
  for (const key of edited) sim.editRecord(realmId, key);
  // 5% of batch calls answer 5xx, half before applying, half after (R5): spread evenly over the
  // chunks, armed just before the chunk's batch is sent (deterministic, unlike a probability at ~34 calls).
  const chunks = Math.ceil(COUNT / 30);
  const faulty = Math.max(2, Math.round(chunks * 0.05));
  const faultAt = new Map<number, 'error500-before' | 'error500-after'>();
  for (let i = 0; i < faulty; i++) {
    faultAt.set(Math.floor(((i + 0.5) * chunks) / faulty), i % 2 === 0 ? 'error500-before' : 'error500-after');
  }

  let runner: JobRunner | undefined;
  const { alarms, stop } = timerAlarms(() => runner);
  runner = createJobRunner({
    storage: fakeBrowser.storage.local,
    alarms,
    clock: systemClock,
    clientFor,
    outcomes: auditSubscriber(createAuditLog({ indexedDB, clock: systemClock })),
    throttle: { batchLimit: 40, windowMs: 60_000 / SCALE },
    minAlarmDelayMs: 30_000 / SCALE,
    maxInWorkerSleepMs: 5_000 / SCALE,
    retryDelayMs: 60_000 / SCALE,
    singleDeleteGapMs: Math.ceil(150 / SCALE),
    hooks: {
      beforeStep: (step, at) => {
        const kind = step === 'after-attempt-journaled' ? faultAt.get(at.chunk) : undefined;
        if (kind) {
          faultAt.delete(at.chunk);
          sim.injectFault({ endpoint: 'batch', kind, times: 1 });
        }
      },
    },
  });
  const started = Date.now();
  const job = await runner.createJob({ realmId, environment: 'sandbox', records: reviewed });
  const finished = new Promise<void>((resolve) => {
    runner?.subscribe((e) => {
      if (e.job.id === job.id && e.job.status === 'done') resolve();
    });
  });
  await runner.start(job.id);
  await Promise.race([finished, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 120_000))]);
  await runner.whenIdle();
  const elapsed = Date.now() - started;
  stop();

  const end = await runner.getJob(job.id);
  const rows = await runner.getRecords(job.id);
  const truth = sim.truth(realmId);
  const log = sim.requestLog(realmId);
  const mustStay = new Set([...edited, ...company.keys.reconciled, ...company.keys.closed]);
  const wronglyDeleted = [...mustStay].filter((k) => truth.appliedDeletes(k) > 0);
  const appliedTwice = company.keys.all.filter((k) => truth.appliedDeletes(k) > 1);
  const unverified = rows.filter((r) => r.state.kind !== 'final');
  const mismatched = rows.filter((r) => {
    if (r.state.kind !== 'final') return false;
    const gone = r.state.outcome.kind === 'deleted' || r.state.outcome.kind === 'deletedVerified';
    return gone === truth.exists(r.key);
  });
  const batch = log.filter((e) => e.endpoint === 'batch');
  const counts = Object.entries(end?.counts ?? {}).filter(([, n]) => n > 0);

  console.log(
    `run-1000: ${COUNT} records, time-scaled x${SCALE} (simulator timeScale ${SCALE}; runner window ${60_000 / SCALE} ms, 40 batch calls/window, alarm minimum ${30_000 / SCALE} ms)`,
  );
  console.log(
    `  seeded: ${edited.length} edited after review, ${company.keys.reconciled.length} reconciled, ${company.keys.closed.length} in a closed period`,
  );
  console.log(
    `  status ${end?.status}, ${end?.done}/${end?.total} done in ${elapsed} ms real (≈ ${Math.round((elapsed * SCALE) / 1000)} s unscaled)`,
  );
  console.log('  outcomes:');
  for (const [kind, n] of counts) console.log(`    ${kind.padEnd(20)} ${n}`);
  console.log(
    `  batch calls ${batch.length}, of which 5xx injected: ${batch
      .filter((e) => e.fault)
      .map((e) => e.fault)
      .join(
        ', ',
      )}; single deletes ${log.filter((e) => e.endpoint === 'delete').length}; reads ${log.filter((e) => e.endpoint === 'query' || e.endpoint === 'report').length}`,
  );
  console.log(`  wrongly deleted (changed/reconciled/closed): ${wronglyDeleted.length}`);
  console.log(`  429 responses: ${log.filter((e) => e.status === 429).length}`);
  console.log(`  applied twice: ${appliedTwice.length}`);
  console.log(`  unverified: ${unverified.length}`);
  console.log(`  outcome contradicting the service's state: ${mismatched.length}`);
  await sim.close();
  const ok =
    end?.status === 'done' &&
    wronglyDeleted.length + appliedTwice.length + unverified.length + mismatched.length === 0 &&
    log.every((e) => e.status !== 429);
  console.log(ok ? 'run-1000: PASS' : 'run-1000: FAIL');
  process.exit(ok ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
