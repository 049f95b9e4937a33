/**
 * The two extension APIs the runner persists through, narrowed to what it calls, so a test passes
 * `fakeBrowser.storage.local` / `fakeBrowser.alarms` and the background passes `browser.*`.
 */
export interface StorageArea {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface AlarmsArea {
  create(name: string, alarmInfo: { when: number }): void | Promise<void>;
  clear(name: string): Promise<boolean>;
}

export interface AlarmLike {
  name: string;
  scheduledTime?: number;
}
