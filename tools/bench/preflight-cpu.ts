/**
 * Preflight of N selected Ids: the calls it makes and the CPU time of the extension's own code.
 * The simulator runs in a child process (./sim-child.ts), so process.cpuUsage() in this process
 * covers the client (HTTP edge, JSON parsing, zod), the checks and the classification only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { runPreflight } from '../../lib/preflight/index';
import { createQboClient } from '../../lib/qbo/client';

export interface PreflightCpuResult {
  ids: number;
  calls: number;
  /** Reads metered against the app's monthly allowance, as the simulator counted them (GET /__sim/metering). */
  meteredReads: number;
  cpuMs: number;
  wallMs: number;
  statuses: Record<string, number>;
}

interface ChildLine {
  url: string;
  realmId: string;
  token: string;
  keys: string[];
}

function startChild(count: number): Promise<{ child: ChildProcess; line: ChildLine }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/bench/sim-child.ts', String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`simulator child exited (${code})`)));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (text) => resolve({ child, line: JSON.parse(text) as ChildLine }));
  });
}

export async function measurePreflightCpu(count: number): Promise<PreflightCpuResult> {
  const { child, line } = await startChild(count);
  try {
    const client = createQboClient({
      realmId: line.realmId,
      environment: 'sandbox',
      baseUrl: line.url,
      getToken: () => line.token,
    });
    const shownAt = Date.now();
    const items = line.keys.map((key) => {
      const [entity = '', id = ''] = key.split(':');
      return { entity, id, shownAt };
    });
    const metered = async () =>
      ((await (await fetch(`${line.url}/__sim/metering`)).json()) as { companies: Record<string, number> }).companies[
        line.realmId
      ] ?? 0;
    const meteredBefore = await metered();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await runPreflight({ client, items, now: Date.now });
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (result.kind !== 'ok') throw new Error(`preflight failed: ${JSON.stringify(result).slice(0, 300)}`);
    const statuses: Record<string, number> = {};
    for (const r of result.records) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const meteredReads = (await metered()) - meteredBefore;
    return {
      ids: items.length,
      calls: result.calls,
      meteredReads,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs,
      statuses,
    };
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
  }
}
