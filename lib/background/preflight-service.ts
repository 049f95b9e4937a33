/**
 * Runs the preflight over a company's whole selection and stores the result. One run at a time per
 * company; a failure (no token, 401, 429, incomplete read) is stored as an error the popup shows,
 * and nothing is classified on a partial picture.
 */

import { CHECK_RETRY_MS } from '../domain/limits';
import { scopeKey } from '../domain/scope';
import { runPreflight } from '../preflight/index';
import type { PreflightStore } from '../preflight/preflight-store';
import { toPreflightRow } from '../preflight/preflight-store';
import type { QboClient } from '../qbo/client-api';
import type { CallFailure } from '../qbo/outcomes';
import type { RowResolution, RowToResolve } from '../resolve/types';
import type { Scope, SelectionStore } from '../selection/store';

export function describeFailure(kind: string): string {
  switch (kind) {
    // Said to every person, signed in or not: no word of tokens (the connection panel says what to do).
    case 'unauthorized':
      return 'QuickBooks no longer accepts the connection to this company (it was revoked or expired). Connect again.';
    case 'forbidden':
      return 'QuickBooks refused: the app may not access this company (403).';
    case 'rateLimited':
      return 'The service asked us to slow down (429). Try again in a minute.';
    case 'allowanceUsedUp':
      return "Intuit's monthly allowance of reads for this app is used up, so nothing could be checked. It resets at the start of next month.";
    case 'incomplete':
      return "QuickBooks's answer could not be proven complete, so nothing was classified.";
    case 'wrongCompany':
      return 'The selection belongs to another company than the connected one.';
    default:
      // A 5xx, a dropped connection, no network ("TypeError: Failed to fetch"): the raw text is the
      // browser's or the service's jargon and never reaches a person.
      return "QuickBooks isn't responding.";
  }
}

/** Resolves rows known by what they show with the company's client (lib/resolve). */
export type RowResolver = (scope: Scope, rows: RowToResolve[]) => Promise<Map<string, RowResolution>>;

export function createPreflightService(deps: {
  selection: SelectionStore;
  preflight: PreflightStore;
  clientFor: (scope: Scope) => QboClient;
  resolveRows: RowResolver;
  now: () => number;
  onChange: () => void;
}) {
  const running = new Map<string, Promise<void>>();
  const id = scopeKey;
  /** When each company's last check failed (cleared by a check that succeeds). */
  const failedAt = new Map<string, number>();

  /**
   * Rows known by what they show, not resolved yet: the ones that match exactly one record move into
   * the selection before the check (and are checked like any other); a failed read fails the check.
   */
  async function resolvePending(scope: Scope): Promise<CallFailure | undefined> {
    const pending = Object.values(await deps.selection.readRows(scope)).filter((r) => !r.outcome);
    if (pending.length === 0) return undefined;
    const rows = pending.map((r) => ({
      rowKey: r.rowKey,
      shown: r.shown,
      entities: r.entities,
      alike: r.alike,
      idHint: r.idHint,
    }));
    const resolutions = await deps.resolveRows(scope, rows);
    for (const res of resolutions.values()) if (res.kind === 'failed') return res.failure;
    await deps.selection.settleRows(scope, resolutions);
    return undefined;
  }

  async function run(scope: Scope): Promise<void> {
    const unresolved = await resolvePending(scope);
    if (unresolved) {
      failedAt.set(id(scope), deps.now());
      await deps.preflight.setError(scope, deps.now(), describeFailure(unresolved.kind));
      return;
    }
    const items = Object.values(await deps.selection.read(scope));
    const result = await runPreflight({
      client: deps.clientFor(scope),
      items,
      now: deps.now,
      realmId: scope.realmId,
      environment: scope.environment,
    });
    if (result.kind === 'ok') failedAt.delete(id(scope));
    else failedAt.set(id(scope), deps.now());
    if (result.kind === 'ok') {
      const rows = Object.fromEntries(result.records.map((r) => [r.key, toPreflightRow(r)]));
      await deps.preflight.save(scope, { at: result.checkedAt, rows });
    } else if (result.kind === 'failed') {
      await deps.preflight.setError(scope, deps.now(), describeFailure(result.failure.kind));
    } else {
      await deps.preflight.setError(scope, deps.now(), describeFailure(result.kind));
    }
  }

  return {
    isRunning: (scope: Scope) => running.has(id(scope)),
    /** A failed check is due to be tried again (CHECK_RETRY_MS after it failed). */
    retryDue: (now: number) => [...failedAt.values()].some((at) => now - at >= CHECK_RETRY_MS),
    /** Starts (or joins) the run for this company; resolves when it is stored. */
    start(scope: Scope): Promise<void> {
      const existing = running.get(id(scope));
      if (existing) return existing;
      const task = run(scope)
        .catch(async () => {
          failedAt.set(id(scope), deps.now());
          await deps.preflight.setError(scope, deps.now(), describeFailure('error'));
        })
        .finally(() => {
          running.delete(id(scope));
          deps.onChange();
        });
      running.set(id(scope), task);
      deps.onChange();
      return task;
    },
  };
}
export type PreflightService = ReturnType<typeof createPreflightService>;
