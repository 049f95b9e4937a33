/**
 * What the service saw, from the simulator's request log: the runner's batch calls (the neighbour's
 * flood is told apart by its bIds), the faults injected into them, the 429s the runner met.
 */
import type { FaultKind, RequestLogEntry } from '../../tools/simulator/api';

export interface LogFigures {
  runnerBatchCalls: number;
  faults: Partial<Record<FaultKind, number>>;
  fiveXxShare: number;
  fiveXxAfterApply: number;
  runner429s: number;
  runner401s: number;
  neighbourCalls: number;
  singleDeletes: number;
  reads: number;
}

export function logFigures(log: readonly RequestLogEntry[]): LogFigures {
  const neighbour = (e: RequestLogEntry) => e.body?.includes('"neighbour-') === true;
  const batch = log.filter((e) => e.endpoint === 'batch' && !neighbour(e));
  const faults: Partial<Record<FaultKind, number>> = {};
  for (const e of batch) if (e.fault) faults[e.fault] = (faults[e.fault] ?? 0) + 1;
  const fiveXx = (faults['error500-before'] ?? 0) + (faults['error500-after'] ?? 0);
  return {
    runnerBatchCalls: batch.length,
    faults,
    fiveXxShare: batch.length === 0 ? 0 : fiveXx / batch.length,
    fiveXxAfterApply: faults['error500-after'] ?? 0,
    runner429s: log.filter((e) => e.status === 429 && !neighbour(e)).length,
    runner401s: log.filter((e) => e.status === 401).length,
    neighbourCalls: log.filter(neighbour).length,
    singleDeletes: log.filter((e) => e.endpoint === 'delete').length,
    reads: log.filter((e) => e.endpoint === 'query' || e.endpoint === 'report').length,
  };
}
