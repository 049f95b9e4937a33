/**
 * The chaos run's world and the worker's life cycle: the REAL client over loopback HTTP against the
 * REAL simulator, both on one manual clock (waits cost no wall time), the runner on fakeBrowser
 * storage, and a small alarm stand-in (one-shot, like chrome.alarms) the driver fires by moving the
 * clock. `restart()` drops the current runner and builds a new one on the same storage, exactly as a
 * service-worker restart does; `drive()` runs a job to the end, restarting a killed worker, answering
 * a token pause with a new token, and delivering alarms (sometimes to a freshly restarted worker).
 */
// The audit log lives in IndexedDB; in Node it is fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditSubscriber } from '../../lib/audit/from-jobs';
import { type AuditLog, createAuditLog } from '../../lib/audit/log';
import { createJobRunner } from '../../lib/jobs/runner';
import type { JobRunner, JobRunnerOptions, JobSnapshot, RunnerHooks } from '../../lib/jobs/types';
import { createQboClient } from '../../lib/qbo/client';
import type { QboClient } from '../../lib/qbo/client-api';
import type { AlarmsArea } from '../../lib/storage/area';
import type { FidelityMode, SeededCompany, SeedOptions, Simulator, SimulatorOptions } from '../../tools/simulator/api';
import { startSimulator } from '../../tools/simulator/index';
import { createManualClock, type ManualClock } from '../support/clock';
import { createLedger, type Ledger } from './ledger';

export interface AlarmStandIn extends AlarmsArea {
  /** The earliest pending alarm, removed (a fired one-shot alarm is gone), or undefined. */
  takeNext(): { name: string; when: number } | undefined;
}

function createAlarmStandIn(): AlarmStandIn {
  const pending = new Map<string, number>();
  return {
    create: (name, { when }) => void pending.set(name, when),
    clear: async (name) => pending.delete(name),
    takeNext() {
      const next = [...pending].sort((a, b) => a[1] - b[1])[0];
      if (!next) return undefined;
      pending.delete(next[0]);
      return { name: next[0], when: next[1] };
    },
  };
}

export interface ChaosHarness {
  clock: ManualClock;
  sim: Simulator;
  company: SeededCompany;
  realmId: string;
  ledger: Ledger;
  alarms: AlarmStandIn;
  /** The runner's current token (what the user last pasted). */
  token(): string;
  setToken(token: string): void;
  /** An unobserved client (the preflight's, the neighbour's reads). */
  plainClient(): QboClient;
  current(): JobRunner;
  restart(): JobRunner;
  /** The audit log every runner of the run writes to (a restarted worker keeps it). */
  audit: AuditLog;
  /** Unexpected runner errors (storage failures, thrown bugs): a sound run has none. */
  errors: unknown[];
  close(): Promise<void>;
}

export async function createChaosHarness(
  mode: FidelityMode,
  seed: SeedOptions,
  hooks: RunnerHooks,
  service: Pick<SimulatorOptions, 'requestid' | 'staleSyncToken'> = {},
): Promise<ChaosHarness> {
  fakeBrowser.reset();
  // Each run starts on an empty audit log too (npm run chaos makes two runs in one process).
  globalThis.indexedDB = new IDBFactory();
  const clock = createManualClock();
  // The published request limits (10 a second, …) are off: chaos's clients have no pacer (issue 23 §3).
  const sim = await startSimulator({
    requestLimits: false,
    ...service,
    mode,
    now: clock.now,
    shuffleBatchResults: true,
  });
  const company = sim.seedCompany(seed);
  const { realmId } = company;
  const ledger = createLedger();
  const alarms = createAlarmStandIn();
  const errors: unknown[] = [];
  let token = company.token;
  const client = () =>
    createQboClient({ realmId, environment: 'sandbox', baseUrl: sim.url, getToken: () => token, now: clock.now });
  const audit = createAuditLog({ indexedDB, clock });
  const options: JobRunnerOptions = {
    storage: fakeBrowser.storage.local,
    alarms,
    clock,
    clientFor: () => ledger.observe(client()),
    hooks,
    outcomes: auditSubscriber(audit),
    onError: (e) => void errors.push(e),
  };
  let runner = createJobRunner(options);
  return {
    clock,
    sim,
    company,
    realmId,
    ledger,
    alarms,
    token: () => token,
    setToken: (t) => {
      token = t;
    },
    plainClient: client,
    current: () => runner,
    restart() {
      runner = createJobRunner(options);
      return runner;
    },
    audit,
    errors,
    close: () => sim.close(),
  };
}

export interface DriveEvents {
  /** Before an alarm is delivered (the clock already at its time): true = the worker died meanwhile. */
  beforeAlarm(job: JobSnapshot): Promise<boolean>;
  /** The job paused for a token: the user pastes a new one. */
  onTokenNeeded(job: JobSnapshot): Promise<void>;
  onStepKill(): void;
}

export async function drive(h: ChaosHarness, jobId: string, events: DriveEvents): Promise<JobSnapshot | string> {
  for (let turn = 0; turn < 20_000; turn++) {
    let runner = h.current();
    await runner.whenIdle();
    if (runner.isKilled()) {
      events.onStepKill();
      runner = h.restart();
      await runner.wake();
      continue;
    }
    const job = await runner.getJob(jobId);
    if (!job) return 'the job vanished';
    if (job.status === 'done') return job;
    if (job.status === 'tokenNeeded') {
      await events.onTokenNeeded(job);
      await runner.tokenAvailable(job.realmId);
      continue;
    }
    const alarm = h.alarms.takeNext();
    if (!alarm)
      return `stuck: status ${job.status}${job.stop ? ` (${JSON.stringify(job.stop)})` : ''} and no alarm set`;
    h.clock.set(Math.max(h.clock.now(), alarm.when));
    if (await events.beforeAlarm(job)) runner = h.restart();
    await runner.onAlarm({ name: alarm.name, scheduledTime: alarm.when });
  }
  return 'gave up after 20,000 turns';
}
