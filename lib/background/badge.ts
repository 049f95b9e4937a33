/** The toolbar badge: the selection count, then the job's progress. */
export interface BadgeApi {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
}

export function badgeText(input: { selected: number; job?: { done: number; total: number; active: boolean } }): string {
  if (input.job?.active && input.job.total > 0) return `${Math.floor((input.job.done / input.job.total) * 100)}%`;
  if (input.selected <= 0) return '';
  return input.selected > 999 ? '999+' : String(input.selected);
}

export async function showBadge(api: BadgeApi, text: string, busy: boolean): Promise<void> {
  await api.setBadgeBackgroundColor({ color: busy ? '#1a73e8' : '#2e7d32' });
  await api.setBadgeText({ text });
}
