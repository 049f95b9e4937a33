/**
 * Child process for the preflight CPU figure: starts the simulator, seeds a company and prints one
 * JSON line `{url, realmId, token, keys}`, so the parent's process.cpuUsage() counts only the
 * extension's code (client, parsing, zod, classification), never the simulator answering it.
 */
import { startSimulator } from '../../tools/simulator/index';

const count = Number(process.argv[2] ?? 5000);

void (async () => {
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
})();
