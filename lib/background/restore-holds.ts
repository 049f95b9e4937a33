/**
 * Record keys a restore of the company not settled yet holds (one that may still send, or a
 * cancelled one still verifying the batch it sent): no other restore plan may offer them.
 */
import { RESTORE } from '../domain/operations';
import { type CompanyScope, sameScope } from '../domain/scope';
import { isUnsettled } from '../jobs/lifecycle';
import type { JobRunner } from '../jobs/types';

export async function heldByRestores(
  runner: Pick<JobRunner, 'listJobs' | 'getRecords'>,
  scope: CompanyScope,
): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const job of await runner.listJobs()) {
    if (job.operation !== RESTORE.kind || !isUnsettled(job) || !sameScope(job, scope)) continue;
    for (const row of await runner.getRecords(job.id)) keys.add(row.key);
  }
  return keys;
}
