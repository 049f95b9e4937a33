/**
 * The stamp a view carries of the selection it shows: each selected key with its
 * status and reviewed SyncToken, so a click is refused when any of them moved since the view.
 */
import { stampOf } from '../domain/scope';
import type { StoredPreflight } from '../preflight/preflight-store';
import type { SelectedItem } from '../selection/store';

/** The stamp of a company's selection as checked: each key with its status and reviewed SyncToken. */
export function selectionStamp(
  selection: Record<string, SelectedItem>,
  preflight: StoredPreflight | undefined,
): string {
  const parts = Object.keys(selection)
    .sort()
    .map((key) => {
      const row = preflight?.rows[key];
      return `${key}|${row?.status ?? '-'}|${row?.reviewed?.id ?? ''}|${row?.reviewed?.syncToken ?? ''}`;
    });
  return stampOf([preflight?.error ? 'error' : 'ok', ...parts]);
}
