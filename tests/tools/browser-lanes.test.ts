/** `npm run test:browsers`: every Chromium spec runs in exactly one lane, and any failure fails the run. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_SPEC_DIR,
  chromiumSpecs,
  type Lane,
  lanes,
  runLanes,
  SECOND_CHROMIUM_OUTPUT,
  SECOND_CHROMIUM_REPORT,
  SECOND_LANE_CHROMIUM_SPECS,
  specFilter,
  splitChromiumSpecs,
} from '../../tools/scripts/browser-lanes';

/** Playwright's reading of a command-line file argument (forceRegExp in playwright/lib/util.js). */
function playwrightFilter(arg: string): RegExp {
  const match = arg.match(/^\/(.*)\/([gi]*)$/);
  return match ? new RegExp(match[1] ?? '', match[2]) : new RegExp(arg, 'gi');
}

function playwrightRuns(plan: Lane[]) {
  return plan.flatMap((lane) =>
    lane.commands
      .filter((command) => command.argv.slice(0, 3).join(' ') === 'npx playwright test' && !command.argv.includes('-c'))
      .map((command) => ({ lane: lane.name, command })),
  );
}

/** The spec files a Chromium run selects, as Playwright matches its filters against each absolute path. */
function selected(argv: string[], specs: string[]): string[] {
  const filters = argv.slice(3).filter((arg, i, all) => arg !== '--output' && all[i - 1] !== '--output');
  return specs.filter((spec) => {
    const file = path.resolve(CHROMIUM_SPEC_DIR, spec);
    return filters.some((filter) => playwrightFilter(filter).test(file));
  });
}

describe('the Chromium specs split across the two lanes', () => {
  const specs = chromiumSpecs();

  it('finds the suite', () => {
    expect(specs.length).toBeGreaterThan(20);
    expect(specs).toContain('undo.spec.ts');
  });

  it('runs every spec of tests/e2e in exactly one Chromium run', () => {
    const runs = playwrightRuns(lanes(specs));
    expect(runs.map((run) => run.lane)).toEqual(['lane 1', 'lane 2']);
    const picked = runs.map((run) => selected(run.command.argv, specs));
    expect([...(picked[0] ?? []), ...(picked[1] ?? [])].sort()).toEqual(specs);
    expect(picked[1]).toEqual([...SECOND_LANE_CHROMIUM_SPECS].sort());
  });

  it('puts a new spec in the first lane', () => {
    const withNew = [...specs, 'brand-new.spec.ts'].sort();
    const runs = playwrightRuns(lanes(withNew));
    expect(selected(runs[0]?.command.argv ?? [], withNew)).toContain('brand-new.spec.ts');
    expect(selected(runs[1]?.command.argv ?? [], withNew)).not.toContain('brand-new.spec.ts');
  });

  it('refuses a second-lane name that is not a spec (a rename never drops a spec)', () => {
    expect(() => splitChromiumSpecs(['a.spec.ts'], ['a.spec.ts', 'gone.spec.ts'])).toThrow(/gone\.spec\.ts/);
    expect(splitChromiumSpecs(['a.spec.ts', 'b.spec.ts', 'c.spec.ts'], ['b.spec.ts'])).toEqual({
      first: ['a.spec.ts', 'c.spec.ts'],
      second: ['b.spec.ts'],
    });
  });

  it('names one file per filter: report.spec.ts is not report-print.spec.ts, nor a Firefox spec', () => {
    const filter = playwrightFilter(specFilter('report.spec.ts'));
    expect(filter.test(path.resolve('tests/e2e/report.spec.ts'))).toBe(true);
    expect(filter.test(path.resolve('tests/e2e/report-print.spec.ts'))).toBe(false);
    expect(filter.test(path.resolve('tests/e2e/reportxspec.ts'))).toBe(false);
    expect(playwrightFilter(specFilter('flow.spec.ts')).test(path.resolve('tests/e2e-firefox/flow.spec.ts'))).toBe(
      false,
    );
  });

  it('gives the second Chromium run its own artifacts and report directories', () => {
    const [first, second] = playwrightRuns(lanes(specs)).map((run) => run.command);
    expect(first?.argv).not.toContain('--output');
    expect(first?.env).toBeUndefined();
    expect(second?.argv.slice(3, 5)).toEqual(['--output', SECOND_CHROMIUM_OUTPUT]);
    expect(second?.env).toEqual({ PLAYWRIGHT_HTML_OUTPUT_DIR: SECOND_CHROMIUM_REPORT });
  });

  it('with --output, puts each Playwright run under that directory, each in its own', () => {
    const outputs = lanes(specs, '/tmp/x')
      .flatMap((lane) => lane.commands)
      .filter((command) => command.argv.includes('playwright'))
      .map((command) => command.argv[command.argv.indexOf('--output') + 1]);
    expect(outputs).toEqual(['/tmp/x/chromium', '/tmp/x/firefox', '/tmp/x/chromium-2']);
  });

  it('runs the Firefox suite and the demos before the second Chromium run', () => {
    const second = lanes(specs)[1];
    expect(second?.commands.map((command) => command.label)).toEqual(['firefox', 'demos', 'chromium-2']);
  });
});

describe('runLanes', () => {
  const node = (label: string, script: string) => ({ label, argv: [process.execPath, '-e', script] });

  it('prefixes every line with its command, runs every command, and fails when any command fails', async () => {
    const lines: string[] = [];
    const { failed, results } = await runLanes(
      [
        { name: 'lane 1', commands: [node('one', 'console.log("a"); console.error("b"); process.exit(3)')] },
        { name: 'lane 2', commands: [node('two', 'console.log("c")'), node('three', 'console.log("d")')] },
      ],
      (line) => void lines.push(line),
    );
    expect(failed).toBe(true);
    expect(results.map((lane) => lane.map((result) => [result.label, result.code]))).toEqual([
      [['one', 3]],
      [
        ['two', 0],
        ['three', 0],
      ],
    ]);
    expect(lines).toEqual(expect.arrayContaining(['[one] a\n', '[one] b\n', '[two] c\n', '[three] d\n']));
    expect(lines.join('')).toMatch(/lane 1 \[one\] .*: FAILED \(exit 3\)/);
    expect(lines.join('')).toMatch(/lane 2 \[three\] .*: passed/);
  });

  it('passes when every command passes, and reports a command that cannot start as failed', async () => {
    const lines: string[] = [];
    expect((await runLanes([{ name: 'l', commands: [node('ok', '')] }], (line) => void lines.push(line))).failed).toBe(
      false,
    );
    const missing = await runLanes(
      [{ name: 'l', commands: [{ label: 'gone', argv: ['/nonexistent/program'] }] }],
      (line) => void lines.push(line),
    );
    expect(missing.failed).toBe(true);
    expect(missing.results[0]?.[0]?.code).toBe(127);
  });
});
