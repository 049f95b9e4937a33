/**
 * The "companies in parallel" table of `npm run bench`: measured in a process of its own
 * (./companies-main.ts, at its own time scale) whose simulator runs in yet another (./sim-remote.ts),
 * so the measuring process holds only the extension's code; here its rows and heading.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type CompaniesResult, RECORDS_PER_COMPANY } from './companies';
import type { Row } from './table';
import { CEILING_PER_MIN } from './throughput';

/**
 * Time scale of n companies (tools/bench/README.md says why): ×10, and ×5 from 10 companies, where at ×10
 * the extension's own event loop is ~65-70 % busy and every ms of queueing counts ten.
 * BENCH_COMPANIES_SCALE sets one scale for every count.
 */
export function companiesScale(n: number): number {
  const forced = process.env.BENCH_COMPANIES_SCALE;
  if (forced) return Number(forced);
  return n >= 10 ? 5 : 10;
}

/** One process per scale (SCALE is read once per process), results in the order of `counts`. */
export function measureCompaniesApart(counts: readonly number[]): CompaniesResult[] {
  const scales = [...new Set(counts.map(companiesScale))];
  const results = scales.flatMap((scale) =>
    runApart(
      scale,
      counts.filter((n) => companiesScale(n) === scale),
    ),
  );
  return counts.flatMap((n) => results.filter((r) => r.companies === n));
}

function runApart(scale: number, counts: readonly number[]): CompaniesResult[] {
  const out = execFileSync(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), 'tools/bench/companies-main.ts', counts.join(',')],
    { env: { ...process.env, BENCH_SCALE: String(scale) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const line = out.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(line) as CompaniesResult[];
}

export function companiesHeading(results: readonly CompaniesResult[]): string {
  const scales = results.map((r) => `${r.companies}: ×${r.scale}`).join(', ');
  return `Companies in parallel: one runner, one job per company (${RECORDS_PER_COMPANY.toLocaleString('en-US')} records each), all started together, each company with its own token, time-scaled (${scales}; BENCH_COMPANIES_SCALE). The simulator runs in a process of its own: CPU and event loop are the extension's. Each company's ceiling is its own 1,200/min.`;
}

/** The rows of one company count; every figure names the count (the goals in results.json are keyed by figure). */
export function companiesRows(r: CompaniesResult): Row[] {
  const n = `${r.companies} ${r.companies === 1 ? 'company' : 'companies'}`;
  const maxPerWindow = Math.max(...r.perCompany.map((c) => c.maxCallsInWindow));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const pct = (share: number) => `${Math.round(share * 100)} %`;
  return [
    {
      figure: `${n}: min per-company rate ÷ own ceiling`,
      value: `${r.minRatio.toFixed(3)} (mean ${r.meanRatio.toFixed(3)})`,
      goal: '≥ 0.95',
      pass: r.minRatio >= 0.95,
    },
    {
      figure: `  ${n}: aggregate deletes/min`,
      value: `${Math.round(r.aggregatePerMin).toLocaleString('en-US')} of ${(r.companies * CEILING_PER_MIN).toLocaleString('en-US')}`,
    },
    // Every 429 of any kind: batch or query ceiling, or a published request limit (per second, at once, a minute).
    { figure: `  ${n}: 429 responses`, value: String(r.status429), goal: '0', pass: r.status429 === 0 },
    {
      figure: `  ${n}: requests with another company's token`,
      value: String(r.tokenMismatches),
      goal: '0',
      pass: r.tokenMismatches === 0,
    },
    {
      figure: `  ${n}: most batch calls of one company in a window`,
      value: String(maxPerWindow),
      goal: '≤ 40',
      pass: maxPerWindow <= 40,
    },
    {
      // process.cpuUsage() of the measuring process, which holds the runner, journal and client only.
      figure: `  ${n}: extension CPU per 1,000 deletes`,
      value: `${r.cpuMsPer1000Deletes.toFixed(0)} ms (${s(r.cpuMs)} in all)`,
    },
    {
      // Busy near 100 % with the CPU share near it too: the extension is CPU-bound. Busy near 100 % with a
      // low CPU share: the process was waiting for a core (the machine's load), not working.
      figure: `  ${n}: event loop busy / CPU share of a core / wall (real)`,
      value: `${pct(r.eventLoopUtilization)} / ${pct(r.cpuMs / r.wallMsReal)} / ${s(r.wallMsReal)}`,
    },
    {
      figure: `  ${n}: simulator CPU (its own process, information)`,
      value: s(r.simulatorCpuMs),
    },
  ];
}
