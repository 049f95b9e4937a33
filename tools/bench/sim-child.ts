/**
 * The simulator in a process of its own, so the bench's process.cpuUsage() and event-loop figures
 * count only the extension's code (runner, journal, client, parsing, zod), never the simulator
 * answering it. Two ways to run it:
 *
 * - `sim-child.ts <count>` (preflight figure): starts the simulator, seeds a company and prints one
 *   JSON line `{url, realmId, token, keys}`; SIGTERM closes it.
 * - `sim-child.ts serve '<SimulatorOptions JSON>'` (throughput and companies figures, through
 *   ./sim-remote.ts): prints `{url}`, then answers one JSON line per command read on stdin
 *   (`{id, op, ...}` → `{id, value}` or `{id, error}`): seed a company, its request log, how many
 *   records were deleted, its metered reads, this process's CPU, close.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { SimulatorOptions } from '../simulator/api';
import { startSimulator } from '../simulator/index';

const Command = z.discriminatedUnion('op', [
  z.object({ id: z.number(), op: z.literal('seed'), options: z.record(z.string(), z.unknown()) }),
  z.object({ id: z.number(), op: z.literal('log'), realmId: z.string().optional(), from: z.number().optional() }),
  z.object({ id: z.number(), op: z.literal('deleted'), realmId: z.string() }),
  z.object({ id: z.number(), op: z.literal('metered'), realmId: z.string() }),
  z.object({ id: z.number(), op: z.literal('cpu') }),
  z.object({ id: z.number(), op: z.literal('close') }),
]);

async function preflight(count: number) {
  const sim = await startSimulator();
  const company = sim.seedCompany({
    count,
    seed: 11,
    reconciledShare: 0.1,
    closedShare: 0.05,
    depositedShare: 0.05,
    linkedShare: 0.1,
  });
  const line = { url: sim.url, realmId: company.realmId, token: company.token, keys: company.keys.all };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
}

async function serve(optionsJson: string) {
  // Written by the bench's own process (./sim-remote.ts): options of the simulator, as given there.
  const sim = await startSimulator(JSON.parse(optionsJson) as SimulatorOptions);
  const send = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
  send({ url: sim.url });
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (text) => {
    const parsed = Command.safeParse(JSON.parse(text));
    if (!parsed.success) return send({ id: -1, error: `bad command: ${text.slice(0, 200)}` });
    const c = parsed.data;
    try {
      if (c.op === 'seed') return send({ id: c.id, value: sim.seedCompany(c.options as { count: number }) });
      if (c.op === 'log') return send({ id: c.id, value: sim.requestLog(c.realmId).slice(c.from ?? 0) });
      if (c.op === 'deleted') return send({ id: c.id, value: sim.truth(c.realmId).deletedKeys().length });
      if (c.op === 'metered') return send({ id: c.id, value: sim.meteredReads(c.realmId) });
      if (c.op === 'cpu') return send({ id: c.id, value: process.cpuUsage() });
      void sim.close().then(() => {
        send({ id: c.id, value: null });
        process.exit(0);
      });
    } catch (e) {
      send({ id: c.id, error: String(e) });
    }
  });
  // The parent died without closing: do not outlive it.
  lines.on('close', () => void sim.close().then(() => process.exit(0)));
}

if (process.argv[2] === 'serve') void serve(process.argv[3] ?? '{}');
else void preflight(Number(process.argv[2] ?? 5000));
