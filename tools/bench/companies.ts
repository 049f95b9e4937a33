/**
 * Companies in parallel: one simulator (same scale, window and limit as the throughput figure), n
 * seeded companies, ONE job runner (as the background has one for every company) with one job per
 * company, all started together. Each company's client presents that company's own token (clientFor
 * by realm, like lib/background/app.ts). Both throttles are per company (the runner reads its stamps
 * per realmId, one driver per realm; the simulator counts per realm), so each company should reach
 * its own ceiling of 1,200 deletes/min whatever the others do; what n adds is CPU and event-loop load,
 * magnified ×SCALE like any HTTP or CPU time here. The simulator runs in a child process
 * (./sim-remote.ts): this process holds only the extension's code (runner, journal, client), so its
 * CPU and event-loop figures are the extension's own; the simulator's CPU is read from the child.
 */
import { performance } from 'node:perf_hooks';
import { createQboClient } from '../../lib/qbo/client';
import type { SeededCompany } from '../simulator/api';
import {
  BATCH_LIMIT,
  benchPacer,
  CEILING_PER_MIN,
  createScaledRunner,
  maxCallsInWindow,
  reviewedRecords,
  SCALE,
  startBenchSimulator,
  steadyPerMin,
  whenDone,
} from './throughput';

export interface CompanyFigures {
  realmId: string;
  records: number;
  deleted: number;
  batchCalls: number;
  /** Deletes per unscaled minute over whole throttle cycles (as the throughput figure), and ÷ 1,200. */
  steadyPerMin: number;
  ratio: number;
  /** Every 429 of the company's calls, whatever refused it: the batch or query ceiling, or a published request limit. */
  status429: number;
  maxCallsInWindow: number;
  /** Requests of this company's job whose token belongs to another company (or to none). */
  tokenMismatches: number;
  /** Real ms from start() to the company's last answered batch call. */
  lastBatchMsReal: number;
}

export interface CompaniesResult {
  companies: number;
  recordsPerCompany: number;
  scale: number;
  ceilingPerMin: number;
  perCompany: CompanyFigures[];
  minRatio: number;
  meanRatio: number;
  /** Sum of the companies' steady rates, deletes per unscaled minute. */
  aggregatePerMin: number;
  /** Every delete of every company over start() → the last job done, per unscaled minute. */
  aggregateWholeRunPerMin: number;
  status429: number;
  tokenMismatches: number;
  /** Real ms from start() to the last job done; CPU (user+sys) of this process over the same span. */
  wallMsReal: number;
  /** The extension's own CPU: this process holds only the runner, journal and client. */
  cpuMs: number;
  /** cpuMs per 1,000 records deleted. */
  cpuMsPer1000Deletes: number;
  /** Share of that span this process's event loop was busy (0..1): near 1, the extension is CPU-bound. */
  eventLoopUtilization: number;
  /** CPU of the simulator's own process over the same span (for information: the harness, not the extension). */
  simulatorCpuMs: number;
}

export async function measureCompanies(n: number, recordsPerCompany: number): Promise<CompaniesResult> {
  const sim = await startBenchSimulator();
  try {
    const seeded: { company: SeededCompany; reviewed: Awaited<ReturnType<typeof reviewedRecords>>['reviewed'] }[] = [];
    for (let i = 0; i < n; i++) seeded.push(await reviewedRecords(sim, recordsPerCompany, 7 + i));
    const tokens = new Map(seeded.map(({ company }) => [company.realmId, company.token]));
    const logBefore = new Map<string, number>();
    for (const { company } of seeded) logBefore.set(company.realmId, (await sim.requestLog(company.realmId)).length);
    const { runner, stop } = createScaledRunner((realmId, environment) =>
      createQboClient({
        realmId,
        environment,
        baseUrl: sim.url,
        // This company's token and no other; an unknown realm sends none (the simulator would log it).
        getToken: () => tokens.get(realmId) ?? '',
        pacer: benchPacer,
      }),
    );
    const jobs = [];
    for (const { company, reviewed } of seeded) {
      jobs.push(await runner.createJob({ realmId: company.realmId, environment: 'sandbox', records: reviewed }));
    }
    const simCpu0 = await sim.cpuMs();
    const cpu0 = process.cpuUsage();
    const elu0 = performance.eventLoopUtilization();
    const started = Date.now();
    const done = whenDone(
      runner,
      jobs.map((j) => j.id),
      120_000,
    );
    await Promise.all(jobs.map((j) => runner.start(j.id)));
    await done;
    const ended = Date.now();
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0);
    const simulatorCpuMs = (await sim.cpuMs()) - simCpu0;
    await runner.whenIdle();
    stop();

    const perCompany: CompanyFigures[] = [];
    for (const { company } of seeded) {
      const log = await sim.requestLog(company.realmId, logBefore.get(company.realmId));
      const batches = log.filter((e) => e.endpoint === 'batch' && e.status === 200);
      const rate = steadyPerMin(batches);
      perCompany.push({
        realmId: company.realmId,
        records: recordsPerCompany,
        deleted: await sim.deletedCount(company.realmId),
        batchCalls: log.filter((e) => e.endpoint === 'batch').length,
        steadyPerMin: rate,
        ratio: rate / CEILING_PER_MIN,
        status429: log.filter((e) => e.status === 429).length,
        maxCallsInWindow: maxCallsInWindow(batches.map((e) => e.at)),
        tokenMismatches: log.filter((e) => e.tokenRealmId !== company.realmId).length,
        lastBatchMsReal: (batches.at(-1)?.at ?? started) - started,
      });
    }
    // A request sent for a realm that is not one of ours would not show in any company's log.
    const realms = new Set(tokens.keys());
    const stray = (await sim.requestLog()).filter((e) => e.realmId !== '' && !realms.has(e.realmId)).length;
    const deleted = perCompany.reduce((s, c) => s + c.deleted, 0);
    const ratios = perCompany.map((c) => c.ratio);
    return {
      companies: n,
      recordsPerCompany,
      scale: SCALE,
      ceilingPerMin: CEILING_PER_MIN,
      perCompany,
      minRatio: Math.min(...ratios),
      meanRatio: ratios.reduce((a, b) => a + b, 0) / ratios.length,
      aggregatePerMin: perCompany.reduce((s, c) => s + c.steadyPerMin, 0),
      aggregateWholeRunPerMin: (deleted / ((ended - started) * SCALE)) * 60_000,
      status429: perCompany.reduce((s, c) => s + c.status429, 0),
      tokenMismatches: perCompany.reduce((s, c) => s + c.tokenMismatches, 0) + stray,
      wallMsReal: ended - started,
      cpuMs: (cpu.user + cpu.system) / 1000,
      cpuMsPer1000Deletes: deleted > 0 ? ((cpu.user + cpu.system) / 1000 / deleted) * 1000 : 0,
      eventLoopUtilization: elu.utilization,
      simulatorCpuMs,
    };
  } finally {
    await sim.close();
  }
}

/** Records per company: four windows at the ceiling (160 batch calls), as the single-company figure. */
export const RECORDS_PER_COMPANY = BATCH_LIMIT * 30 * 4;
