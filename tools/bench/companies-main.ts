/**
 * The "companies in parallel" measurements in a process of their own, so they can run at another
 * time scale than the single-company figures (SCALE is read once per process from BENCH_SCALE;
 * ./companies-report.ts sets it). The simulator runs in a further child process (./sim-remote.ts), so
 * this one holds only the extension's code and its CPU is the extension's own. Prints one JSON line.
 */
import { type CompaniesResult, measureCompanies, RECORDS_PER_COMPANY } from './companies';

const counts = (process.argv[2] ?? '1,3,10').split(',').map(Number);
const results: CompaniesResult[] = [];
for (const n of counts) results.push(await measureCompanies(n, RECORDS_PER_COMPANY));
console.log(JSON.stringify(results));
