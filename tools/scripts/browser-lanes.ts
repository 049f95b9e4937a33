/**
 * `npm run test:browsers`: the browser half of `npm test` in two lanes side by side. The first lane
 * runs the Chromium suite's specs except those named in SECOND_LANE_CHROMIUM_SPECS; the second runs
 * the Firefox suite, then both demos, then a second Chromium run over those named specs, so the two
 * lanes end at about the same time (the Chromium suite alone took longer than the Firefox suite and
 * the demos together). A spec added to tests/e2e runs in the first lane until it is named here.
 *
 * Each lane still runs one browser and one test at a time (Playwright's one worker). The two Chromium
 * runs never share anything a test touches: each test starts its own simulator (and broker) on a port
 * the system picks and its own Chromium profile in a fresh temporary directory (tests/e2e/fixtures.ts);
 * the second run writes its artifacts and its HTML report to directories of its own. The lanes only
 * overlap one run's waits (alarms, Retry-After, the simulator's answers) with the other's work on the
 * machine's second core.
 *
 * Every line is printed as it comes, prefixed with its lane; the lanes' times and results are summed
 * up at the end, and the exit code is non-zero when any command of either lane failed. A failing
 * command stops neither its lane nor the other: one run reports every failure.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_SPEC_DIR = 'tests/e2e';

/**
 * The Chromium specs the second lane runs after the Firefox suite and the demos. Chosen by the
 * seconds their tests took in a clean-clone CI run with both lanes busy (2 cores, 2026-11-29): with
 * the first five alone the first lane ended at 542 s and the second at 468 s, so two more (about
 * 39 s) move both ends to about 505 s.
 */
export const SECOND_LANE_CHROMIUM_SPECS = [
  'undo.spec.ts', // 109 s
  'client-in-view.spec.ts', // 26 s
  'bank-feed-evidence.spec.ts', // 13 s
  'storage-local-forgery.spec.ts', // 13 s
  'two-views.spec.ts', // 11 s
  'report.spec.ts', // 8 s
  'web-app-address.spec.ts', // 7 s
];

/** Where the second Chromium run writes its artifacts and (under CI) its HTML report. */
export const SECOND_CHROMIUM_OUTPUT = 'test-results/chromium-2';
export const SECOND_CHROMIUM_REPORT = 'test-results/chromium-2-report';

export interface Command {
  /** The prefix of each line the command prints, and its name in the summary. */
  label: string;
  argv: string[];
  env?: Record<string, string>;
}

export interface Lane {
  name: string;
  commands: Command[];
}

/** The Chromium suite's spec files (names in CHROMIUM_SPEC_DIR, as Playwright's testMatch finds them). */
export function chromiumSpecs(dir = CHROMIUM_SPEC_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
}

/**
 * Each spec in exactly one lane: the named ones in the second, every other one (a new spec too) in
 * the first. A named spec that no longer exists is an error, so a renamed spec is never dropped.
 */
export function splitChromiumSpecs(
  specs: string[],
  second: readonly string[] = SECOND_LANE_CHROMIUM_SPECS,
): { first: string[]; second: string[] } {
  const missing = second.filter((name) => !specs.includes(name));
  if (missing.length > 0) {
    throw new Error(`browser-lanes: SECOND_LANE_CHROMIUM_SPECS names specs not in ${CHROMIUM_SPEC_DIR}: ${missing}`);
  }
  return {
    first: specs.filter((name) => !second.includes(name)),
    second: specs.filter((name) => second.includes(name)),
  };
}

/**
 * Playwright reads a command line's file arguments as regular expressions over the spec's path; each
 * is anchored at the directory and the end, and its dots escaped, so it names that one file
 * (`report.spec.ts` must not also run `report-print.spec.ts`).
 */
