/**
 * `npm run chaos [-- --records 1000 --seed 20260115 --kills 8 --mode real|document]`
 *
 * The deletion pipeline under seeded chaos, then the restore of what it deleted under the same kinds
 * of chaos (see ./chaos.ts, ./restore-phase.ts and ./scenario.ts). Twice: as Intuit documents the
 * service (a repeated requestid answered with the first answer, a stale-token delete accepted), then
 * as public reports show it (issue 23 §1, §2: a repeated requestid applied again, a stale-token delete
 * answered 5010). Exit code 1 when a must-be-0 figure of either phase of either pass is not 0, or when
 * a chaos ingredient did not fire (a run without chaos proves nothing). Then the late landings
 * (./late-landing.ts): deletes, voids and creates whose worker died with them in flight, applied by
 * the service at a random moment before their deadline, with requestid honoured, ignored and 6000.
 */
import { parseArgs } from 'node:util';
import { runChaos } from './chaos';
import { formatLateLanding, runLateLandingMatrix } from './late-landing';
import { formatReport, missingIngredients } from './report';
import { DEFAULT_OPTIONS } from './scenario';

async function main() {
  const { values } = parseArgs({
    options: {
      records: { type: 'string' },
      seed: { type: 'string' },
      kills: { type: 'string' },
      mode: { type: 'string' },
    },
  });
  const num = (v: string | undefined, fallback: number) => {
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive integer: ${v}`);
    return n;
  };
  const mode = values.mode ?? DEFAULT_OPTIONS.mode;
  if (mode !== 'real' && mode !== 'document') throw new Error(`--mode real|document, not ${mode}`);
  const base = {
    records: num(values.records, DEFAULT_OPTIONS.records),
    seed: num(values.seed, DEFAULT_OPTIONS.seed),
    kills: num(values.kills, DEFAULT_OPTIONS.kills),
    mode,
  } as const;
  const passes = [base, { ...base, requestid: 'ignored', staleSyncToken: 'fault5010' } as const];
  let ok = true;
  for (const options of passes) {
    const result = await runChaos(options);
    for (const line of formatReport(result)) console.log(line);
    const missing = missingIngredients(result);
    if (missing.length > 0) console.log(`  chaos that did NOT fire: ${missing.join('; ')}`);
    const passed = result.verdict.ok && missing.length === 0;
    console.log(passed ? 'chaos: PASS' : 'chaos: FAIL');
    ok &&= passed;
  }
  // Late landings: a killed worker's in-flight write lands after the restart, up to its deadline.
  const late = await runLateLandingMatrix(3, base.seed);
  for (const line of formatLateLanding(late)) console.log(line);
  const lateOk = late.every((r) => r.ok);
  console.log(lateOk ? 'chaos (late landings): PASS' : 'chaos (late landings): FAIL');
  process.exit(ok && lateOk ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
