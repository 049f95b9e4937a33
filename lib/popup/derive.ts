/**
 * Pure facts the popup derives from a PopupState: counts per type and status, what the one click
 * would delete, and why it cannot run. The model wraps these in computed signals.
 */

import { ENTITIES, type Entity } from '../domain/entities';
import { isRealmId } from '../domain/ids';
import { ACTIVE_JOB_STATES } from '../domain/jobs';
import { DELETE, VOID } from '../domain/operations';
import type { PopupState, SelectionRow } from '../messaging/views';
import { type ShownStatus, shownStatus } from './plan';

export type StatusKey = ShownStatus;

export { ACTIVE_JOB_STATES };

export function countByEntity(rows: readonly SelectionRow[]): { entity: Entity; count: number }[] {
  const counts = new Map<Entity, number>();
  // Indexed loops here: the popup's first render runs these once, cold, over the whole selection.
  for (let i = 0; i < rows.length; i++) {
    const entity = rows[i]!.entity;
    counts.set(entity, (counts.get(entity) ?? 0) + 1);
  }
  return ENTITIES.filter((e) => counts.has(e)).map((entity) => ({ entity, count: counts.get(entity) ?? 0 }));
}

export function countByStatus(
  rows: readonly SelectionRow[],
  voidInstead = false,
  connected = true,
): Partial<Record<StatusKey, number>> {
  const counts: Partial<Record<StatusKey, number>> = {};
  for (let i = 0; i < rows.length; i++) {
    const key: StatusKey = shownStatus(rows[i]!, voidInstead, connected);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * The page's company differs from the connected one: deleting would hit the wrong books. Each is
 * named as the person knows it: by its name when known, else "company <Id>".
 */
export function companyMismatch(state: PopupState | undefined): { page: string; connected: string } | undefined {
  const c = state?.connection;
  if (!c?.pageRealmId || !c.realmId || c.pageRealmId === c.realmId) return undefined;
  return {
    page: c.pageCompanyName ?? `company ${c.pageRealmId}`,
    connected: c.companyName ?? `company ${c.realmId}`,
  };
}

export function mismatchText(m: { page: string; connected: string }): string {
  return `This page shows ${m.page}, but Safe Delete is connected to ${m.connected}. Open ${m.connected} in QuickBooks, or change the connection.`;
}

export function isJobActive(state: PopupState | undefined): boolean {
  return !!state?.job && ACTIVE_JOB_STATES.has(state.job.state);
}

/** Why "Verify and delete selected" is disabled, in words; undefined when it may run. */
export function deleteBlocker(
  state: PopupState | undefined,
  deletable: number,
  now: number,
  voidInstead = false,
): string | undefined {
  if (!state) return 'Loading…';
  const c = state.connection;
  const mismatch = companyMismatch(state);
  if (isJobActive(state)) return 'A deletion is already in progress.';
  // The one step is connecting; a pasted token that ran out asks for a new one.
  if (!c.realmId) return 'Connect to QuickBooks first.';
  if (!c.hasToken) return c.method === 'pasted' ? 'Paste a new access token first.' : 'Connect to QuickBooks first.';
  if (c.tokenExpiresAt !== undefined && c.tokenExpiresAt <= now)
    return 'The access token expired. Change the connection and paste a new one.';
  if (mismatch) return mismatchText(mismatch);
  if (state.selection.length === 0) return 'Nothing is selected. Tick transactions in QuickBooks first.';
  if (state.preflight?.running) return 'Checking the selection…';
  // The rows on screen are from an older check: nothing is deleted until a fresh one succeeds.
  if (state.preflight?.error) return 'The last check failed: nothing can be deleted until a fresh check succeeds.';
  // A row ticked since the last check is checked on its own within a second; until then the click
  // would name a list about to change (and be refused for it), so it waits.
  if (state.selection.some((r) => r.status === undefined)) return 'Checking the selection…';
  if (deletable === 0) return `No selected transaction is ready to ${(voidInstead ? VOID : DELETE).words.verb}.`;
  return undefined;
}

export interface ConnectionInput {
  realmId: string;
  token: string;
  remember: boolean;
}

/** Tidies pasted values (spaces, a "Bearer " prefix) and says what is wrong, per field. */
export function checkConnectionInput(input: ConnectionInput): {
  value: ConnectionInput;
  errors: { realmId?: string; token?: string };
} {
  const realmId = input.realmId.replace(/\s+/g, '');
  const token = input.token.trim().replace(/^Bearer\s+/i, '');
  const errors: { realmId?: string; token?: string } = {};
  if (!isRealmId(realmId)) errors.realmId = 'The Company ID is a number, e.g. 9130357766412345.';
  if (token.length < 20) errors.token = 'Paste the whole access token (it is several hundred characters long).';
  return { value: { realmId, token, remember: input.remember }, errors };
}
