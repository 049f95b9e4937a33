/**
 * The bench's simulator, run in a child process (./sim-child.ts `serve`) so that this process holds
 * only the extension's code: its process.cpuUsage() and event-loop utilisation are the extension's,
 * and the simulator's CPU is read separately from the child. The calls a figure needs of the
 * simulator (seed, request log, deletes, metered reads) are asked over the child's stdin/stdout, one
 * JSON line each; none of them is asked while a job runs, so the channel costs the figures nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { RequestLogEntry, SeededCompany, SeedOptions, SimulatorOptions } from '../simulator/api';

export interface RemoteSimulator {
  url: string;
  seedCompany(options: SeedOptions): Promise<SeededCompany>;
  /** The request log (of one company, or all), from entry `from` on. */
  requestLog(realmId?: string, from?: number): Promise<RequestLogEntry[]>;
  /** How many of the company's records have been deleted (ground truth). */
  deletedCount(realmId: string): Promise<number>;
  /** Metered reads counted for the company this month. */
  meteredReads(realmId: string): Promise<number>;
  /** The child's own CPU (user + system) so far, in ms. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

const Answer = z.union([
  z.object({ id: z.number(), value: z.unknown() }),
  z.object({ id: z.number(), error: z.string() }),
]);

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export function startRemoteSimulator(options: SimulatorOptions): Promise<RemoteSimulator> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/bench/sim-child.ts', 'serve', JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let exited: Error | undefined;
  const lines = createInterface({ input: child.stdout! });

  const ask = (op: string, args: Record<string, unknown> = {}): Promise<unknown> => {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ id, op, ...args })}\n`);
    });
  };

  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      exited = new Error(`simulator child exited (${code})`);
      reject(exited);
      for (const p of pending.values()) p.reject(exited);
      pending.clear();
    });
    lines.once('line', (first) => {
      const { url } = z.object({ url: z.string() }).parse(JSON.parse(first));
      lines.on('line', (text) => answer(pending, text));
      resolve(remote(url, child, ask));
    });
  });
}

function answer(pending: Map<number, Pending>, text: string) {
  const parsed = Answer.safeParse(JSON.parse(text));
  if (!parsed.success) return;
  const p = pending.get(parsed.data.id);
  if (!p) return;
  pending.delete(parsed.data.id);
  if ('error' in parsed.data) p.reject(new Error(parsed.data.error));
  else p.resolve(parsed.data.value);
}

// The child's answers are the simulator's own objects, serialised: typed as the simulator declares them.
function remote(
  url: string,
  child: ChildProcess,
  ask: (op: string, args?: Record<string, unknown>) => Promise<unknown>,
): RemoteSimulator {
  return {
    url,
    seedCompany: async (options) => (await ask('seed', { options })) as SeededCompany,
    requestLog: async (realmId, from) => (await ask('log', { realmId, from })) as RequestLogEntry[],
    deletedCount: async (realmId) => z.number().parse(await ask('deleted', { realmId })),
    meteredReads: async (realmId) => z.number().parse(await ask('metered', { realmId })),
    cpuMs: async () => {
      const cpu = z.object({ user: z.number(), system: z.number() }).parse(await ask('cpu'));
      return (cpu.user + cpu.system) / 1000;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      await ask('close').catch(() => undefined);
      await gone;
    },
  };
}
