/**
 * A view that opens onto unchecked rows gets them checked without a click (reads only), and a failed
 * check (QuickBooks down) is tried again once a minute while a view is open.
 */
import { CHECK_RETRY_MS } from '../domain/limits';
import type { PreflightStore } from '../preflight/preflight-store';
import type { SelectionStore } from '../selection/store';
import type { CompanyView } from './company-view';
import type { PreflightService } from './preflight-service';

/** What the automatic check reads. */
export interface AutoCheckServices extends Pick<CompanyView, 'currentScope' | 'hasToken'> {
  preflight: Pick<PreflightService, 'isRunning' | 'start'>;
  selection: Pick<SelectionStore, 'read' | 'readRows'>;
  preflightStore: Pick<PreflightStore, 'read'>;
}

/** A popup that opens onto unchecked rows gets them checked without a click (reads only). */
export async function maybeAutoPreflight(s: AutoCheckServices, force = false, now?: number): Promise<void> {
  const scope = await s.currentScope();
  if (!scope || s.preflight.isRunning(scope)) return;
  if (!(await s.hasToken(scope))) return;
  const selected = Object.keys(await s.selection.read(scope));
  const unresolved = Object.values(await s.selection.readRows(scope)).some((r) => !r.outcome);
  if (selected.length === 0 && !unresolved) return;
  const stored = await s.preflightStore.read(scope);
  const unchecked = unresolved || selected.some((k) => !stored?.rows[k]);
  // A failed check (QuickBooks down) is tried again once a minute while a view is open.
  const retryDue = !!stored?.error && now !== undefined && now - stored.at >= CHECK_RETRY_MS;
  if (force || retryDue || (unchecked && !stored?.error)) void s.preflight.start(scope);
}