export function specFilter(name: string): string {
  const escaped = `${CHROMIUM_SPEC_DIR}/${name}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return `/(^|\\/)${escaped}$/`;
}

/**
 * The two lanes. `outputBase` (the script's `--output <dir>`) puts every run's artifacts under that
 * directory instead of test-results/, for a run beside others in the same working tree.
 */
export function lanes(specs: string[] = chromiumSpecs(), outputBase?: string): Lane[] {
  const split = splitChromiumSpecs(specs);
  const output = (dir: string) => (outputBase ? ['--output', path.join(outputBase, dir)] : []);
  const firstLane: Command[] =
    split.first.length > 0
      ? [
          {
            label: 'chromium',
            argv: ['npx', 'playwright', 'test', ...output('chromium'), ...split.first.map(specFilter)],
          },
        ]
      : [];
  const secondChromium: Command[] =
    split.second.length > 0
      ? [
          {
            label: 'chromium-2',
            argv: [
              'npx',
              'playwright',
              'test',
              '--output',
              outputBase ? path.join(outputBase, 'chromium-2') : SECOND_CHROMIUM_OUTPUT,
              ...split.second.map(specFilter),
            ],
            env: {
              PLAYWRIGHT_HTML_OUTPUT_DIR: outputBase
                ? path.join(outputBase, 'chromium-2-report')
                : SECOND_CHROMIUM_REPORT,
            },
          },
        ]
      : [];
  return [
    { name: 'lane 1', commands: firstLane },
    {
      name: 'lane 2',
      commands: [
        {
          label: 'firefox',
          argv: ['npx', 'playwright', 'test', '-c', 'tests/e2e-firefox/playwright.config.ts', ...output('firefox')],
        },
        { label: 'demos', argv: ['npm', 'run', '--silent', 'test:demos'] },
        ...secondChromium,
      ],
    },
  ];
}

export interface CommandResult {
  label: string;
  command: string;
  code: number;
  seconds: number;
}

/** How a command is shown in the summary: its spec filters back as file names. */
function describe(command: Command): string {
  return command.argv.map((arg) => arg.replace(/^\/\(\^\|\\\/\)(.*)\$\/$/, '$1').replace(/\\(.)/g, '$1')).join(' ');
}

export function run(command: Command, write: (line: string) => void = (line) => void process.stdout.write(line)) {
  const started = Date.now();
  const [program = '', ...args] = command.argv;
  return new Promise<CommandResult>((resolve) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...command.env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => write(`[${command.label}] ${line}\n`));
    }
    const done = (code: number) =>
      resolve({ label: command.label, command: describe(command), code, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      write(`[${command.label}] ${error.message}\n`);
      done(127);
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => done(code ?? (signal ? 128 : 1)));
  });
}

export async function runLanes(
  plan: Lane[],
  write: (line: string) => void = (line) => void process.stdout.write(line),
): Promise<{ failed: boolean; results: CommandResult[][] }> {
  const started = Date.now();
  const results = await Promise.all(
    plan.map(async (lane) => {
      const laneResults: CommandResult[] = [];
      for (const command of lane.commands) laneResults.push(await run(command, write));
      return laneResults;
    }),
  );
  write(`\nbrowser lanes, ${((Date.now() - started) / 1000).toFixed(0)} s in all:\n`);
  let failed = false;
  plan.forEach((lane, i) => {
    const laneResults = results[i] ?? [];
    for (const result of laneResults) {
      failed ||= result.code !== 0;
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      write(`  ${lane.name} [${result.label}] ${result.command}: ${verdict} in ${result.seconds.toFixed(0)} s\n`);
    }
    if (laneResults.length > 0) {
      const seconds = laneResults.reduce((sum, result) => sum + result.seconds, 0);
      write(`  ${lane.name}: ${seconds.toFixed(0)} s\n`);
    }
  });
  return { failed, results };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--output');
  const outputBase = at > 0 ? process.argv[at + 1] : undefined;
  void runLanes(lanes(chromiumSpecs(), outputBase)).then(({ failed }) => process.exit(failed ? 1 : 0));
}
