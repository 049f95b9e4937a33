/**
 * The seeded scenarios (issue 22's acceptance): companies built for one question, each with the
 * ground truth its test is judged by. `sim.seedScenario(name, options?)` in process,
 * `POST /__sim/scenario {name, options?}` over HTTP (../control.ts).
 *
 * - `badImport` (./bad-import.ts): 300 invoices, 40 created within 2026-11-03 14:00–14:05 (-07:00).
 * - `duplicatePairs` (./duplicate-pairs.ts): 25 pairs (5 kept because reconciled), plus noise.
 * - `reportExport` (./report-export.ts): a Transaction List by Date export, CSV and XLSX, one line
 *   matching two records.
 */
import { z } from 'zod';
import { type BadImportOptions, type BadImportTruth, buildBadImport } from './bad-import';
import { buildDuplicatePairs, type DuplicatePairsOptions, type DuplicatePairsTruth } from './duplicate-pairs';
import type { BuiltScenario } from './records';
import { buildReportExport, type ReportExportOptions, type ReportExportTruth } from './report-export';

export type { BadImportOptions, BadImportTruth } from './bad-import';
export type { DuplicatePair, DuplicatePairsOptions, DuplicatePairsTruth } from './duplicate-pairs';
export type { ScenarioBase } from './records';
export type { ExportLine, ReportExportOptions, ReportExportTruth } from './report-export';

export interface ScenarioOptions {
  badImport: BadImportOptions;
  duplicatePairs: DuplicatePairsOptions;
  reportExport: ReportExportOptions;
}

export interface ScenarioTruth {
  badImport: BadImportTruth;
  duplicatePairs: DuplicatePairsTruth;
  reportExport: ReportExportTruth;
}

export type ScenarioName = keyof ScenarioOptions;
export const SCENARIO_NAMES = ['badImport', 'duplicatePairs', 'reportExport'] as const satisfies ScenarioName[];

const count = z.number().int().nonnegative().optional();
const base = { realmId: z.string().optional(), companyName: z.string().optional(), seed: z.number().optional() };

/** Options as they arrive over HTTP: checked per scenario, unknown fields refused. */
export const SCENARIO_OPTION_SCHEMAS = {
  badImport: z.strictObject({ ...base, total: count, imported: count }),
  duplicatePairs: z.strictObject({ ...base, pairs: count, reconciledPairs: count, noise: count }),
  reportExport: z.strictObject({ ...base, count, lines: count }),
} satisfies Record<ScenarioName, z.ZodType>;

type Builders = {
  [N in ScenarioName]: (
    options: ScenarioOptions[N] & { companyName: string },
  ) => BuiltScenario<ScenarioTruth[N]> | Promise<BuiltScenario<ScenarioTruth[N]>>;
};

export const SCENARIOS: Builders = {
  badImport: buildBadImport,
  duplicatePairs: buildDuplicatePairs,
  reportExport: buildReportExport,
};
