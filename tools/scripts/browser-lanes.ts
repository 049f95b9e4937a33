/**
 * `npm run test:browsers`: the browser half of `npm test` in two lanes side by side — the Chromium
 * suite in one; the Firefox suite, then both demos, in the other. Each lane still runs one browser
 * and one test at a time (Playwright's one worker), so no test shares its browser, its simulator or
 * its port with another; the lanes only overlap one suite's waits (alarms, Retry-After, the
 * simulator's answers) with the other's work on the machine's second core.
 *
 * Every line is printed as it comes, prefixed with its lane; the lanes' times and results are
 * summed up at the end, and the exit code is non-zero when any command of either lane failed. A
 * failing lane does not stop the other: one run reports every failure.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Lane {
  name: string;
  commands: string[][];
}

const LANES: Lane[] = [
  { name: 'chromium', commands: [['npx', 'playwright', 'test']] },
  {
    name: 'firefox',
    commands: [
      ['npx', 'playwright', 'test', '-c', 'tests/e2e-firefox/playwright.config.ts'],
      ['npm', 'run', '--silent', 'test:demos'],
    ],
  },
];

interface CommandResult {
  command: string;
  code: number;
  seconds: number;
}

function run(lane: string, argv: string[]): Promise<CommandResult> {
  const started = Date.now();
  const [command = '', ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
    }
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      resolve({ command: argv.join(' '), code: code ?? (signal ? 128 : 1), seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function runLane(lane: Lane): Promise<CommandResult[]> {
  const results: CommandResult[] = [];
  for (const argv of lane.commands) results.push(await run(lane.name, argv));
  return results;
}

const started = Date.now();
const results = await Promise.all(LANES.map(runLane));
console.log(`\nbrowser lanes, ${((Date.now() - started) / 1000).toFixed(0)} s in all:`);
let failed = false;
LANES.forEach((lane, i) => {
  for (const result of results[i] ?? []) {
    failed ||= result.code !== 0;
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    console.log(`  [${lane.name}] ${result.command}: ${verdict} in ${result.seconds.toFixed(0)} s`);
  }
});
process.exit(failed ? 1 : 0);
